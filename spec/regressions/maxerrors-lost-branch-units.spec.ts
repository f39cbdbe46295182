// Regressions (found by the maxErrors property of spec/properties.spec.ts): `truncated` must say
// exactly whether the list was cut. Two ways it said so wrongly, with one error under maxErrors 1:
// - units kept aside by a oneOf branch and lost when the error pass ran out of stack ($depth;
//   first found with an in-place `$ref: "#"`, now refused at compile time: here deep data);
// - a known failure not followed again because the output was full, inside an anyOf that drops it
//   (first found with an in-place `$ref` back to the root, a cycle now refused at compile time; here
//   the reference goes down through items).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

/** Arrays nested `levels` deep: each level has one item, so `maxItems: 0` fails at every level. */
function deepArrays(levels: number): unknown[] {
  let deep: unknown[] = [];
  for (let i = 0; i < levels; i++) deep = [deep];
  return deep;
}

const cases: [name: string, schema: unknown, data: unknown][] = [
  ["units of a oneOf branch lost in a $depth abort", { oneOf: [{ items: { $ref: "#" } }], maxItems: 0 }, deepArrays(100_000)],
  [
    "a known failure skipped inside an anyOf that drops it",
    JSON.parse(
      '{"$id":"https://schemagate.test/doc/root","$dynamicRef":"#dyn","$defs":{"d1":{"anyOf":[{"items":{"$ref":"#"}},false],"unevaluatedProperties":false,"contains":false,"$dynamicAnchor":"dyn"},"e0":{"$id":"e0","$defs":{"d1":{"not":{},"$dynamicAnchor":"dyn"}}}}}',
    ),
    deepArrays(6),
  ],
];

for (const [name, schema, data] of cases) {
  test(`${name}: truncated only when errors were cut`, () => {
    const v = compile(schema, { cache: false });
    const full = v.validate(data, { maxErrors: Number.MAX_SAFE_INTEGER });
    const capped = v.validate(data, { maxErrors: 1 });
    assert.is(full.valid, false);
    assert.is(capped.valid, false);
    if (full.valid || capped.valid) return;
    const kept = (r: typeof full) => r.errors.filter((e) => e.keyword !== "$depth");
    const n = kept(full).length;
    assert.is(kept(capped).length, Math.min(1, n));
    assert.is(capped.truncated === true, n > 1, `${n} errors in all, truncated: ${capped.truncated}`);
  });
}

test.run();
