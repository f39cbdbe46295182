// A validator keeps an evaluation state between isValid calls (src/validator.ts `idle`); nothing
// one call set may reach the next, whatever options, aborts or re-entrant calls came between
// them, and the kept state holds none of the caller's data once a call returns (it once held the
// last object it found plain until the next call).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
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

test("the kept states hold none of the caller's data once a call returns (isValid and validate)", async () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const v = compile({ type: "object", properties: { a: { type: "object", properties: { b: { type: "string" } } } } }, { cache: false });
  // Loops that fail leave validate()'s witness (engine/witness.ts) the containers they ran over.
  const w = compile({ items: { type: "object", additionalProperties: { type: "string" } } }, { cache: false });
  // The data is made and validated in a function of its own, so no frame of this test holds it.
  const validateFresh = (): WeakRef<object>[] => {
    const valid = { a: { b: "x" } };
    const invalid = { a: { b: 1 } };
    const items = [{ k: "x" }, { k: 1 }];
    assert.is(v.isValid(valid), true);
    assert.is(v.validate(invalid).valid, false);
    assert.is(w.validate(items).valid, false);
    return [new WeakRef(valid), new WeakRef(valid.a), new WeakRef(invalid), new WeakRef(invalid.a), new WeakRef(items), new WeakRef(items[1]!)];
  };
  const refs = validateFresh();
  await new Promise((resolve) => setTimeout(resolve, 0)); // WeakRef targets stay alive to the end of the job
  gc();
  assert.equal(refs.map((r) => r.deref() === undefined), [true, true, true, true, true, true]);
});

test.run();
