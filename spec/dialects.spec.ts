// The five dialects: how a schema's dialect is chosen ($schema, the dialect option, the lenient
// mode), each dialect's own semantics where it differs from 2020-12, and the gate in each.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaCache, type CompileOptions } from "../src/index.js";
import { refuses } from "./keywords/output-checks.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const DRAFT_04 = "http://json-schema.org/draft-04/schema#";
const DRAFT_2019 = "https://json-schema.org/draft/2019-09/schema";

function verdicts(schema: unknown, values: readonly unknown[], options: CompileOptions = {}): boolean[] {
  const v = compile(schema, { cache: false, ...options });
  return values.map((value) => {
    const fast = v.isValid(value);
    assert.is(v.validate(value).valid, fast, `isValid and validate agree on ${JSON.stringify(value)}`);
    return fast;
  });
}

test("$schema picks the dialect in each of its usual spellings; validator.dialect says which", () => {
  const spellings: [string, string][] = [
    ["https://json-schema.org/draft/2020-12/schema", "2020-12"],
    ["http://json-schema.org/draft/2019-09/schema#", "2019-09"],
    ["http://json-schema.org/draft-07/schema#", "draft-07"],
    ["https://json-schema.org/draft-07/schema", "draft-07"],
    ["http://json-schema.org/draft-06/schema", "draft-06"],
    ["https://json-schema.org/draft-04/schema#", "draft-04"],
  ];
  for (const [uri, name] of spellings) assert.is(compile({ $schema: uri }, { cache: false }).dialect, name, uri);
  assert.is(compile({}, { cache: false }).dialect, "2020-12");
});

test("the dialect option: short names and metaschema URIs, for schemas without $schema only", () => {
  const tuple = { items: [{ type: "string" }], additionalItems: false };
  for (const dialect of ["draft-07", "draft-06", "draft-04", "2019-09", DRAFT_07, "http://json-schema.org/draft-04/schema"]) {
    assert.equal(verdicts(tuple, [["a"], ["a", 1], [1]], { dialect }), [true, false, false], dialect);
  }
  // 2020-12 has no array-form items: the metaschema refuses it.
  refuses(tuple, "invalid-schema", "/items", { cache: false });
  // A $schema wins over the option.
  assert.is(compile({ $schema: DRAFT_04 }, { cache: false, dialect: "2019-09" }).dialect, "draft-04");
  refuses({}, "unsupported-dialect", "", { dialect: "draft-03" });
});

test("the dialect option is part of the cache key", () => {
  const cache = new SchemaCache();
  const schema = { properties: { a: { $ref: "#/definitions/n", minimum: 5 } }, definitions: { n: { type: "number" } } };
  const modern = compile(schema, { cache });
  const draft07 = compile(schema, { cache, dialect: "draft-07" });
  assert.is.not(modern, draft07);
  assert.is(compile(schema, { cache, dialect: "draft-07" }), draft07);
  // 2020-12 applies $ref's siblings; draft-07 ignores them.
  assert.is(modern.isValid({ a: 1 }), false);
  assert.is(draft07.isValid({ a: 1 }), true);
  assert.is(draft07.isValid({ a: "x" }), false);
});

test("an unknown $schema is refused, or read as the default dialect in the lenient mode", () => {
  const draft03 = { $schema: "http://json-schema.org/draft-03/schema#", type: "integer" };
  const error = refuses(draft03, "unsupported-dialect", "/$schema");
  assert.match(error.message, "unsupported dialect");
  const lenient = compile(draft03, { cache: false, unknownDialect: "default" });
  assert.is(lenient.dialect, "2020-12");
  assert.equal([lenient.isValid(1), lenient.isValid(1.5)], [true, false]);
  assert.is(compile(draft03, { cache: false, unknownDialect: "default", dialect: "draft-04" }).dialect, "draft-04");
  // An embedded resource with an unknown $schema is read in the default dialect too, by the gate's walk and the registry alike.
  const embedded = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $defs: { r: { $id: "https://example.com/r", $schema: "https://example.com/unknown", definitions: { s: { $id: "#s", type: "string" } }, allOf: [{ $ref: "#s" }] } },
    $ref: "https://example.com/r",
  };
  assert.equal(verdicts(embedded, ["x", 1], { refs: "document", dialect: "draft-07", unknownDialect: "default" }), [true, false]);
  // Lenient still checks the schema against the default dialect's metaschema.
  refuses({ ...draft03, required: true }, "invalid-schema", "/required", { unknownDialect: "default" });
});

