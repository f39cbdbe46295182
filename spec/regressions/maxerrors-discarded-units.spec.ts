// Regression (found by a maxErrors property over generated schemas, SG-2): the output cap counts
// the units of subschemas whose errors are then discarded — the failing branches of an `anyOf`
// that passes, and the like — so a result can be cut that was never long, lose the errors that do
// belong in it (even all of them: `valid: false` with `errors: []`), and say `truncated: true`.
// The option is documented as "the most output units recorded; past it the result has
// truncated: true": an invalid result keeps min(maxErrors, n) of its n errors and is marked
// truncated exactly when n > maxErrors.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

test("default options: 1,500 discarded anyOf units do not push out the one real error", () => {
  const v = compile({ allOf: [{ anyOf: [{ items: { type: "string" } }, true] }, { maxItems: 10 }] }, { cache: false });
  const result = v.validate(Array.from({ length: 1500 }, (_, i) => i));
  assert.is(result.valid, false);
  if (result.valid) return;
  assert.is(result.errors.length, 1, JSON.stringify(result).slice(0, 300));
  assert.is(result.errors[0]!.keywordLocation, "/allOf/1/maxItems");
  assert.is(result.truncated, undefined, "nothing was cut");
});

test("maxErrors 1 and 2: the error of `false` survives the two discarded anyOf branches", () => {
  const v = compile({ allOf: [{ anyOf: [false, false, { type: "boolean" }] }, false] }, { cache: false });
  for (const maxErrors of [1, 2, 3]) {
    const result = v.validate(true, { maxErrors });
    assert.is(result.valid, false);
    if (result.valid) return;
    assert.equal(
      result.errors.map((e) => e.keywordLocation),
      ["/allOf/1"],
      `maxErrors ${maxErrors}`,
    );
    assert.is(result.truncated, undefined, `maxErrors ${maxErrors}: nothing was cut`);
  }
});

test("a real cut still says so: 3 errors under maxErrors 2", () => {
  const v = compile({ items: { type: "string" } }, { cache: false });
  const result = v.validate([1, 2, 3], { maxErrors: 2 });
  assert.is(result.valid, false);
  if (result.valid) return;
  assert.is(result.errors.length, 2);
  assert.is(result.truncated, true);
});

test.run();
