// Hostile input: blow-up schemas finish (no timing is asserted: a trap that went exponential
// would not finish), deep and cyclic data gives a typed result, non-JSON data matches no JSON
// type, error output is capped, and nothing pollutes a prototype.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compact, compile, formatCompact, SchemaError, type OutputUnit, type ValidationResult } from "../src/index.js";
import { SchemagateJsonSchemaValidator } from "../src/mcp/index.js";
import { MAX_OUTPUT_TEXT } from "../src/limits.js";
import { fastest } from "./helpers/timing.js";

/** `$defs` d0 … dN where each entry refers to the next twice through `op`. */
function doubling(n: number, op: "anyOf" | "allOf" | "oneOf", leaf: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) $defs[`d${i}`] = { [op]: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  $defs[`d${n}`] = leaf;
  return { $ref: "#/$defs/d0", $defs, ...extra };
}

const prototypes = () => [Object.getOwnPropertyNames(Object.prototype).join(), Object.getOwnPropertyNames(Array.prototype).join()];
const before = prototypes();

test("a $defs chain doubling through anyOf, allOf and oneOf (2^60 paths) finishes, valid and invalid", () => {
  for (const op of ["anyOf", "allOf"] as const) {
    const v = compile(doubling(60, op, { type: "integer" }), { cache: false });
    assert.ok(v.isValid(1));
    assert.not.ok(v.isValid("x"));
    assert.ok(v.validate(1).valid);
    const invalid = v.validate("x");
    assert.not.ok(invalid.valid);
  }
  // oneOf of two equal branches never has exactly one match.
  const one = compile(doubling(60, "oneOf", { type: "integer" }), { cache: false });
  assert.not.ok(one.isValid(1));
  assert.not.ok(one.validate("x").valid);
});

test("doubling hidden behind single-branch wrappers and indirect $defs still finishes", () => {
  const wrapped: Record<string, unknown> = {};
  const indirect: Record<string, unknown> = {};
  for (let i = 0; i < 50; i++) {
    wrapped[`d${i}`] = { anyOf: [{ allOf: [{ $ref: `#/$defs/d${i + 1}` }] }, { allOf: [{ $ref: `#/$defs/d${i + 1}` }] }] };
    indirect[`d${i}`] = { allOf: [{ $ref: `#/$defs/e${i}` }, { $ref: `#/$defs/f${i}` }] };
    indirect[`e${i}`] = { $ref: `#/$defs/d${i + 1}` };
    indirect[`f${i}`] = { not: { not: { $ref: `#/$defs/d${i + 1}` } } };
  }
  wrapped["d50"] = { type: "integer" };
  indirect["d50"] = { type: "integer" };
  for (const $defs of [wrapped, indirect]) {
    const v = compile({ $ref: "#/$defs/d0", $defs }, { cache: false });
    assert.ok(v.isValid(1));
    assert.not.ok(v.isValid("x"));
    assert.not.ok(v.validate("x").valid);
  }
});

test("all-errors validation of a deep mistake under a oneOf of recursive variants finishes (marked truncated)", () => {
  // Every variant recurses into `content`; the boolean pass stops at `tag`, the error pass does not.
  const variants = ["a", "b", "c", "d", "e"].map((tag) => ({
    type: "object",
    properties: { tag: { const: tag }, content: { type: "array", items: { $ref: "#/$defs/node" } } },
    required: ["tag"],
  }));
  const v = compile({ $defs: { node: { oneOf: [{ type: "string" }, ...variants] } }, $ref: "#/$defs/node" }, { cache: false });
  let data: unknown = 1; // the mistake, 20 levels down
  for (let i = 0; i < 20; i++) data = { tag: "a", content: ["x", data] };
  assert.not.ok(v.isValid(data));
  const result = v.validate(data);
  assert.ok(!result.valid && result.errors.length > 0);
  assert.ok(result.errors.some((e) => e.instanceLocation.endsWith("/content/1") && e.keyword === "type"), JSON.stringify(result.errors.slice(0, 3)));
});

test("the output formats on a doubling chain finish too, annotations or not", () => {
  for (const leaf of [{ type: "integer" }, { type: "integer", title: "leaf" }]) {
    const v = compile(doubling(40, "allOf", leaf, { unevaluatedProperties: false }), { cache: false });
    for (const output of ["basic", "detailed", "verbose"] as const) {
      assert.ok((v.validate(1, { output }) as { valid: boolean }).valid);
      assert.not.ok((v.validate("x", { output }) as { valid: boolean }).valid);
    }
  }
});

