// Regression (found by spec/differential.spec.ts, SG-1): multipleOf with a decimal divisor and an
// instance too large to scale to an exact integer. 10^21 / 1.5 = 6.67 × 10^20 is not an integer,
// but the floating-point quotient is (every double above 2^53 is), so the instance was accepted.
// 2020-12 validation §6.2.1: "A numeric instance is valid only if division by this keyword's
// value results in an integer" — the JSON numbers 1e21 and 1.5 denote exact decimals.
// hyperjump agrees (invalid). Remove SG_1 from spec/differential.spec.ts once this passes.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

const cases: [divisor: number, instance: number, valid: boolean][] = [
  [1.5, 1e21, false], // 10^21 = 1.5 × 666…666.67
  [1.5, 2 ** 53, false], // 2^53 / 1.5 = 2^54 / 3
  [0.3, 1e21, false], // 10^22 / 3
  [0.7, 1e21, false],
  // …and the ones that are multiples stay valid
  [1.5, 1.5e21, true],
  [1.5, 3e21, true],
  [0.1, 1e21, true],
  [0.5, 2 ** 53, true],
  [0.25, 1e21, true],
  // An integer divisor reads a number past 2^53 as the same decimal (a probe found 1e23 a multiple
  // of 2.5 and 0.1 but not of 5 or 10: its binary value is 99999999999999991611392).
  [5, 1e23, true],
  [10, 1e23, true],
  [2.5, 1e23, true],
  [3, 3e23, true],
  [7, 1e23, false],
  [4, -1e23, true],
  [3, 2 ** 53, false],
  // …and its binary value counts too (red-team probe): JSON's 144115188075855872 is 2^57 exactly,
  // printed 144115188075855870, and was no multiple of 4 while it was one of 2 and of 0.5.
  [4, 2 ** 57, true],
  [1024, 2 ** 60, true],
  [256, 2 ** 64, true],
  [4294967296, 2 ** 64, true],
  [0.25, 2 ** 64, true],
  [4, -(2 ** 57), true],
  [3, 2 ** 64, false], // neither 18446744073709551616 nor 18446744073709552000
  [2 ** 58, 2 ** 57, false],
];

for (const [divisor, instance, valid] of cases) {
  test(`${instance} ${valid ? "is" : "is not"} a multiple of ${divisor}`, () => {
    const v = compile({ multipleOf: divisor }, { cache: false });
    assert.is(v.isValid(instance), valid, "isValid");
    assert.is(v.validate(instance).valid, valid, "validate");
  });
}

test.run();
