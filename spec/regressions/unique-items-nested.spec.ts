// Regression: uniqueItems under a recursive schema cost depth × size. The search of an array of
// more than 12 items keyed each object or array item by its canonical text, which holds the whole
// subtree, so each level of `[child, 0, …, 11]` wrote and hashed everything below it again: 250
// levels over 100,000 integers (0.6 MB) took 3.4 s, 255 over 200,000 (1.3 MB) 10.9 s. A container
// is now keyed by a number its members' keys give (json/structures.ts), read once per pass.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { canonical } from "../../src/json/canonical.js";
import { Structures } from "../../src/json/structures.js";
import { check, runs } from "../helpers/arbitraries.js";
import { fastest } from "../helpers/timing.js";

const RECURSIVE = { $defs: { n: { type: ["array", "integer"], uniqueItems: true, items: { $ref: "#/$defs/n" } } }, $ref: "#/$defs/n" };
const TWELVE = Array.from({ length: 12 }, (_, i) => i);

/** `levels` arrays of [child, 0…11] around an array of `ints` distinct integers. */
function nested(levels: number, ints: number): unknown[] {
  let value: unknown[] = Array.from({ length: ints }, (_, i) => i);
  for (let level = 0; level < levels; level++) value = [value, ...TWELVE];
  return value;
}

test("keys: a container's key closes it (13 items: the keyed search)", () => {
  // A probe found `[[1],2]` and `[[1,2]]` keyed alike ("[[1,2"), and so duplicates.
  const rest = Array.from({ length: 11 }, (_, i) => i);
  const v = compile({ uniqueItems: true });
  for (const [a, b] of [[[[1], 2], [[1, 2]]], [{ a: { b: 1 }, c: 2 }, { a: { b: 1, c: 2 } }], [[[], 1], [[1]]], [[{}, 1], [{}, [1]]]]) {
    assert.ok(v.isValid([a, b, ...rest]), JSON.stringify([a, b]));
    assert.not.ok(v.isValid([a, structuredClone(a), ...rest]), JSON.stringify(a));
    const structures = new Structures();
    assert.is.not(structures.keyOf(a), structures.keyOf(b));
  }
});

test("keys: equal exactly when the canonical texts are (and none for what is not JSON)", () => {
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.constantFrom(0, -0, 1, 1.5, "a", "", true, false, null, Number.NaN, undefined), tie("array"), tie("object")),
    array: fc.array(tie("value"), { maxLength: 14 }),
    object: fc.dictionary(fc.constantFrom("a", "b", "c", "__proto__", "x,y"), tie("value"), { maxKeys: 4 }),
  })).value;
  check(
    fc.property(fc.array(json, { minLength: 2, maxLength: 6 }), (values) => {
      const structures = new Structures();
      const keys = values.map((value) => structures.keyOf(value));
      const texts = values.map((value) => canonical(value));
      for (let i = 0; i < values.length; i++) {
        assert.is(keys[i] === undefined, texts[i] === undefined, `${String(texts[i])}`);
        for (let j = 0; j < i; j++) if (texts[i] !== undefined && texts[j] !== undefined) assert.is(keys[i] === keys[j], texts[i] === texts[j], `${texts[i]} / ${texts[j]}`);
      }
    }),
    runs(300),
  );
});

test("under a recursive schema, 8x the depth and the data costs about 8x the time, not 64x", () => {
  const v = compile(RECURSIVE);
  const small = nested(32, 25_000);
  const large = nested(255, 200_000);
  // A duplicate at the bottom is found at every level's search, and reported once per array that holds it.
  assert.ok(v.isValid(small) && v.isValid(large));
  const withDuplicate = nested(40, 100);
  let bottom = withDuplicate as unknown[];
  while (Array.isArray(bottom[0])) bottom = bottom[0] as unknown[];
  bottom.push(5);
  assert.not.ok(v.isValid(withDuplicate));
  const result = v.validate(withDuplicate);
  assert.is(result.valid ? 0 : result.errors.filter((unit) => unit.keyword === "uniqueItems").length, 1);
  const ratio = fastest(() => v.isValid(large)) / fastest(() => v.isValid(small));
  // Linear is 8.3x (with a Map's growth above it); the old code took 100x and more.
  assert.ok(ratio < 40, `8x the data took ${ratio.toFixed(1)}x the time`);
});

test.run();