test("the same chain behind unevaluatedProperties and unevaluatedItems finishes, with exact annotations", () => {
  const props = compile(doubling(60, "anyOf", { properties: { a: true } }, { unevaluatedProperties: false }), { cache: false });
  assert.ok(props.isValid({ a: 1 }));
  assert.not.ok(props.isValid({ a: 1, b: 2 }));
  const errors = (props.validate({ a: 1, b: 2 }) as { errors: OutputUnit[] }).errors;
  assert.ok(errors.some((e) => e.keyword === "unevaluatedProperties" && e.params["unevaluatedProperty"] === "b"));
  const items = compile(doubling(60, "allOf", { prefixItems: [true, true] }, { unevaluatedItems: false }), { cache: false });
  assert.ok(items.isValid([1, 2]));
  assert.not.ok(items.isValid([1, 2, 3]));
  assert.not.ok(items.validate([1, 2, 3]).valid);
});

test("nested anyOf/oneOf fan-out inside items over a long array finishes", () => {
  const v = compile(
    { items: { anyOf: [{ oneOf: [{ type: "string" }, { type: "null" }] }, { anyOf: [{ type: "integer" }, { $ref: "#/$defs/n" }] }] }, $defs: { n: { type: "number" } } },
    { cache: false },
  );
  const data = Array.from({ length: 50_000 }, (_, i) => (i % 3 === 0 ? "s" : i % 3 === 1 ? i : 0.5));
  assert.ok(v.isValid(data));
  data.push(true as never);
  assert.not.ok(v.isValid(data));
  assert.not.ok(v.validate(data).valid);
});

test("uniqueItems: 20,000 distinct objects, key order and number forms ignored", () => {
  const v = compile({ uniqueItems: true }, { cache: false });
  const objects = Array.from({ length: 20_000 }, (_, i) => ({ id: i, tags: [i, `t${i}`], nested: { a: i % 7 } }));
  assert.ok(v.isValid(objects));
  assert.not.ok(v.isValid([...objects, { nested: { a: 5 }, tags: [5, "t5"], id: 5 }]));
  assert.not.ok(v.isValid([{ a: 1, b: 2 }, { b: 2, a: 1 }]));
  assert.not.ok(v.isValid([0, -0]));
  assert.not.ok(v.isValid([1, 1.0]));
  assert.ok(v.isValid([1, "1", true, null, [1], { 1: 1 }]));
});

/** `levels` arrays around `leaf` (an empty array by default), which is then `levels` levels deep. */
function nestedArrays(levels: number, leaf: unknown = []): unknown {
  let data: unknown = leaf;
  for (let i = 0; i < levels; i++) data = [data];
  return data;
}

function nestedObjects(levels: number): unknown {
  let data: unknown = {};
  for (let i = 0; i < levels; i++) data = { a: data };
  return data;
}

function isDepthOutcome(result: ValidationResult, cause = /maximum call depth/): boolean {
  return !result.valid && result.errors.length === 1 && result.errors[0]!.keyword === "$depth" && cause.test(result.errors[0]!.error);
}

test("100,000 levels of data against recursive schemas: a $depth result, never an exception", () => {
  // With the default maxDataDepth the limit decides; without one (Infinity), the stack does.
  for (const [options, cause] of [
    [{}, /more than 256 levels deep .*maxDataDepth/],
    [{ maxDataDepth: Infinity }, /maximum call depth/],
  ] as const) {
    const items = compile({ items: { $ref: "#" } }, { cache: false, ...options });
    const additional = compile({ additionalProperties: { $ref: "#" } }, { cache: false, ...options });
    for (const [v, data] of [
      [items, nestedArrays(100_000)],
      [additional, nestedObjects(100_000)],
    ] as const) {
      assert.not.ok(v.isValid(data));
      assert.ok(isDepthOutcome(v.validate(data), cause));
    }
    // Ordinary depths are exact.
    assert.ok(items.isValid(nestedArrays(200)));
    assert.ok(additional.isValid(nestedObjects(200)));
  }
  assert.ok(compile({ items: { $ref: "#" } }, { cache: false, maxDataDepth: 600 }).isValid(nestedArrays(500)));
});