test("a $schema that is not a string is refused by the metaschema; below a resource root it changes nothing", () => {
  refuses({ $schema: 7 }, "invalid-schema", "/$schema", { cache: false });
  refuses({ $schema: 7 }, "invalid-schema", "/$schema", { cache: false, dialect: "draft-07" });
  // Not at a resource root: ignored, the 2020-12 meaning of items applies.
  assert.equal(verdicts({ properties: { a: { $schema: DRAFT_07, items: { type: "string" } } } }, [{ a: ["x"] }, { a: [1] }]), [true, false]);
  // At an embedded resource root (2019-09 on), it switches the resource's dialect.
  const embedded = { $defs: { t: { $id: "https://example.com/t", $schema: DRAFT_2019, items: [{ type: "string" }], additionalItems: false } }, $ref: "https://example.com/t" };
  assert.equal(verdicts(embedded, [["x"], ["x", 1]], { refs: "document" }), [true, false]);
});

test("an embedded resource is checked against its own dialect's metaschema, wherever it sits", () => {
  const resource = (id: number, body: object) => ({ $id: `https://example.com/r${id}`, $schema: DRAFT_2019, ...body });
  refuses({ $defs: { a: resource(1, { $recursiveRef: 5 }) } }, "invalid-schema", "/$defs/a/$recursiveRef");
  refuses({ $defs: { a: resource(1, { $defs: { b: { $id: "https://example.com/b", $schema: "https://json-schema.org/draft/2020-12/schema", prefixItems: 1 } } }) } }, "invalid-schema", "/$defs/a/$defs/b/prefixItems");
  // Many resources that each change the dialect, each checked against its own metaschema.
  const many = Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`d${i}`, resource(i, { items: [{ type: "string" }] })]));
  assert.is(compile({ $defs: many }, { cache: false }).dialect, "2020-12");
  refuses({ $defs: { ...many, d7: resource(7, { items: 5 }) } }, "invalid-schema", "/$defs/d7/items", { cache: false });
});

test("draft-04 to 07: $ref is the whole schema object, and a sibling $id does not change the base", () => {
  const schema = { $schema: DRAFT_07, definitions: { s: { type: "string" } }, properties: { a: { $ref: "#/definitions/s", maxLength: 1, $id: "http://other.test/" } } };
  assert.equal(verdicts(schema, [{ a: "long" }, { a: 1 }]), [true, false]);
  const draft04 = { $schema: DRAFT_04, definitions: { s: { type: "string" } }, properties: { a: { $ref: "#/definitions/s", maxLength: 1, id: "http://other.test/" } } };
  assert.equal(verdicts(draft04, [{ a: "long" }, { a: 1 }]), [true, false]);
});

test("draft-04 to 07: an identifier's fragment is a plain-name anchor", () => {
  const schema = { $schema: DRAFT_07, definitions: { s: { $id: "#str", type: "string" } }, $ref: "#str" };
  assert.equal(verdicts(schema, ["x", 1]), [true, false]);
  const draft04 = { $schema: DRAFT_04, definitions: { s: { id: "#str", type: "string" } }, $ref: "#str" };
  assert.equal(verdicts(draft04, ["x", 1]), [true, false]);
});

test("draft-04: boolean exclusiveMinimum/exclusiveMaximum make their bound strict; no boolean schemas", () => {
  const schema = { $schema: DRAFT_04, minimum: 1, exclusiveMinimum: true, maximum: 3, exclusiveMaximum: false };
  assert.equal(verdicts(schema, [1, 1.5, 3, 3.5]), [false, true, true, false]);
  const v = compile(schema, { cache: false });
  const result = v.validate(1);
  assert.is(result.valid, false);
  if (!result.valid) assert.equal(result.errors.map((e) => [e.keyword, e.params]), [["minimum", { comparison: ">", limit: 1 }]]);
  refuses({ $schema: DRAFT_04, properties: { a: true } }, "invalid-schema", "/properties/a");
  refuses({ $schema: DRAFT_04, required: [] }, "invalid-schema", "/required");
  // A number is not a draft-04 exclusive bound, a boolean is not a draft-06 one.
  refuses({ $schema: DRAFT_04, exclusiveMinimum: 1 }, "invalid-schema", "/exclusiveMinimum");
  refuses({ $schema: "http://json-schema.org/draft-06/schema#", exclusiveMinimum: true }, "invalid-schema", "/exclusiveMinimum");
});

