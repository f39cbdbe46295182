// validate()'s error pass keeps its evaluation state for the next call (src/engine/state.ts
// renewState): nothing of one pass (its options, its output, the data it read) may reach another.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileExplaining } from "../src/compile.js";
import { newState, renewState } from "../src/engine/state.js";
import type { EvalState } from "../src/engine/types.js";
import type { Validator } from "../src/index.js";

test("renewState makes a used state what newState makes: every field", () => {
  const used = newState([], true, 5, 10, true) as unknown as Record<string, unknown>;
  // Every field written, as no pass would leave it (a field newState gains and renewState misses stays junk).
  for (const name of Object.keys(used)) used[name] = Array.isArray(used[name]) ? ["junk"] : { junk: name };
  const errors = [] as EvalState["errors"] & object;
  const renewed = renewState(used as unknown as EvalState, errors, false, 3, 7, false) as unknown as Record<string, unknown>;
  const fresh = newState(errors, false, 3, 7, false) as unknown as Record<string, unknown>;
  assert.equal(Object.keys(renewed).sort(), Object.keys(fresh).sort());
  for (const name of Object.keys(fresh)) {
    // `values` keeps its slots (a returned pass leaves them ABSENT); the others are as new.
    if (name === "values") continue;
    assert.equal(renewed[name], fresh[name], name);
  }
  assert.is(renewed.errors, errors);
});

const schema = {
  type: "object",
  properties: { name: { type: "string", minLength: 3 }, tags: { type: "array", items: { type: "string", format: "tag" } } },
  required: ["name", "id"],
};
const data = { name: "ab", tags: ["ok", "secret-password-123", 4] };

/** A validator whose errors come from the closures (each kind of error pass keeps the state). */
const closures = (formats: Record<string, (value: string) => boolean> = {}): Validator =>
  compileExplaining(schema, { cache: false, formats: { tag: (s: string) => s.length < 10, ...formats } }, 0);

test("each validate() call has its own options: nothing of the call before it carries over", () => {
  const v = closures();
  const all = JSON.stringify(v.validate(data));
  assert.is(JSON.parse(all).errors.length, 4);
  assert.ok(all.includes("secret-password-123"));
  // What each call must give, read from the result itself (another validator would share the kept state).
  const calls: [object, (result: { errors: unknown[]; truncated?: true }, text: string) => boolean][] = [
    [{ allErrors: false }, (r) => r.errors.length === 1 && r.truncated === undefined],
    [{ redact: true }, (r, text) => r.errors.length === 4 && !text.includes("secret-password-123")],
    [{ maxErrors: 1 }, (r) => r.errors.length === 1 && r.truncated === true],
    [{ maxErrors: 0 }, (r) => r.errors.length === 0 && r.truncated === true],
    [{ allErrors: false, redact: true }, (r) => r.errors.length === 1],
  ];
  for (let round = 0; round < 3; round++) {
    for (const [options, holds] of calls) {
      const result = v.validate(data, options);
      assert.ok(!result.valid && holds(result, JSON.stringify(result)), `${JSON.stringify(options)}: ${JSON.stringify(result)}`);
      assert.is(JSON.stringify(v.validate(data)), all, `after ${JSON.stringify(options)}`);
    }
  }
});

test("a pass that threw, and a validate() inside another's error pass, leave the next calls whole", () => {
  const v = closures();
  const all = JSON.stringify(v.validate(data));
  let calls = 0;
  // The boolean pass reads `name` once and fails on it; the error pass reads it again, and it throws.
  const throwing = { id: 1, get name(): string {
    if (++calls >= 2) throw new Error("getter");
    return "ab";
  } };
  const aborted = v.validate(throwing);
  assert.ok(!aborted.valid && aborted.errors.some((e) => e.keyword === "$data"), JSON.stringify(aborted));
  assert.is(JSON.stringify(v.validate(data)), all);
  // A format checker that validates with another validator while this one's error pass runs.
  const inner = closures();
  let nested = "";
  const outer = closures({ tag: (s: string) => ((nested ||= JSON.stringify(inner.validate(data))), s.length < 10) });
  assert.is(JSON.stringify(outer.validate(data)), all);
  assert.is(nested, all);
  assert.is(JSON.stringify(v.validate(data)), all);
});

test.run();