test("maxDataDepth counts levels below the root value, whether the recursion passes a reference in place or not", () => {
  // [[[1]]] is nested 3 levels. A recursion with a reference in place (anyOf/allOf → $ref) counts
  // by value: the root value, which a crossing there never leaves, is level 0 as with items → "#".
  const schemas = [
    { type: ["array", "integer"], items: { $ref: "#" } },
    { $defs: { node: { type: "array", items: { $ref: "#/$defs/tree" } }, tree: { anyOf: [{ type: "integer" }, { $ref: "#/$defs/node" }] } }, $ref: "#/$defs/tree" },
    { $defs: { r0: { allOf: [{ $ref: "#/$defs/r1" }] }, r1: { items: { $ref: "#/$defs/r0" } } }, $ref: "#/$defs/r0" },
    { $schema: "http://json-schema.org/draft-07/schema#", definitions: { t: { anyOf: [{ type: "integer" }, { type: "array", items: { $ref: "#/definitions/t" } }] } }, $ref: "#/definitions/t" },
  ];
  for (const schema of schemas) {
    const small = compile(schema, { cache: false, maxDataDepth: 3 });
    for (const levels of [0, 1, 2, 3]) {
      assert.ok(small.isValid(nestedArrays(levels, 1)), `${levels} levels: ${JSON.stringify(schema)}`);
      assert.ok(small.validate(nestedArrays(levels, 1), { output: "verbose" }).valid);
    }
    assert.ok(isDepthOutcome(small.validate(nestedArrays(4, 1)), /more than 3 levels deep/), JSON.stringify(schema));
    assert.not.ok(small.isValid(nestedArrays(4, 1)));
    const byDefault = compile(schema, { cache: false });
    assert.ok(byDefault.isValid(nestedArrays(256, 1)), JSON.stringify(schema));
    assert.ok(isDepthOutcome(byDefault.validate(nestedArrays(257, 1)), /more than 256 levels deep/));
  }
});

test("a reference cycle that consumes no input is refused at compile time, with its steps", () => {
  const cases: [schema: unknown, location: string, steps: string][] = [
    [{ $ref: "#" }, "/$ref", "/$ref → back"],
    [{ not: { $ref: "#" } }, "/not", "/not → /not/$ref → back"],
    [{ if: { $ref: "#" } }, "/if", "/if → /if/$ref → back"],
    [{ $defs: { a: { $ref: "#/$defs/b" }, b: { allOf: [{ $ref: "#/$defs/a" }] } }, $ref: "#/$defs/a" }, "/$defs/a/$ref", "/$defs/a/$ref → /$defs/b/allOf → /$defs/b/allOf/0/$ref → back"],
    // Unused definitions too, as a bad regex there is refused.
    [{ $defs: { a: { anyOf: [{ type: "string" }, { oneOf: [{ $ref: "#/$defs/a" }] }] } } }, "/$defs/a/anyOf", "/$defs/a/anyOf → /$defs/a/anyOf/1/oneOf → /$defs/a/anyOf/1/oneOf/0/$ref → back"],
    // A dynamic reference that can land on its own schema.
    [{ $defs: { d: { $id: "d", $dynamicAnchor: "x", $dynamicRef: "#x" } } }, "/$defs/d/$dynamicRef", "/$defs/d/$dynamicRef → back"],
    [{ $schema: "https://json-schema.org/draft/2019-09/schema", $recursiveAnchor: true, anyOf: [{ $recursiveRef: "#" }] }, "/anyOf", "/anyOf → /anyOf/0/$recursiveRef → back"],
    [{ $schema: "http://json-schema.org/draft-07/schema#", definitions: { a: { $ref: "#/definitions/a" } } }, "/definitions/a/$ref", "/definitions/a/$ref → back"],
  ];
  for (const [schema, location, steps] of cases) {
    assert.throws(
      () => compile(schema, { cache: false }),
      (e: unknown) => e instanceof SchemaError && e.code === "ref-cycle" && e.schemaLocation === location && e.message.includes(steps),
      JSON.stringify(schema),
    );
  }
});

