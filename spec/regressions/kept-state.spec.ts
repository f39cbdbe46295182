// A validator keeps an evaluation state between isValid calls (src/validator.ts `idle`), and
// validate()'s error pass one between invalid instances (`spareErrors`, renewed by
// src/engine/state.ts renewState); nothing one call set may reach the next, whatever options,
// aborts or re-entrant calls came between them, and the kept states hold none of the caller's
// data once a call returns (the boolean one once held the last object it found plain until the
// next call).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { compile } from "../../src/index.js";
import { newState, renewState } from "../../src/engine/state.js";
import type { EvalState } from "../../src/engine/types.js";

const schema = { properties: { a: { type: "string", minLength: 3 }, b: { maximum: 1 } }, required: ["c", "d"], additionalProperties: false };
const data = { a: "x", b: 5, e: 1 };
const fresh = (options?: object) => compile(schema, { cache: false }).validate(data, options);

test("renewState makes a used state what newState makes: every field", () => {
  const used = newState([], true, 5, 10, true) as unknown as Record<string, unknown>;
  // Every field written, as no pass would leave it (a field newState gains and renewState misses stays junk).
  for (const name of Object.keys(used)) used[name] = Array.isArray(used[name]) ? ["junk"] : { junk: name };
  const errors = [] as EvalState["errors"] & object;
  const renewed = renewState(used as unknown as EvalState, errors, false, 3, 7, false) as unknown as Record<string, unknown>;
  const made = newState(errors, false, 3, 7, false) as unknown as Record<string, unknown>;
  assert.equal(Object.keys(renewed).sort(), Object.keys(made).sort());
  // `values` keeps its slots (a pass that returned leaves them ABSENT); the others are as new.
  for (const name of Object.keys(made)) if (name !== "values") assert.equal(renewed[name], made[name], name);
  assert.is(renewed.errors, errors);
});

test("each call's units and truncation follow its own options, in any order", () => {
  const v = compile(schema, { cache: false });
  // What each call must give, read from its result too: a fresh validator shares the kept states.
  const calls: [object | undefined, (errors: number, truncated: boolean, text: string) => boolean][] = [
    [undefined, (n, cut, text) => n === 5 && !cut && text.includes("but is 5")],
    [{ allErrors: false }, (n, cut) => n === 1 && !cut],
    [{ maxErrors: 2 }, (n, cut) => n === 2 && cut],
    [{ redact: true }, (n, cut, text) => n === 5 && !cut && !text.includes("but is 5")],
    [{ maxErrors: 1, allErrors: false }, (n) => n === 1],
    [{ maxErrors: 0 }, (n, cut) => n === 0 && cut],
  ];
  // Three rounds: past the explainer's first invalid instances (limits.ts EXPLAINED_INVALID) to the closures.
  for (let round = 0; round < 3; round++) {
    for (const [options, holds] of calls) {
      const result = v.validate(data, options);
      assert.equal(result, fresh(options), JSON.stringify(options));
      assert.ok(!result.valid && holds(result.errors.length, result.truncated === true, JSON.stringify(result)), `${JSON.stringify(options)}: ${JSON.stringify(result)}`);
    }
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

test("an error pass that threw leaves nothing behind for the next", () => {
  const v = compile(schema, { cache: false });
  const all = JSON.stringify(fresh());
  let reads = 0;
  // The boolean pass reads `a` once and fails on it; the error pass reads it again, and it throws.
  const throwing = { get a(): string {
    if (++reads >= 2) throw new Error("getter");
    return "x";
  } };
  const aborted = compile({ properties: { a: { minLength: 3 } } }, { cache: false }).validate(throwing);
  assert.ok(!aborted.valid && aborted.errors.some((e) => e.keyword === "$data"), JSON.stringify(aborted));
  assert.is(reads, 2);
  assert.is(JSON.stringify(v.validate(data)), all);
  assert.is(JSON.stringify(v.validate(data, { allErrors: false })), JSON.stringify({ valid: false, errors: [JSON.parse(all).errors[0]] }));
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

test("an explanation that throws, and the explainer's questions, leave no data behind (red-team probe)", async () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  // `type` words its message with the value's Symbol.toStringTag, and this getter throws: the
  // unit's explanation ended without putting back report.ts's key listing, which every later
  // explanation then restored, its key map holding the data for good.
  class Throwing {
    get [Symbol.toStringTag](): string {
      throw new Error("tag");
    }
  }
  const open = compile({ type: "object", additionalProperties: { type: "string" } }, { cache: false });
  // Recursion by value: the explainer asks the plans about `a`, and its kept asking state copied the depth's data.
  const recursive = compile({ type: "object", properties: { n: { type: "integer" }, a: { $ref: "#/$defs/y" }, s: { type: "string" } }, $defs: { y: { allOf: [{ $ref: "#" }] } } }, { cache: false });
  const other = compile({ properties: { a: { type: "integer" } } }, { cache: false });
  for (let i = 0; i < 20; i++) other.validate({ a: "x" }); // past its explainer's turn: its errors ask the explainer nothing
  const validateFresh = (): WeakRef<object>[] => {
    const wide: Record<string, unknown> = {};
    for (let i = 0; i < 200; i++) wide[`k${i}`] = `s${i}`; // listed once per pass (once-per-pass.ts)
    wide["w"] = new Throwing();
    const nested = { a: { n: "bad", s: "ok" } };
    assert.is(open.validate(wide).valid, false);
    assert.is(recursive.validate(nested).valid, false);
    return [new WeakRef(wide), new WeakRef(nested.a)];
  };
  const refs = validateFresh();
  for (let i = 0; i < 20; i++) assert.is(other.validate({ a: "x" }).valid, false);
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  assert.equal(refs.map((r) => r.deref() === undefined), [true, true]);
});

test.run();
