// Regression: when the output formats' annotating pass runs out of stack (a long chain of
// in-place `$ref`s), they give validate()'s errors instead, and those were rendered without the
// `$ref`s crossed above each unit: a node's absoluteKeywordLocation was then cut from the unit's
// own, so the node at `…/$ref` was said to be at the reference's target (`#/$defs/d2000`), not at
// the `$ref` keyword (`#/$defs/d1999/$ref`). The error pass records the crossings too now. Which
// lengths fall back depends on the stack, so several are tried: every one must be right. Where
// the fallback runs out of stack too (how deep it gets varies with what V8 has optimized by then:
// 3,000 did in some runs of the whole suite), the format is validate()'s one "$depth" unit.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

test("a node above a unit reached through thousands of $refs is at the last $ref keyword, fallback or not", () => {
  for (const length of [100, 2000, 3000, 5000]) {
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < length; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    $defs[`d${length}`] = { minimum: 5, multipleOf: 2 };
    const v = compile({ $ref: "#/$defs/d0", $defs }, { cache: false });
    for (const output of ["detailed", "verbose"] as const) {
      const node = v.validate(1, { output });
      if (node.keyword === "$depth" && length > 100) {
        assert.equal([node.keywordLocation, node.instanceLocation, node.errors], ["", "", undefined], `${length} ${output}: out of stack`);
        continue;
      }
      // detailed: the root collapses to the node with both units; verbose: the root's chain leads to it.
      let at = node;
      while (at.errors?.length === 1) at = at.errors[0]!;
      assert.is(at.keywordLocation, "/$ref".repeat(length + 1), `${length} ${output}`);
      assert.is(at.absoluteKeywordLocation, `#/$defs/d${length - 1}/$ref`, `${length} ${output}`);
      assert.equal(at.errors?.map((unit) => unit.absoluteKeywordLocation), [`#/$defs/d${length}/minimum`, `#/$defs/d${length}/multipleOf`], `${length} ${output}`);
    }
  }
});

test.run();