test("recursion through a keyword that descends into the instance is no cycle", () => {
  for (const schema of [{ properties: { a: { $ref: "#" } } }, { items: { $ref: "#" } }, { anyOf: [{ additionalProperties: { $ref: "#" } }] }, { propertyNames: { $ref: "#" } }, { $schema: "http://json-schema.org/draft-07/schema#", $ref: "#/definitions/a", definitions: { a: { items: { $ref: "#" } } } }]) {
    assert.ok(compile(schema, { cache: false }).isValid([]), JSON.stringify(schema));
  }
});

test("a legitimate recursive schema (a tree; JSON itself) is not mistaken for a cycle", () => {
  const tree = compile({ type: "object", properties: { value: { type: "number" }, children: { type: "array", items: { $ref: "#" } } }, required: ["value"] }, { cache: false });
  assert.ok(tree.isValid({ value: 1, children: [{ value: 2, children: [{ value: 3 }] }, { value: 4 }] }));
  assert.not.ok(tree.isValid({ value: 1, children: [{ children: [] }] }));
  const json = compile({ $defs: { json: { anyOf: [{ type: ["null", "boolean", "number", "string"] }, { type: "array", items: { $ref: "#/$defs/json" } }, { type: "object", additionalProperties: { $ref: "#/$defs/json" } }] } }, $ref: "#/$defs/json" }, { cache: false });
  assert.ok(json.isValid({ a: [1, { b: null, c: ["x", true] }] }));
});

test("NaN and ±Infinity fail every numeric bound, on both sides, in every pass", () => {
  // {minimum: 0} accepted Infinity and {maximum: 0} -Infinity: data made in code (a
  // structuredClone) can carry them, and the README says every bound fails them.
  const bounds = [{ minimum: 0 }, { exclusiveMinimum: 0 }, { maximum: 0 }, { exclusiveMaximum: 0 }, { minimum: -1e308, maximum: 1e308 }];
  const draft04 = { $schema: "http://json-schema.org/draft-04/schema#", minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: true };
  for (const schema of [...bounds, draft04]) {
    const shapes: [(s: object) => object, (n: number) => unknown][] = [
      [(s) => s, (n) => n],
      [(s) => ({ items: s }), (n) => [1e-9, n]],
      [(s) => ({ properties: { q: s }, allOf: [{ properties: { q: s } }] }), (n) => ({ q: n })],
    ];
    for (const [wrapSchema, wrapData] of shapes) {
      const { $schema, ...keywords } = schema as { $schema?: string };
      const v = compile({ ...($schema === undefined ? {} : { $schema }), ...wrapSchema(keywords) }, { cache: false });
      for (const n of [Infinity, -Infinity, Number.NaN]) {
        const data = wrapData(n);
        const what = `${JSON.stringify(wrapSchema(schema))} ${n}`;
        assert.not.ok(v.isValid(data), what);
        const result = v.validate(data);
        assert.ok(!result.valid && result.errors.some((e) => e.error.endsWith(`but is ${n}, which is no JSON number`)), what);
        assert.not.ok(v.validate(data, { output: "verbose" }).valid, what);
      }
    }
  }
  // Finite numbers keep their verdicts, and their messages.
  assert.equal(compile({ minimum: 0 }, { cache: false }).validate(-1), { valid: false, errors: [{ keywordLocation: "/minimum", instanceLocation: "", error: "must be >= 0, but is -1", keyword: "minimum", params: { comparison: ">=", limit: 0 } }] });
  assert.ok(compile({ maximum: 0, minimum: -5e-324 }, { cache: false }).isValid(-0));
});

