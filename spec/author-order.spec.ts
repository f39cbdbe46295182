// Issue 19, §6: errors in the schema's order. The private copy was parsed from the canonical
// (sorted-key) text, so errors came alphabetically: `/size` before `/sku`. The cache key stays the
// canonical text; the caller's key order is noted (src/gate/author-order.ts) and the error and
// annotation passes and `validator.schema` use it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache, type ValidationResult } from "../src/index.js";
import { inAuthorOrder, packedOrders } from "../src/gate/author-order.js";
import { walk } from "../src/gate/walk.js";
import fc from "fast-check";
import { check, runs } from "./helpers/arbitraries.js";

const locations = (result: ValidationResult): string[] => (result.valid ? [] : result.errors.map((e) => e.instanceLocation));

const SCHEMA = {
  type: "object",
  properties: {
    sku: { type: "string" },
    size: { type: "integer" },
    users: { type: "array", items: { type: "object", properties: { name: { type: "string" }, age: { minimum: 0 } } } },
    email: { type: "string" },
  },
};
const BAD = { email: 5, users: [{ age: -1, name: 1 }], size: "x", sku: 1 };

test("errors follow the order the schema's properties were written in, at every level", () => {
  const v = compile(SCHEMA, { cache: false });
  assert.equal(locations(v.validate(BAD)), ["/sku", "/size", "/users/0/name", "/users/0/age", "/email"]);
  assert.equal(locations(v.validate(BAD, { allErrors: false })), ["/sku"]);
  // The same schema written with its keys sorted lists them sorted.
  const sorted = compile(JSON.parse(JSON.stringify(SCHEMA, Object.keys(SCHEMA).concat("email", "sku", "size", "users", "name", "age", "items", "minimum").sort())) as unknown, { cache: false });
  assert.equal(locations(sorted.validate(BAD)), ["/email", "/size", "/sku", "/users/0/age", "/users/0/name"]);
});

// Regression (a probe): with more than four declared names, or with additionalProperties beside
// `properties`, errors followed the instance's key order: { z: 1, a: 1 } gave /additionalProperties
// first and { a: 1, z: 1 } /properties/a/type, and allErrors: false stopped at either.
test("property: properties' errors follow its names' order, then additionalProperties' the instance's, whatever the key order", () => {
  // Up to 20 names: the explainer sorts the declared names it meets only when they come out of order (declared-order.ts).
  const shapes = fc.record({ count: fc.constantFrom(2, 4, 5, 9, 20), additional: fc.constantFrom("none", "false", "schema") });
  const order = (keys: string[]) => fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length });
  const declared = Array.from({ length: 20 }, (_, i) => `n${i}`);
  check(
    fc.property(shapes, fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), order([...declared, "x0", "x1"]), ({ count, additional }, failing, keys) => {
      const names = Array.from({ length: count }, (_, i) => `n${i}`);
      const schema: Record<string, unknown> = { properties: Object.fromEntries(names.map((n) => [n, { type: "string" }])) };
      if (additional !== "none") schema.additionalProperties = additional === "false" ? false : { type: "string" };
      const data = Object.fromEntries(keys.filter((k) => names.includes(k) || k.startsWith("x")).map((k) => [k, k.startsWith("n") && failing[Number(k.slice(1))] ? 1 : k.startsWith("x") ? 2 : "ok"]));
      const expected = [
        ...names.filter((n, i) => failing[i] && n in data).map((n) => `/properties/${n}/type`),
        ...(additional === "none" ? [] : keys.filter((k) => k.startsWith("x")).map(() => (additional === "false" ? "/additionalProperties" : "/additionalProperties/type"))),
      ];
      const v = compile(schema, { cache: false });
      for (let call = 0; call < 18; call++) {
        // The explainer serves the first calls, the closures the later ones.
        const all = v.validate(data);
        const got = all.valid ? [] : all.errors.map((e) => e.keywordLocation);
        if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Error(`call ${call}: ${JSON.stringify(got)} for ${JSON.stringify(expected)}`);
        const first = v.validate(data, { allErrors: false });
        if (expected.length > 0 && (first.valid || first.errors[0]!.keywordLocation !== expected[0])) throw new Error(`call ${call}, first error: ${JSON.stringify(first)}`);
      }
      const basic = v.validate(data, { output: "basic" }) as { errors?: { keywordLocation: string }[] };
      const got = (basic.errors ?? []).map((e) => e.keywordLocation);
      if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Error(`basic: ${JSON.stringify(got)} for ${JSON.stringify(expected)}`);
    }),
    runs(60),
  );
});

