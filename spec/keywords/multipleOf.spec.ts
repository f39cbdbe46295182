import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile } from "../../src/index.js";
import { check, runs } from "../helpers/arbitraries.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

test("integer divisors", () => {
  const v = compile({ multipleOf: 2 });
  accepts(v, 0, -0, 4, 4.0, -6, 1e20, "3", [3], null);
  rejects(v, 3, 4.5, -1);
});

test("decimal divisors are exact: 0.0075 is a multiple of 0.0001", () => {
  accepts(compile({ multipleOf: 0.0001 }), 0.0075, 0.0001, 1, 12.3456);
  rejects(compile({ multipleOf: 0.0001 }), 0.00751, 0.00005);
});

test("decimal cases that naive floating-point remainders get wrong", () => {
  accepts(compile({ multipleOf: 0.1 }), 0.3, 0.7, 1.1, -2.3);
  accepts(compile({ multipleOf: 0.01 }), 19.99, 4.35, -1.23);
  accepts(compile({ multipleOf: 0.3 }), 0.9);
  accepts(compile({ multipleOf: 1.1 }), 3.3);
  accepts(compile({ multipleOf: 1e-8 }), 3e-8);
  // Subnormal doubles carry few significant bits: the decimals they print as still decide.
  // (3.3e-322 / 1.1e-322 is 3.045… in doubles.)
  accepts(compile({ multipleOf: 1.1e-322 }), 3.3e-322, 4.4e-322, 0);
  rejects(compile({ multipleOf: 2e-320 }), 3e-320);
  rejects(compile({ multipleOf: 0.1 }), 0.35, 1e-7);
  rejects(compile({ multipleOf: 0.01 }), 0.005);
});

test("a fractional divisor with a large integer instance", () => {
  accepts(compile({ multipleOf: 0.5 }), 1e300, 7);
  rejects(compile({ multipleOf: 0.5 }), 7.25);
  // The suite's "float division = inf" case: never valid, never a crash.
  rejects(compile({ type: "integer", multipleOf: 0.123456789 }), 1e308);
});

test("error: location, keyword and params", () => {
  expectOnlyError(compile({ multipleOf: 2 }), 3, {
    keywordLocation: "/multipleOf",
    instanceLocation: "",
    keyword: "multipleOf",
    params: { multipleOf: 2 },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { prices: { items: { multipleOf: 0.01 } } } }), { prices: [1.25, 1.255] }, {
    keywordLocation: "/properties/prices/items/multipleOf",
    instanceLocation: "/prices/1",
    keyword: "multipleOf",
    params: { multipleOf: 0.01 },
  });
});

test("allErrors vs first error", () => {
  assert.equal(errorCounts(compile({ items: { multipleOf: 3 } }), [1, 2, 3, 4]), { all: 3, first: 1 });
});

test("compile-time: the divisor must be a number greater than 0", () => {
  refuses({ multipleOf: 0 }, "invalid-schema", "/multipleOf");
  refuses({ multipleOf: -2 }, "invalid-schema", "/multipleOf");
  refuses({ multipleOf: "2" }, "invalid-schema", "/multipleOf");
  refuses({ items: { multipleOf: null } }, "invalid-schema", "/items/multipleOf");
});

/** The decimal a number prints as, exactly: [digits, exponent] with digits × 10^exponent, as BigInt. */
function exact(n: number): [bigint, number] {
  const [mantissa, power] = Math.abs(n).toExponential().split("e") as [string, string];
  const [whole, fraction = ""] = mantissa.split(".");
  return [BigInt(whole! + fraction), Number(power) - fraction.length];
}

/** An independent reference: BigInt arithmetic on toExponential's shortest digits. */
function reference(x: number, d: number): boolean {
  const [xd, xe] = exact(x);
  const [dd, de] = exact(d);
  const e = Math.min(xe, de);
  return (xd * 10n ** BigInt(xe - e)) % (dd * 10n ** BigInt(de - e)) === 0n;
}

test("property: the decimals the numbers print as decide, subnormals and near misses included", () => {
  const divisor = fc.oneof(
    fc.tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 12 })).map(([m, k]) => Number(`${m}e-${k}`)),
    fc.double({ min: 1e-320, max: 1e6, noNaN: true }).filter((d) => d > 0 && !Number.isInteger(d)),
  );
  check(
    fc.property(divisor, fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom(0, 1, -1, 1e-9, 0.5), (d, n, shift) => {
      // A multiple as its decimal prints (n × d written out), or one moved a little off it.
      const [dd, de] = exact(d);
      const x = Number(`${BigInt(n) * dd}e${de}`) + shift * d;
      if (!Number.isFinite(x)) return;
      assert.is(compile({ multipleOf: d }).isValid(x), reference(x, d), `${x} multipleOf ${d}`);
      assert.is(compile({ multipleOf: d }).validate(x).valid, reference(x, d));
    }),
    runs(500),
  );
});

test("property: numbers written with a few places (prices, halves) against divisors of a few places", () => {
  // The scaled test (json/multiple-of.ts scaleOf) against the same BigInt reference, through the
  // plans (isValid) and the closures and explainer (validate).
  const divisor = fc.constantFrom(0.01, 0.1, 0.5, 0.25, 0.125, 0.05, 0.001, 0.3, 0.07, 1.5, 2.5, 1e-7, 1e-15, 123.456);
  const places = fc.integer({ min: 0, max: 16 });
  check(
    fc.property(divisor, fc.integer({ min: -(2 ** 53), max: 2 ** 53 }), places, (d, n, k) => {
      const x = n / 10 ** k;
      assert.is(compile({ multipleOf: d }).isValid(x), reference(x, d), `${x} multipleOf ${d}`);
      assert.is(compile({ multipleOf: d, type: "number" }).validate(x).valid, reference(x, d), `${x} multipleOf ${d}`);
    }),
    runs(2000),
  );
});

test.run();