test("non-JSON data matches no JSON type (NaN, ±Infinity, BigInt, functions, symbols, undefined, Date, Map, class instances)", () => {
  // Object keywords still apply to any non-array object (they read own enumerable properties only).
  assert.not.ok(compile({ required: ["x"] }, { cache: false }).isValid(new Date(0)));
  class Point {
    x = 1;
  }
  const anyType = compile({ type: ["null", "boolean", "object", "array", "number", "string"] }, { cache: false });
  const number = compile({ type: "number" }, { cache: false });
  const integer = compile({ type: "integer" }, { cache: false });
  const object = compile({ type: "object" }, { cache: false });
  for (const value of [NaN, Infinity, -Infinity, 10n, () => 1, Symbol("s"), undefined, new Date(0), new Map(), new Set(), new Point(), /x/]) {
    assert.not.ok(anyType.isValid(value), String(typeof value));
    assert.not.ok(anyType.validate(value).valid);
  }
  for (const value of [NaN, Infinity, -Infinity]) {
    assert.not.ok(number.isValid(value));
    assert.not.ok(integer.isValid(value));
  }
  assert.not.ok(object.isValid(new Date(0)));
  assert.ok(object.isValid(Object.create(null)));
  // Keywords of a type do not apply to a value that is not of it: `minimum` ignores a BigInt.
  assert.ok(compile({ minimum: 5 }, { cache: false }).isValid(1n));
  // An own member whose value is undefined is present, and undefined matches no type.
  const required = compile({ required: ["a"], properties: { a: { type: ["null", "string"] } } }, { cache: false });
  assert.not.ok(required.isValid({ a: undefined }));
  assert.ok(compile({ required: ["a"] }, { cache: false }).isValid({ a: undefined }));
  // const/enum never equal non-JSON values.
  assert.not.ok(compile({ const: {} }, { cache: false }).isValid(new Date(0)));
  assert.not.ok(compile({ enum: [1] }, { cache: false }).isValid(1n));
});

test("sparse arrays: a hole is an undefined item, which matches no type", () => {
  const sparse: unknown[] = [1];
  sparse[2] = 3;
  assert.not.ok(compile({ items: { type: "number" } }, { cache: false }).isValid(sparse));
  assert.ok(compile({ maxItems: 3 }, { cache: false }).isValid(sparse));
  assert.ok(compile({ uniqueItems: true }, { cache: false }).isValid([undefined, undefined]));
});

test("throwing getters and Proxies: a $data result, never an escaped exception", () => {
  const getter = Object.defineProperty({}, "a", { enumerable: true, get: () => { throw new Error("boom"); } });
  const v = compile({ properties: { a: { type: "string" } } }, { cache: false });
  assert.not.ok(v.isValid(getter));
  const result = v.validate(getter);
  assert.ok(!result.valid && result.errors[0]!.keyword === "$data" && /boom/.test(result.errors[0]!.error));
  const trap = new Proxy({ a: "x" }, { get: () => { throw new Error("trap"); } });
  assert.not.ok(v.isValid(trap));
  assert.is((v.validate(trap) as { errors: OutputUnit[] }).errors[0]!.keyword, "$data");
  const friendly = new Proxy({ a: "x" }, {});
  assert.ok(v.isValid(friendly));
});

test("data that answers differently each time it is read: an invalid result still lists an error", () => {
  // The boolean pass reads 1 (not a string), the error pass "ok": without the $data unit the
  // result said invalid and listed nothing, from the closures' turn on (the explainer's too).
  const v = compile({ type: "object", properties: { x: { type: "string" } } }, { cache: false });
  let reads = 0;
  const flipping = Object.defineProperty({}, "x", { enumerable: true, get: () => (reads++ % 2 === 0 ? 1 : "ok") });
  const proxied = new Proxy({ x: 1 }, { get: (target, key) => (key === "x" ? (reads++ % 2 === 0 ? 1 : "ok") : Reflect.get(target, key)) });
  let changed = 0;
  for (const data of [flipping, proxied]) {
    for (let call = 0; call < 40; call++) {
      for (const options of [undefined, { allErrors: false }]) {
        reads = 0;
        const result = v.validate(data, options);
        assert.ok(!result.valid && result.errors.length > 0, `call ${call}: ${JSON.stringify(result)}`);
        if (result.errors[0]!.keyword === "$data") {
          changed++;
          assert.match(result.errors[0]!.error, /changed while it was validated/);
        } else assert.is(result.errors[0]!.keyword, "type");
      }
      for (const output of ["basic", "detailed", "verbose"] as const) {
        reads = 0;
        // A hierarchical output with one error is that error's node.
        const node = v.validate(data, { output }) as { valid: boolean; error?: string; errors?: unknown[] };
        assert.ok(!node.valid && (node.error !== undefined || (node.errors ?? []).length > 0), `${output}, call ${call}: ${JSON.stringify(node)}`);
      }
    }
  }
  assert.ok(changed > 0, "some error pass read the other value");
  // A cap of 0 keeps no unit: the list is cut, and nothing says the data changed.
  reads = 0;
  const capped = v.validate(flipping, { maxErrors: 0 });
  assert.ok(!capped.valid && capped.errors.length === 0 && capped.truncated === true, JSON.stringify(capped));
});

