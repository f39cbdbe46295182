// Regression (issue 17, "dynamic scope defeats the memo"): when a document has a dynamic
// reference, remembered results were keyed by the whole dynamic scope; per-level embedded
// resources with two ways down made every key new (20 levels: 11.8 s and 1.5 GB; three ways
// down: the process aborted out of memory). Results are now keyed by only what can change where
// a dynamic reference lands: the outermost resource in scope declaring each anchor name.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

const BASE = "https://example.com/";

/** Level i applies every way down; way j of level i is a resource of its own that refers to level i + 1. */
function levels(depth: number, ways: number, leaf: Record<string, unknown>): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) {
    defs[`L${i}`] = { $id: `L${i}`, allOf: Array.from({ length: ways }, (_, j) => ({ $ref: `W${i}-${j}` })) };
    for (let j = 0; j < ways; j++) defs[`W${i}-${j}`] = { $id: `W${i}-${j}`, $ref: `L${i + 1}` };
  }
  defs[`L${depth}`] = { $id: `L${depth}`, ...leaf };
  return { $id: `${BASE}root`, $defs: defs, $ref: "L0" };
}

// The anchor lives in the leaf and in another resource, never at the root, so the reference stays dynamic.
const leaf = { $dynamicAnchor: "node", type: "object", properties: { next: { $dynamicRef: "#node" } } };
const other = { $id: "other", $dynamicAnchor: "node", type: "string" };

for (const ways of [2, 3]) {
  test(`20 levels of embedded resources, ${ways} ways down each, with a dynamic reference at the bottom`, () => {
    const schema = levels(20, ways, leaf);
    (schema["$defs"] as Record<string, unknown>)["other"] = other;
    const v = compile(schema, { cache: false, refs: "document" });
    assert.is(v.isValid({ next: { next: {} } }), true);
    assert.is(v.isValid({ next: { next: 1 } }), false);
    assert.is(v.validate({ next: { next: 1 } }).valid, false);
    assert.is(v.validate({ next: {} }, { output: "basic" }).valid, true);
  });
}

test.run();