test("draft-04 to 07: dependencies, in both forms; keywords of later drafts are unknown and ignored", () => {
  const schema = { $schema: DRAFT_07, dependencies: { a: ["b"], c: { required: ["d"] } } };
  assert.equal(verdicts(schema, [{ a: 1, b: 1 }, { a: 1 }, { c: 1, d: 1 }, { c: 1 }]), [true, false, true, false]);
  assert.equal(verdicts({ $schema: DRAFT_07, dependentRequired: { a: ["b"] }, minContains: 2, contains: { const: 1 } }, [{ a: 1 }, [1]]), [true, true]);
  assert.equal(verdicts({ $schema: "http://json-schema.org/draft-06/schema#", if: { const: 1 }, then: false }, [1]), [true]);
  assert.equal(verdicts({ $schema: DRAFT_04, const: 1, propertyNames: false }, [2, { a: 1 }]), [true, true]);
});

test("2019-09: $recursiveRef follows the outermost run of $recursiveAnchor resources", () => {
  const tree = {
    $schema: DRAFT_2019,
    $id: "https://example.com/tree",
    $recursiveAnchor: true,
    type: "object",
    properties: { children: { type: "array", items: { $recursiveRef: "#" } } },
  };
  const strict = {
    $schema: DRAFT_2019,
    $id: "https://example.com/strict-tree",
    $recursiveAnchor: true,
    $ref: "tree",
    unevaluatedProperties: false,
  };
  const schemas = { "https://example.com/tree": tree };
  const v = compile(strict, { cache: false, refs: "document", schemas });
  assert.is(v.dialect, "2019-09");
  assert.is(v.isValid({ children: [{ children: [] }] }), true);
  // The misspelled name is below, reached through $recursiveRef: the strict tree applies there too.
  assert.is(v.isValid({ children: [{ childrn: [] }] }), false);
  assert.is(v.validate({ children: [{ childrn: [] }] }).valid, false);
  // Compiled alone, the plain tree allows any property.
  assert.is(compile(tree, { cache: false }).isValid({ children: [{ childrn: [] }] }), true);
});

// 2019-09 8.2.4.2.2: the dynamic scope is examined "for the outermost schema that also contains
// `$recursiveAnchor` with a value of true"; a resource in scope without it is passed over.
// hyperjump, ajv, @cfworker and schemasafe give these verdicts too.
test("2019-09: $recursiveRef lands at the outermost anchored resource, past unanchored ones", () => {
  const outer = {
    $schema: DRAFT_2019,
    $id: "https://example.com/a",
    $recursiveAnchor: true,
    required: ["fromA"],
    $ref: "b",
    $defs: {
      b: { $id: "b", $ref: "c" }, // no $recursiveAnchor: it does not stop the search
      c: { $id: "c", $recursiveAnchor: true, type: "object", properties: { next: { $recursiveRef: "#" } } },
    },
  };
  const data = [{ fromA: 1 }, { fromA: 1, next: {} }, { fromA: 1, next: { fromA: 2 } }, { fromA: 1, next: { fromA: 2, next: {} } }];
  assert.equal(verdicts(outer, data, { refs: "document" }), [true, false, true, false]);
  // The root unanchored: y is the outermost anchored resource, past the unanchored z.
  const inner = {
    $schema: DRAFT_2019,
    $id: "https://example.com/r",
    properties: { a: { $id: "y", $recursiveAnchor: true, required: ["y"], properties: { b: { $id: "z", properties: { c: { $id: "x", $recursiveAnchor: true, type: "object", properties: { d: { $recursiveRef: "#" } } } } } } } },
  };
  assert.equal(verdicts(inner, [{ a: { y: 1, b: { c: { d: {} } } } }, { a: { y: 1, b: { c: { d: { y: 1 } } } } }, { a: { y: 1, b: { c: { d: 1 } } } }], { refs: "document" }), [false, true, true]);
  // The errors name the landing, in the explainer's turn and the closures' after it.
  const v = compile(outer, { cache: false, refs: "document" });
  for (let i = 0; i < 20; i++) {
    const result = v.validate({ fromA: 1, next: {} });
    assert.equal(result.valid ? [] : result.errors.map((e) => [e.instanceLocation, e.keywordLocation]), [["/next", "/$ref/$ref/properties/next/$recursiveRef/required"]], `call ${i}`);
  }
});

