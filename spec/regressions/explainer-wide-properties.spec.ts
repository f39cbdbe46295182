// Regression (hostile schemas): the explainer, which serves a validator's first invalid
// instances, listed a `properties` map's names and built a Map of them on every call. Against
// 9,000 declared names each call took about 2.5 ms however small the instance: the schema's
// width, paid again on each of those calls. Wide maps now keep their names and index.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileExplaining } from "../../src/compile.js";
import { usedExplainer } from "../../src/validator.js";
import { fastest } from "../helpers/timing.js";

/** An object schema of `width` string properties, p0 required, perhaps closed. */
function wide(width: number, closed: boolean): unknown {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < width; i++) properties[`p${i}`] = { type: "string" };
  return { type: "object", properties, required: ["p0"], ...(closed ? { additionalProperties: false } : {}) };
}

for (const closed of [false, true]) {
  test(`64 times the declared names cost about the same time per explained call${closed ? " (with additionalProperties: false)" : ""}`, () => {
    // Explained on every call (the explainer's turn never ends): the calls measured are its.
    const [narrow, broad] = [compileExplaining(wide(140, closed), { cache: false }, Infinity), compileExplaining(wide(8_960, closed), { cache: false }, Infinity)];
    const instance = { p1: 3, p7: "x", p120: null };
    const expected = ["/required", "/properties/p1/type", "/properties/p120/type"];
    for (const v of [narrow, broad]) {
      for (let call = 0; call < 3; call++) {
        const result = v.validate(instance);
        assert.is(result.valid, false);
        if (!result.valid) assert.equal(result.errors.map((e) => e.keywordLocation), expected);
      }
      assert.ok(usedExplainer(v));
    }
    const calls = (v: typeof narrow) => () => {
      for (let i = 0; i < 50; i++) v.validate(instance);
    };
    // Before: the names' count, about 64x. Now about 1x.
    const ratio = fastest(calls(broad)) / fastest(calls(narrow));
    assert.ok(ratio < 8, `64x the names cost ${ratio.toFixed(1)}x the time`);
  });
}

test.run();