test("long keys over many errors: the list is cut by its text, and every reader of it stays bounded", () => {
  // 100 levels of one 10,000-character key, then 1,000 wrong values: each error's location holds
  // every key above it, 1 MB. The whole list would be 1 GB of locations: the MCP provider threw
  // "Invalid string length" joining them, compact() ran for minutes.
  const schema = { $defs: { node: { type: "object", additionalProperties: { anyOf: [{ $ref: "#/$defs/node" }, { type: "string" }] } } }, $ref: "#/$defs/node" };
  const key = "k".repeat(10_000);
  let data: unknown = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`p${i}`, i]));
  for (let level = 0; level < 100; level++) data = { [key]: data };
  const v = compile(schema, { cache: false });
  const result = v.validate(data);
  assert.ok(!result.valid && result.truncated === true);
  const text = result.errors.reduce((sum, e) => sum + e.keywordLocation.length + e.instanceLocation.length + e.error.length, 0);
  const last = result.errors[result.errors.length - 1]!;
  assert.ok(text > MAX_OUTPUT_TEXT && text - (last.keywordLocation.length + last.instanceLocation.length + last.error.length) <= MAX_OUTPUT_TEXT, `${result.errors.length} units, ${text} characters`);
  assert.is(result.errors[0]!.instanceLocation, `/${key}`.repeat(100) + "/p0", "locations stay whole");
  const provider = new SchemagateJsonSchemaValidator().getValidator(schema)(data);
  assert.ok(!provider.valid && provider.errorMessage.length <= 1_000);
  assert.ok(compact(result.errors).length > 0);
  const lines = formatCompact(result.errors).split("\n");
  for (const line of lines) assert.ok(line.length < 1_000, `a compact line of ${line.length} characters`);
  for (const output of ["basic", "detailed", "verbose"] as const) {
    assert.ok(JSON.stringify(v.validate(data, { output })).length < 2 * MAX_OUTPUT_TEXT + 1_000_000, output);
  }
});

test("output formats: an annotation that carries a schema value counts its text against the bound", () => {
  // Each annotation of default, examples or contentSchema carries its value whole, counted as one
  // character: 500 items under a 314 KB contentSchema serialized to 157 million characters.
  const big = { const: "x".repeat(200_000) };
  for (const keyword of ["contentSchema", "default", "examples"]) {
    const value = keyword === "examples" ? [big] : big;
    // contentSchema annotates only beside a contentMediaType (2020-12 Validation 8.5).
    const media = keyword === "contentSchema" ? { contentMediaType: "application/json" } : {};
    const v = compile({ items: { type: "string", [keyword]: value, ...media } }, { cache: false });
    const items = Array.from({ length: 100 }, () => "{}");
    for (const output of ["basic", "verbose"] as const) {
      const result = v.validate(items, { output });
      assert.is(result.valid, true, keyword);
      assert.is((result as { truncated?: boolean }).truncated, true, `${keyword} ${output}: the annotations are cut`);
      const text = JSON.stringify(result).length;
      assert.ok(text < MAX_OUTPUT_TEXT + 1_000_000, `${keyword} ${output}: ${text} characters`);
    }
  }
});

test("messages cut the instance's long property names as they cut its values; params keep them whole", () => {
  const name = "n".repeat(1_000);
  const v = compile({ properties: { a: true }, additionalProperties: false, propertyNames: { maxLength: 10 } }, { cache: false });
  for (const options of [undefined, { allErrors: false }]) {
    for (let call = 0; call < 20; call++) {
      const result = v.validate({ [name]: 1 }, options);
      if (result.valid) return assert.unreachable("an invalid result");
      for (const unit of result.errors) {
        assert.ok(unit.error.length < 200, unit.error);
        if (unit.keyword === "additionalProperties") assert.is(unit.params.additionalProperty, name);
      }
      assert.ok(result.errors.some((e) => e.error.includes(`"${"n".repeat(56)}…`)), JSON.stringify(result.errors[0]));
    }
  }
});