test("2019-09: unevaluatedItems sees array-form items and additionalItems", () => {
  const schema = { $schema: DRAFT_2019, allOf: [{ items: [true] }], unevaluatedItems: false };
  assert.equal(verdicts(schema, [[1], [1, 2]]), [true, false]);
  const all = { $schema: DRAFT_2019, allOf: [{ items: [true], additionalItems: true }], unevaluatedItems: false };
  assert.equal(verdicts(all, [[1, 2, 3]]), [true]);
});

// 2020-12 made the items contains matches evaluated (its release notes: "contains and
// unevaluatedItems"); in 2019-09 only items, additionalItems and unevaluatedItems evaluate items.
test("2019-09: contains does not evaluate items for unevaluatedItems; 2020-12: it does", () => {
  const tuple = { type: "array", contains: { type: "string", minLength: 3 }, unevaluatedItems: false };
  assert.equal(verdicts({ $schema: DRAFT_2019, ...tuple, items: [{ type: "string" }, { type: "string" }] }, [["a", "bbb"], ["a", "b", "ccc"]]), [true, false]);
  assert.equal(verdicts({ ...tuple, prefixItems: [{ type: "string" }, { type: "string" }] }, [["a", "bbb"], ["a", "b", "ccc"]]), [true, true]);
  const nested = { allOf: [{ contains: { const: 1 } }], unevaluatedItems: false };
  assert.equal(verdicts({ $schema: DRAFT_2019, ...nested }, [[], [1]]), [false, false]);
  assert.equal(verdicts(nested, [[], [1]]), [false, true]);
  const result = compile({ $schema: DRAFT_2019, ...nested }, { cache: false }).validate([1]);
  assert.equal(result.valid ? [] : result.errors.map((e) => [e.instanceLocation, e.keyword]), [["", "unevaluatedItems"]]);
});

test("the gate is the same in every dialect: the ref policy, #/definitions refs, bounds", () => {
  for (const $schema of [DRAFT_07, DRAFT_04, DRAFT_2019]) {
    refuses({ $schema, properties: { a: { $ref: "https://example.com/x" } } }, "external-ref", "/properties/a/$ref");
    assert.equal(verdicts({ $schema, definitions: { n: { type: "number" } }, properties: { a: { $ref: "#/definitions/n" } } }, [{ a: 1 }, { a: "x" }]), [true, false]);
  }
  refuses({ $schema: DRAFT_2019, $recursiveRef: "https://example.com/x" }, "external-ref", "/$recursiveRef");
  // An array-form items is a schema position in draft-07: a reference in it is held to the policy.
  refuses({ $schema: DRAFT_07, items: [{ $ref: "https://example.com/x" }] }, "external-ref", "/items/0/$ref");
  // A draft-04 id is an identifier, not a reference.
  assert.equal(verdicts({ $schema: DRAFT_04, id: "https://example.com/root", type: "string" }, ["x"]), [true]);
  let deep: unknown = { type: "string" };
  for (let i = 0; i < 70; i++) deep = { $schema: DRAFT_07, items: [deep] };
  refuses(deep, "depth", "/items/0".repeat(32), { cache: false });
});

test("a reference that reaches a schema the walk saw as data is still held to the ref policy", () => {
  // `definitions` is no 2020-12 keyword, so the walk reads it as data; the pointer makes it a schema.
  const schema = { definitions: { a: { $ref: "https://json-schema.org/draft/2020-12/schema" } }, $ref: "#/definitions/a" };
  refuses(schema, "external-ref", "/definitions/a/$ref", { cache: false });
});

test.run();
