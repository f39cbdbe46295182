// Regression (found listing the process-wide caches for issue 18): the walk keeps the `"key":`
// text of up to 4,096 keys for good, whatever their length, so 4,096 schemas each with one
// megabyte-long property name (each within bounds.maxSize) kept about 4 GB alive after every
// validator was gone. Only short keys (keyword and property names) are kept now.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { keptKeyTexts } from "../../src/gate/walk-text.js";

test("long keys are not kept between compiles; short ones still are", () => {
  for (let i = 0; i < 50; i++) compile({ properties: { [`${i}`.padEnd(100_000, "k")]: { type: "string" } } }, { cache: false });
  const kept = keptKeyTexts();
  assert.ok(kept.longest <= 64, `a key of ${kept.longest} characters is kept`);
  compile({ properties: { "short-and-unique-name-7f3a": { type: "string" } } }, { cache: false });
  assert.ok(keptKeyTexts().count > 0);
});

test.run();