test("compact() weighs anyOf branches only up to a number of comparisons, and still lists the errors", () => {
  // 600 failed anyOfs and their 1,200 branch errors: 1,800 units, over a million pairs.
  const v = compile({ items: { anyOf: [{ type: "string" }, { type: "boolean" }] } }, { cache: false });
  const result = v.validate(Array.from({ length: 600 }, (_, i) => i));
  assert.ok(!result.valid && result.errors.length === 1_000 && result.truncated === true);
  const shown = compact(result.errors, { max: 5 });
  assert.is(shown.length, 5);
  assert.ok(shown.every((e) => e.instanceLocation.startsWith("/")));
  assert.equal(shown.slice(0, 3).map((e) => e.keyword), ["type", "type", "anyOf"], "past the bound, the branches' own errors are listed, unfolded");
  // A short list is still folded: one line per failed anyOf, naming the types its branches wanted.
  const few = compact((v.validate([1, 2]) as { errors: OutputUnit[] }).errors);
  assert.equal(few.map((e) => e.instanceLocation), ["/0", "/1"]);
  assert.match(few[0]!.error, /\(the branches expect string or boolean, but it is 1\)$/);
});

test("output formats: what a quiet question would drop is never made", () => {
  // contains asks each item quietly. An annotating pass made each failing item's unit (message,
  // location, trace entry) and dropped it: 10 branches over 100,000 items took 3 s in detailed
  // and verbose, 500 times the boolean pass (flag).
  const items = Array.from({ length: 100_000 }, (_, i) => i);
  const v = compile({ anyOf: Array.from({ length: 10 }, (_, i) => ({ contains: { const: -1 - i } })) }, { cache: false });
  const flag = fastest(() => v.validate(items, { output: "flag" }));
  for (const output of ["basic", "detailed", "verbose"] as const) {
    const result = v.validate(items, { output });
    assert.is(result.valid, false);
    assert.ok(JSON.stringify(result).includes("must contain at least 1 item matching the contains schema, but contains 0"), output);
    const ratio = fastest(() => v.validate(items, { output })) / flag;
    assert.ok(ratio < 150, `${output}: ${ratio.toFixed(0)} times the boolean pass`);
  }
});

test("verbose output of a deep unit with long locations collapses as detailed does, past the text bound", () => {
  const key = "k".repeat(10_000);
  let data: unknown = 1;
  for (let level = 0; level < 100; level++) data = { [key]: data };
  const schema = { $defs: { node: { type: "object", additionalProperties: { $ref: "#/$defs/node" } } }, $ref: "#/$defs/node" };
  const v = compile(schema, { cache: false });
  const verbose = JSON.stringify(v.validate(data, { output: "verbose" }));
  assert.ok(verbose.length < 2 * MAX_OUTPUT_TEXT, `${verbose.length} characters`);
  assert.is(verbose, JSON.stringify(v.validate(data, { output: "detailed" })));
  // A short key keeps the whole hierarchy.
  let small: unknown = 1;
  for (let level = 0; level < 100; level++) small = { k: small };
  assert.ok(JSON.stringify(v.validate(small, { output: "verbose" })).length > JSON.stringify(v.validate(small, { output: "detailed" })).length);
});

test("verbose output whose absolute locations repeat a long $defs key collapses as detailed does, valid or not", () => {
  // Each node of a deep chain makes its own absoluteKeywordLocation: a 1,000,000-character key
  // (named through an anchor, so the schema holds it once) on 200 levels made 400 MB of output.
  const name = "d".repeat(1_000_000);
  const schema = { $defs: { [name]: { $anchor: "n", type: "object", properties: { a: { $ref: "#n" } } } }, $ref: "#n" };
  const v = compile(schema, { cache: false });
  let invalid: unknown = 5;
  let valid: unknown = {};
  for (let level = 0; level < 200; level++) {
    invalid = { a: invalid };
    valid = { a: valid };
  }
  for (const data of [invalid, valid]) {
    const verbose = JSON.stringify(v.validate(data, { output: "verbose" }));
    assert.ok(verbose.length < 2 * MAX_OUTPUT_TEXT, `${verbose.length} characters`);
    assert.is(verbose, JSON.stringify(v.validate(data, { output: "detailed" })));
  }
});