test("the output formats keep the order too (patternProperties follows the instance's keys)", () => {
  const v = compile({ patternProperties: { "^z": { type: "string" }, "^a": { type: "string" } }, properties: { m: { type: "string" }, b: { type: "string" } } }, { cache: false });
  const basic = v.validate({ a1: 1, z1: 1, b: 1, m: 1 }, { output: "basic" }) as { errors: { instanceLocation: string; keyword?: string }[] };
  const order = basic.errors.filter((e) => e.keyword === "type").map((e) => e.instanceLocation);
  assert.equal(order, ["/m", "/b", "/a1", "/z1"]);
});

test("integer-like keys (listed first by JavaScript, sorted as text in the canonical order) keep the order at every level", () => {
  // At most four names: errors follow the schema's order (more follow the instance's keys).
  const schema = JSON.parse('{"properties": {"b": {"type": "string"}, "10": {"properties": {"y": {"type": "string"}, "x": {"type": "string"}}}, "a": {"type": "string"}, "9": {"properties": {"q": {"type": "string"}, "11": {"type": "string"}, "2": {"type": "string"}}}}}') as unknown;
  const v = compile(schema, { cache: false });
  const bad = { a: 1, b: 1, 9: { q: 1, 11: 1, 2: 1 }, 10: { x: 1, y: 1 } };
  // As Object.keys lists the schema's keys: 9, 10, b, a (and 2, 11, q below 9).
  assert.equal(locations(v.validate(bad)), ["/9/2", "/9/11", "/9/q", "/10/y", "/10/x", "/b", "/a"]);
  assert.is(JSON.stringify(v.schema), JSON.stringify(schema));
});

test("property: validator.schema lists every object's keys as the caller wrote them", () => {
  // Names sort differently as text and as JavaScript lists them ("10" < "9" < "a"; 9 before 10).
  const name = fc.constantFrom("a", "b", "z", "9", "10", "2", "11", "$x", "__proto__", "é", "A");
  const data = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: "small" }, fc.integer(), fc.string({ maxLength: 3 }), fc.array(tie("value"), { maxLength: 3 }), tie("object")),
    object: fc.array(fc.tuple(name, tie("value")), { maxLength: 5 }).map((entries) => {
      const object: Record<string, unknown> = {};
      for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      return object;
    }),
  }));
  const schema = fc.tuple(data.object, data.value).map(([properties, value]) => ({ properties: Object.fromEntries(Object.keys(properties).map((k) => [k, {}])), default: value, examples: [properties] }));
  check(
    fc.property(schema, (s) => {
      const v = compile(s, { cache: false });
      assert.is(JSON.stringify(v.schema), JSON.stringify(s));
    }),
    runs(200),
  );
});

test("validator.schema gives the keys back in the caller's order", () => {
  const v = compile(SCHEMA, { cache: false });
  assert.is(JSON.stringify(v.schema), JSON.stringify(SCHEMA));
  const proto = JSON.parse('{"properties": {"z": {}, "__proto__": {"type": "string"}, "a": {}}}') as unknown;
  const w = compile(proto, { cache: false });
  assert.is(JSON.stringify(w.schema), JSON.stringify(proto));
  assert.ok(Object.hasOwn((w.schema as { properties: object }).properties, "__proto__"), "__proto__ stays an own key");
  assert.not.ok(w.isValid(JSON.parse('{"__proto__": 1}')));
});

test("one cache entry for both orders: the validator keeps the order it was first compiled from", () => {
  const cache = new SchemaCache();
  const first = compile({ properties: { b: { type: "string" }, a: { type: "string" } } }, { cache });
  const second = compile({ properties: { a: { type: "string" }, b: { type: "string" } } }, { cache });
  assert.is(first, second);
  assert.is(cache.stats.size, 1);
  assert.equal(locations(second.validate({ a: 1, b: 1 })), ["/b", "/a"]);
});

