// Regression (hostile schemas): V8's parser keeps a character class's members sorted, inserting
// each that comes in below an earlier one. One class of 44,500 distinct code points written
// backwards beside \p{Lu} (61 KB) took 5.3 s to compile (V8 reads a pattern up to four times),
// and the same class followed by a syntax error took over a second to be refused. Classes whose
// sorting would cost more than MAX_CLASS_SORTING are refused before V8 reads them.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../../src/index.js";
import { classSorting, MAX_CLASS_SORTING } from "../../src/regex/pattern-cost.js";

test("classSorting: members out of order times the class's size, summed over classes", () => {
  const cases: [string, number][] = [
    ["[abc]", 0],
    ["[cba]", 2 * 3],
    ["[a-z]", 0],
    ["[a-zA-Z]", 2 * 4],
    ["[ba][ba]", 1 * 2 + 1 * 2],
    ["[abab]", 0],
    ["\\[cba]", 0],
    ["[\\]a]", 0],
    ["[\\u0063\\u{62}\\x61]", 2 * 3],
    ["[\\d\\s\\p{L}]", 0],
    ["[c-", 0],
    ["[cb", 1 * 2],
    ["[-a]", 0],
    ["[a-]", 1 * 2],
    ["[😀a]", 1 * 2],
  ];
  for (const [pattern, cost] of cases) assert.is(classSorting(pattern), cost, pattern);
  assert.ok(classSorting("[A-Za-z0-9._~-]") < 100, "a real class costs a few dozen");
});

test("a class of tens of thousands of members written backwards is refused at once, valid or not", () => {
  const points: number[] = [];
  for (let c = 0x100; c <= 0xd7ff; c += 2) points.push(c);
  for (let c = 0x10000; points.length < 44_500; c += 2) points.push(c);
  const members = String.fromCodePoint(...points.reverse());
  for (const tail of ["]", "](", "]\\1"]) {
    const started = performance.now();
    try {
      compile({ pattern: `[^\\p{Lu}${members}${tail}` }, { cache: false });
      assert.unreachable("refused");
    } catch (error) {
      assert.instance(error, SchemaError);
      assert.is((error as SchemaError).code, "unsupported-regex");
    }
    assert.ok(performance.now() - started < 500, `${tail}: ${(performance.now() - started).toFixed(0)} ms`);
  }
  // The same members in order compile.
  assert.ok(compile({ pattern: `^[^\\p{Lu}${String.fromCodePoint(...points.reverse())}]$` }, { cache: false }).isValid("a"));
});

test("one document's classes count together: patterns that each pass may not, together", () => {
  const points: number[] = [];
  for (let c = 0x4e00; points.length < 5_000; c++) points.push(c);
  const backwards = String.fromCodePoint(...points.reverse());
  assert.ok(classSorting(`[${backwards}]`) < MAX_CLASS_SORTING);
  assert.ok(compile({ pattern: `^[${backwards}]$` }, { cache: false }).isValid("\u4e00"));
  assert.throws(() => compile({ allOf: [0, 1, 2].map((i) => ({ pattern: `^${i}[${backwards}]$` })) }, { cache: false }), (e: unknown) => e instanceof SchemaError && e.code === "unsupported-regex");
});

test.run();
