// validate() keeps its error-collecting state between calls (as isValid keeps its boolean one):
// nothing one call set may reach the next, whatever options, aborts or re-entrant calls came
// between them.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

const schema = { properties: { a: { type: "string", minLength: 3 }, b: { maximum: 1 } }, required: ["c", "d"], additionalProperties: false };
const data = { a: "x", b: 5, e: 1 };
const fresh = (options?: object) => compile(schema, { cache: false }).validate(data, options);

test("each call's units and truncation follow its own options, in any order", () => {
  const v = compile(schema, { cache: false });
  const calls = [undefined, { allErrors: false }, { maxErrors: 2 }, { redact: true }, { maxErrors: 1, allErrors: false }, undefined];
  for (let round = 0; round < 2; round++) {
    for (const options of calls) assert.equal(v.validate(data, options), fresh(options), JSON.stringify(options));
  }
});

test("a call that ended in an abort leaves nothing behind for the next", () => {
  const deep = compile({ items: { $ref: "#" }, minItems: 2 }, { cache: false, maxDataDepth: 50 });
  let nested: unknown[] = [];
  for (let i = 0; i < 1000; i++) nested = [nested];
  const aborted = deep.validate(nested, { maxErrors: 3 });
  assert.is(aborted.valid, false);
  const v = compile(schema, { cache: false });
  assert.equal(v.validate(data), fresh());
  assert.equal(deep.validate([[1, 2], [3, 4]]), { valid: true });
  assert.equal(deep.validate([[1]]), compile({ items: { $ref: "#" }, minItems: 2 }, { cache: false, maxDataDepth: 50 }).validate([[1]]));
});

test("a validate() inside a format checker (re-entrant) and the outer call each get their own units", () => {
  const inner = compile(schema, { cache: false });
  let seen: unknown;
  const outer = compile({ type: "string", format: "probe", minLength: 5 }, { cache: false, formats: { probe: () => ((seen = inner.validate(data)), false) } });
  const result = outer.validate("abc");
  assert.equal(seen, fresh());
  assert.is(result.valid, false);
  if (result.valid) return;
  assert.equal(result.errors.map((e) => e.keyword), ["minLength", "format"]);
});

test.run();
