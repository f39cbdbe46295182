// Issue 19, §6: errors in the schema's order. The private copy was parsed from the canonical
// (sorted-key) text, so errors came alphabetically: `/size` before `/sku`. The cache key stays the
// canonical text; the caller's key order is noted (src/gate/author-order.ts) and the error and
// annotation passes and `validator.schema` use it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache, type ValidationResult } from "../src/index.js";
import { authorOrders, inAuthorOrder } from "../src/gate/author-order.js";

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

test("the output formats keep the order too (patternProperties follows the instance's keys)", () => {
  const v = compile({ patternProperties: { "^z": { type: "string" }, "^a": { type: "string" } }, properties: { m: { type: "string" }, b: { type: "string" } } }, { cache: false });
  const basic = v.validate({ a1: 1, z1: 1, b: 1, m: 1 }, { output: "basic" }) as { errors: { instanceLocation: string; keyword?: string }[] };
  const order = basic.errors.filter((e) => e.keyword === "type").map((e) => e.instanceLocation);
  assert.equal(order, ["/m", "/b", "/a1", "/z1"]);
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

test("a document that answers differently when read again changes no meaning", () => {
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
  // The walk read {type: string}; the order pass reads again and gets {type: number}: only the order is taken.
  assert.ok(v.isValid({ b: "x" }));
  assert.not.ok(v.isValid({ b: 1 }));
  assert.equal(locations(v.validate({ a: 1, b: 1 })), ["/b", "/a"]);
  // Keys that change between reads (a Proxy) leave the sorted order.
  let calls = 0;
  const shifting = new Proxy({ b: { type: "string" }, a: { type: "string" } } as Record<string, unknown>, {
    ownKeys: (target) => (calls++ === 0 ? Reflect.ownKeys(target) : ["b"]),
  });
  const w = compile({ properties: shifting }, { cache: false });
  assert.equal(locations(w.validate({ a: 1, b: 1 })), ["/a", "/b"]);
  const throwing = new Proxy({ b: { type: "string" }, a: { type: "string" } } as Record<string, unknown>, {
    ownKeys: (target) => {
      if (calls++ > 2) throw new Error("no second look");
      return Reflect.ownKeys(target);
    },
  });
  const t = compile({ properties: throwing }, { cache: false });
  assert.not.ok(t.isValid({ a: 1 }));
});

test("orders are kept whatever their numbers: past 16 bits (an object beyond the 65,536th) as well", () => {
  const sortedCopy = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(sortedCopy) : typeof value === "object" && value !== null ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedCopy((value as Record<string, unknown>)[k])])) : value;
  for (const count of [3, 70_000]) {
    const items = Array.from({ length: count }, (_, i) => (i === count - 1 ? { b: 1, a: 2 } : { a: i }));
    const original = { z: items, y: { d: 1, c: 2 } };
    const orders = authorOrders(sortedCopy(original), original);
    const back = inAuthorOrder(sortedCopy(original), orders) as typeof original;
    assert.equal(Object.keys(back), ["z", "y"]);
    assert.equal(Object.keys(back.y), ["d", "c"]);
    assert.equal(Object.keys(back.z[count - 1]!), ["b", "a"]);
    assert.equal(Object.keys(back.z[0]!), ["a"]);
  }
});

test.run();
