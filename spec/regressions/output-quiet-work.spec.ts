// Regression: the output formats' annotating pass asks anyOf's branches quietly before it runs
// them for their errors, and those questions counted against the pass's work budget (ERROR_WORK,
// which bounds following known failures again for their units) and followed known failures again
// themselves. Past the memo, a chain of anyOfs that each refer twice to the next used the budget
// up on questions: `basic` gave two generic anyOf units where validate() gives the leaf `type`
// errors first (README: an invalid instance gives the errors validate(data) gives).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

const units = (errors: readonly { keywordLocation: string; instanceLocation: string; error?: string }[]) => errors.map((e) => `${e.keywordLocation} ${e.instanceLocation} ${e.error}`);

test("every format lists validate()'s errors below a branching $ref chain past the memo", () => {
  for (const levels of [10, 12]) {
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < levels; i++) $defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
    $defs[`d${levels}`] = { type: "integer" };
    const v = compile({ $ref: "#/$defs/d0", $defs }, { cache: false });
    for (const maxErrors of [10, Infinity]) {
      const result = v.validate("x", { maxErrors });
      assert.ok(!result.valid);
      assert.is(result.errors[0]!.keyword, "type");
      const basic = v.validate("x", { output: "basic", maxErrors });
      assert.equal(units(basic.errors!), units(result.errors), `${levels} levels, maxErrors ${maxErrors}`);
      assert.is(basic.truncated, result.truncated, `${levels} levels, maxErrors ${maxErrors}`);
    }
  }
});

test("a quiet question's units leave the pass's work budget as they found it", () => {
  // 3,000 equal items: each anyOf asks both branches (two units counted, then dropped) and then
  // runs them for their three units; past the memo the `$ref` branch is a known failure on "s",
  // followed again while the work budget lasts. The questions used it up two thirds of the way.
  const v = compile({ items: { anyOf: [{ type: "integer" }, { $ref: "#/$defs/n" }] }, $defs: { n: { type: "null" } } }, { cache: false });
  const data = new Array(3000).fill("s");
  const result = v.validate(data, { maxErrors: Infinity });
  const basic = v.validate(data, { output: "basic", maxErrors: Infinity });
  assert.ok(!result.valid);
  assert.is(result.errors.length, 9000);
  assert.equal(units(basic.errors!), units(result.errors));
  assert.is(basic.truncated, undefined);
});

test.run();