test("an invalid instance's output formats stop where validate()'s error pass does, not at the document's end", () => {
  // The annotating pass went on over every item for annotations an invalid result never shows
  // (80,000 items of {a:1} under 3,000 dependentRequired names took 5 to 7 s with maxErrors 1):
  // here each item's value is read by a getter that counts.
  const v = compile({ items: { properties: { a: { type: "string" } } } }, { cache: false });
  let reads = 0;
  const data = Array.from({ length: 1_000 }, () => ({ get a() { reads++; return 1; } }));
  for (const output of ["basic", "detailed", "verbose"] as const) {
    for (const call of [1, 20]) {
      // Once through the explainer (a validator's first invalid instances), once through the closures.
      reads = 0;
      const result = v.validate(data, { output, maxErrors: 1 }) as { valid: boolean; truncated?: boolean };
      assert.is(result.valid, false);
      assert.is(result.truncated, true, output);
      assert.ok(reads < 20, `${output}, call ${call}: ${reads} items read`);
      for (let i = 0; i < 20; i++) v.validate(data, { maxErrors: 1 });
    }
  }
});

test("an invalid instance's output formats skip what the boolean pass saw pass, as validate() does", () => {
  // Without the boolean pass's witness the output's error pass read every item again: a large
  // array that fails at its end spent the call's pattern steps twice and showed a "$pattern"
  // unit in place of validate()'s errors.
  const v = compile({ items: { properties: { a: { type: "string" } } } }, { cache: false });
  let reads = 0;
  const item = { get a() { reads++; return "s"; } };
  const data = [...Array.from({ length: 1_000 }, () => item), { a: 5 }];
  reads = 0;
  const errors = JSON.stringify(v.validate(data));
  const validateReads = reads;
  assert.ok(validateReads < 1_100, `validate(): ${validateReads} reads`);
  for (const output of ["basic", "detailed", "verbose"] as const) {
    reads = 0;
    const result = v.validate(data, { output }) as { errors: { keyword: string; instanceLocation: string }[] };
    assert.is(reads, validateReads, output);
    if (output === "basic") assert.equal(result.errors.map((e) => e.keyword), (JSON.parse(errors) as { errors: { keyword: string }[] }).errors.map((e) => e.keyword));
  }
});

test("cyclic data: reported (as the $depth outcome), not followed forever", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  const v = compile({ additionalProperties: { $ref: "#" } }, { cache: false });
  assert.not.ok(v.isValid(cyclic));
  // Each crossing of the recursive reference counts: the limit stops it.
  assert.ok(isDepthOutcome(v.validate(cyclic), /more than 256 levels deep/));
  // Where a value entered again in place does not count (two recursive references applied to
  // one value), the same object met again counts no deeper: the stack stops it.
  const twice = compile({ allOf: [{ $ref: "#/$defs/n" }, { $ref: "#/$defs/n" }], $defs: { n: { additionalProperties: { $ref: "#" } } } }, { cache: false });
  assert.not.ok(twice.isValid(cyclic));
  assert.ok(isDepthOutcome(twice.validate(cyclic)));
  const arrays: unknown[] = [];
  arrays.push(arrays);
  assert.ok(compile({ uniqueItems: true, items: { $ref: "#" } }, { cache: false }).validate([arrays]).valid === false);
});

test("maxErrors caps the output and says the list was cut", () => {
  const v = compile({ items: { type: "string" } }, { cache: false });
  const data = Array.from({ length: 5_000 }, (_, i) => i);
  const capped = v.validate(data);
  assert.ok(!capped.valid && capped.errors.length === 1_000 && capped.truncated === true);
  const small = v.validate(data, { maxErrors: 10 });
  assert.ok(!small.valid && small.errors.length === 10 && small.truncated === true);
  const whole = v.validate(data.slice(0, 5));
  assert.ok(!whole.valid && whole.errors.length === 5 && whole.truncated === undefined);
  // A blow-up schema with all errors collected stays bounded too.
  const chain = compile(doubling(40, "allOf", { type: "integer" }), { cache: false }).validate("x");
  assert.ok(!chain.valid && chain.errors.length <= 1_000);
});

test("no prototype is ever polluted by any of the above", () => {
  const hostile = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}');
  const v = compile(
    JSON.parse('{"properties": {"__proto__": {"type": "object"}, "constructor": {"type": "object"}}, "$defs": {"__proto__": {"const": 1}}, "additionalProperties": {"$ref": "#"}}'),
    { cache: false },
  );
  v.isValid(hostile);
  v.validate(hostile);
  compile(hostile, { cache: false }).validate(hostile);
  assert.equal(prototypes(), before);
  assert.is(({} as Record<string, unknown>)["polluted"], undefined);
});

test.run();