test("a document that answers differently when read again: keys and values are read once", () => {
  let reads = 0;
  const schema = {
    properties: {
      get b() {
        return reads++ === 0 ? { type: "string" } : { type: "number" };
      },
      a: { type: "string" },
    },
  };
  const v = compile(schema, { cache: false });
  // The walk read {type: string}, and the order with it; nothing reads the document again.
  assert.ok(v.isValid({ b: "x" }));
  assert.not.ok(v.isValid({ b: 1 }));
  assert.equal(locations(v.validate({ a: 1, b: 1 })), ["/b", "/a"]);
  assert.is(reads, 1);
  // Keys that change between reads (a Proxy): the order is the one the walk read the values in.
  let calls = 0;
  const shifting = new Proxy({ b: { type: "string" }, a: { type: "string" } } as Record<string, unknown>, {
    ownKeys: (target) => (calls++ === 0 ? Reflect.ownKeys(target) : ["b"]),
  });
  const w = compile({ properties: shifting }, { cache: false });
  assert.equal(locations(w.validate({ a: 1, b: 1 })), ["/b", "/a"]);
  assert.is(calls, 1);
  const throwing = new Proxy({ b: { type: "string" }, a: { type: "string" } } as Record<string, unknown>, {
    ownKeys: (target) => {
      if (calls++ > 2) throw new Error("no second look");
      return Reflect.ownKeys(target);
    },
  });
  const t = compile({ properties: throwing }, { cache: false });
  assert.not.ok(t.isValid({ a: 1 }));
});

test("property: shared, the caller's order is made without changing the sorted copy, and only what holds a reordered object is new", () => {
  const name = fc.constantFrom("a", "b", "z", "9", "10", "2", "__proto__", "é");
  const data = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: "small" }, fc.integer(), fc.array(tie("value"), { maxLength: 3 }), tie("object")),
    object: fc.array(fc.tuple(name, tie("value")), { maxLength: 4 }).map((entries) => {
      const object: Record<string, unknown> = {};
      for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      return object;
    }),
  }));
  // An object the walk notes: its keys as written are not in code-unit order (integer-like ones included).
  const reordered = (value: unknown): boolean => {
    if (typeof value !== "object" || value === null) return false;
    const keys = Object.keys(value);
    return keys.some((key, i) => i > 0 && keys[i - 1]! > key) || keys.some((key) => reordered((value as Record<string, unknown>)[key]));
  };
  // An object or array is made anew only when it holds (or is) one the walk noted; the rest is the sorted copy's own.
  const minimal = (made: unknown, sorted: unknown): boolean => {
    if (typeof made !== "object" || made === null || made === sorted) return true;
    if (!reordered(made)) return false;
    const other = sorted as Record<string, unknown>;
    return Object.keys(made).every((key) => minimal((made as Record<string, unknown>)[key], other[key]));
  };
  check(
    fc.property(data.value, (document) => {
      const walked = walk(document, false, true);
      const orders = packedOrders(walked.orders);
      const sorted = JSON.parse(walked.canonical) as unknown;
      const made = inAuthorOrder(sorted, orders, true);
      assert.is(JSON.stringify(made), JSON.stringify(document), "the caller's order");
      assert.is(JSON.stringify(made), JSON.stringify(inAuthorOrder(JSON.parse(walked.canonical), orders)), "as in place");
      assert.is(JSON.stringify(sorted), JSON.stringify(JSON.parse(walked.canonical)), "the sorted copy is unchanged");
      assert.ok(minimal(made, sorted), "made anew only where the order differs");
    }),
    runs(300),
  );
});

test("orders are kept whatever their numbers: past 16 bits (an object beyond the 65,536th) as well", () => {
  const sortedCopy = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(sortedCopy) : typeof value === "object" && value !== null ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedCopy((value as Record<string, unknown>)[k])])) : value;
  for (const count of [3, 70_000]) {
    const items = Array.from({ length: count }, (_, i) => (i === count - 1 ? { b: 1, a: 2 } : { a: i }));
    const original = { z: items, y: { d: 1, c: 2 } };
    const orders = packedOrders(walk(original, false, true).orders);
    const back = inAuthorOrder(sortedCopy(original), orders) as typeof original;
    assert.equal(Object.keys(back), ["z", "y"]);
    assert.equal(Object.keys(back.y), ["d", "c"]);
    assert.equal(Object.keys(back.z[count - 1]!), ["b", "a"]);
    assert.equal(Object.keys(back.z[0]!), ["a"]);
  }
});

test.run();
