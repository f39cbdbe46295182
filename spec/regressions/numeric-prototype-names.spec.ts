// Regression: a numeric name on Object.prototype (Object.prototype["1"] = "x", as a merge-style
// pollution elsewhere in the process sets it) is inherited by every array's holes. The compiler
// kept its nodes in an array read with `??=`, so compile() threw a TypeError ("nodes.get is not a
// function") and a clean validator's error and output variants, compiled later, returned a
// `"$data"` unit; the tables of index texts and declared names' segments read holes too. Each is
// now a Map or an array filled in order. This plants numeric names during compile and validation
// and holds every result to the one without them.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

const SCHEMAS: [schema: unknown, data: unknown[]][] = [
  [{ anyOf: [{ type: "string" }, { type: "number", minimum: 3 }] }, [1, "a", true]],
  [{ properties: { a: { anyOf: [{ type: "string" }, { type: "integer" }] } }, unevaluatedProperties: false }, [{ a: true, b: 1 }, { a: 1 }]],
  [
    { type: "object", properties: { p0: { type: "string" }, p1: { type: "string" }, p2: { type: "string" }, p3: { type: "string" }, p4: { type: "string" }, p5: { type: "string" } }, additionalProperties: false },
    [{ p0: 1, p3: 2, p5: 3, x: 4 }, { p1: "a" }],
  ],
  // Indices past those other specs met in this process, whose texts are made on first use.
  [{ type: "array", items: { type: "integer" } }, [[...Array.from({ length: 700 }, (_, i) => i), "a", "b", 1.5]]],
  [{ prefixItems: [{ type: "string" }, { type: "string" }], items: false }, [[1, 2, 3], ["a"]]],
];
const OUTPUTS = [undefined, { allErrors: false }, { output: "basic" }, { output: "detailed" }, { output: "verbose" }] as const;

function results(): string {
  const out: unknown[] = [];
  for (const [schema, data] of SCHEMAS) {
    const v = compile(schema, { cache: false });
    // The explainer serves the first invalid instances, the closures those after them.
    for (let round = 0; round < 20; round++) for (const x of data) for (const options of OUTPUTS) out.push(v.isValid(x), v.validate(x, options as never));
  }
  return JSON.stringify(out);
}

function pollutedResults(value: unknown, enumerable: boolean): string {
  const planted = Array.from({ length: 8 }, (_, i) => String(i)).concat(["700", "701", "702"]);
  for (const name of planted) Object.defineProperty(Object.prototype, name, { value, enumerable, configurable: true, writable: true });
  try {
    return results();
  } catch (error) {
    return `threw ${String(error)}`;
  } finally {
    for (const name of planted) delete (Object.prototype as Record<string, unknown>)[name];
  }
}

test("numeric names on Object.prototype change no compile and no result", () => {
  // The first polluted run comes before the clean one: the tables of index texts are filled on first use.
  const first = pollutedResults("x", false);
  const clean = results();
  assert.is(first, clean, `Object.prototype[0…7, 700…702] = "x" (hidden), first`);
  for (const enumerable of [false, true]) {
    for (const value of ["x", 1, {}]) {
      assert.is(pollutedResults(value, enumerable), clean, `Object.prototype[0…7, 700…702] = ${JSON.stringify(value)} (${enumerable ? "enumerable" : "hidden"})`);
    }
  }
});

test.run();
