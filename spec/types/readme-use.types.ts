// The README's "Use" example, as written there: it must type-check (issue 19: `v.assert(data)`
// failed with TS2775 on a variable without a declared type).
import { compile, type Validator } from "../../src/index.js";

declare const data: unknown;

const v = compile({
  type: "object",
  properties: { name: { type: "string", minLength: 1 }, age: { type: "integer", minimum: 0 } },
  required: ["name"],
  additionalProperties: false,
});

v.isValid({ name: "Ada" });
v.validate({ name: "", age: -1 });
const person: Validator<{ name: string; age?: number }> = v;
person.assert(data);
export const name: string = data.name;
