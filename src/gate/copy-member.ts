// A member of the walk's private copy (walk.ts), set as JSON.parse sets it: by definition, which
// runs no setter. An own "__proto__" key is a property, not the prototype; and while
// Object.prototype or Array.prototype holds names of its own (`safe`), an assignment would run a
// setter found there, or throw at a read-only one. Otherwise an assignment, the faster.
import { dataDescriptor } from "../json/own-fields.js";

export function copyMember(copy: Record<string, unknown> | unknown[], key: string | number, item: unknown, safe: boolean): void {
  if (safe || key === "__proto__") Object.defineProperty(copy, key, dataDescriptor(item));
  else (copy as Record<string | number, unknown>)[key] = item;
}
