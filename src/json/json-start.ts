// The start of a value's JSON text, for a message that shows its first characters: written until
// there is enough, never the whole of a large value. JSON.stringify of a 6.5 MB instance, for each
// of the 300 units that showed it, was most of an error pass.
import { quote } from "./quote.js";
import { isJsonObject } from "./type-of.js";

/** Thrown out of the writer once `room` characters are written (unwinds a deep value at once). */
const ENOUGH: object = Object.freeze({ enough: true });
/** Thrown at a value JSON.stringify reads differently from JSON (a class instance, toJSON): it is asked instead. */
const ASK_STRINGIFY: object = Object.freeze({ ask: true });

/**
 * JSON.stringify(value), or, when that is longer than `room` characters, its first `room`
 * characters, written without the rest. Throws where JSON.stringify throws (a cycle, a BigInt
 * inside a value) and gives undefined where it does. `keys` lists an object's own keys, as
 * Object.keys does (a validation pass passes the list it keeps of an object of many keys).
 */
export function jsonStart(value: unknown, room: number, keys: (object: object) => readonly string[] = Object.keys): string | undefined {
  const writer = new Writer(room, keys);
  try {
    return writer.value(value) ? writer.out : undefined;
  } catch (thrown) {
    // Past the room, a string or key was written from its start only, closed early: cut there.
    if (thrown === ENOUGH) return writer.out.slice(0, room);
    if (thrown === ASK_STRINGIFY) return JSON.stringify(value);
    throw thrown;
  }
}

class Writer {
  out = "";
  readonly #open: object[] = [];

  constructor(
    readonly room: number,
    readonly keys: (object: object) => readonly string[],
  ) {}

  #put(text: string): void {
    this.out += text;
    if (this.out.length > this.room) throw ENOUGH;
  }

  /** Writes `value` as JSON.stringify would; false (nothing written) for what it leaves out: undefined, functions, symbols. */
  value(value: unknown): boolean {
    switch (typeof value) {
      case "string":
        // Its start only: a string longer than the room shows no more than that.
        this.#put(quote(value.length > this.room ? value.slice(0, this.room) : value));
        return true;
      case "number":
        this.#put(Number.isFinite(value) ? String(value) : "null");
        return true;
      case "boolean":
        this.#put(value ? "true" : "false");
        return true;
      case "object":
        if (value === null) this.#put("null");
        else this.#container(value);
        return true;
      case "bigint":
        return JSON.stringify(value) !== undefined; // throws as JSON.stringify does
      default:
        return false;
    }
  }

  #container(value: object): void {
    const array = Array.isArray(value);
    if (!array && (!isJsonObject(value) || typeof (value as { toJSON?: unknown }).toJSON === "function")) throw ASK_STRINGIFY;
    if (this.#open.includes(value)) return void JSON.stringify(value); // a cycle: throws as JSON.stringify does
    this.#open.push(value);
    if (array) {
      const items = value as readonly unknown[];
      this.#put("[");
      for (let i = 0; i < items.length; i++) {
        if (i > 0) this.#put(",");
        if (!this.value(items[i])) this.#put("null");
      }
      this.#put("]");
    } else {
      const object = value as Record<string, unknown>;
      this.#put("{");
      let first = true;
      for (const key of this.keys(object)) {
        const member = object[key];
        if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
        this.#put((first ? "" : ",") + quote(key.length > this.room ? key.slice(0, this.room) : key) + ":");
        first = false;
        this.value(member);
      }
      this.#put("}");
    }
    this.#open.pop();
  }
}
