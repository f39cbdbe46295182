// The explainer (src/engine/explain.ts) collects the errors of a validator's first invalid
// instances from the schema's own objects, and the collecting variant's closures collect them
// after that (src/validator.ts): both must give the same units, in the same order, in every
// mode. Held here for every suite case and for generated schemas and data; the other error specs
// meet the explainer too, since they validate each schema a few times.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileExplaining } from "../src/compile.js";
import { compile, SchemaError, type CompileOptions, type Validator } from "../src/index.js";
import { handedOver, usedExplainer } from "../src/validator.js";
import { EXPLAINED_INVALID } from "../src/limits.js";
import { LARGE_TEXT } from "../src/gate/walk.js";
import { instance, jsonValue, runs } from "./helpers/arbitraries.js";
import { samePasses, samePassesOnGenerated, samePassesOnSuite } from "./helpers/passes.js";
import { formats } from "../src/formats/index.js";


/** A validator whose errors come from the explainer when it can, and one whose errors come from the closures only. */
function pair(schema: unknown, options: CompileOptions): [Validator, Validator] | undefined {
  try {
    return [compileExplaining(schema, options), compileExplaining(schema, options, 0)];
  } catch (error) {
    if (error instanceof SchemaError) return undefined;
    throw error;
  }
}

test("every suite case: the explainer gives the units the closures give", () => {
  let explained = 0;
  const compared = samePassesOnSuite(pair, ([first, closures]) => {
    if (usedExplainer(first)) explained++;
    assert.not.ok(usedExplainer(closures), "first = 0: never the explainer");
  });
  assert.ok(compared > 1200, `only ${compared} suite cases compared`);
  assert.ok(explained > 440, `the explainer collected errors for only ${explained} suite cases`);
});

test("property: generated schemas and data: the explainer gives the units the closures give", () => {
  samePassesOnGenerated(pair, fc.oneof(instance, jsonValue), 300);
});

/**
 * A generated document as the explainer serves it: one resource (no `$id`) without dynamic
 * references, every `$ref` a pointer into it; with `anchors`, the first `$anchor` of each name
 * stays (a later one would declare it twice in the one resource) and every `$ref` but `#` names
 * the anchor `a0` (the root's `$defs/d2` declares it, if no subschema before it does).
 */
function withoutIdentifiers(value: unknown, anchors?: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutIdentifiers(item, anchors));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (key === "$id" || key === "$dynamicAnchor" || key === "$dynamicRef") continue;
    if (key === "$anchor") {
      if (anchors !== undefined && typeof member === "string" && !anchors.has(member)) out[key] = member;
      anchors?.add(member as string);
      continue;
    }
    const reference = anchors !== undefined ? (member === "#" ? member : "#a0") : typeof member === "string" && member.startsWith("#/") ? member : "#/$defs/d0";
    out[key] = key === "$ref" ? reference : withoutIdentifiers(member, anchors);
  }
  return out;
}

test("property: generated documents without identifiers, mostly explained: the units the closures give", () => {
  let compared = 0;
  let explained = 0;
  const count = (schema: unknown, options: CompileOptions): [Validator, Validator] | undefined => {
    const validators = pair(schema, options);
    if (validators !== undefined) compared++;
    return validators;
  };
  samePassesOnGenerated((schema, options) => count(withoutIdentifiers(schema), options), fc.oneof(instance, jsonValue), 300, (validators) => {
    if (usedExplainer(validators[0])) explained++;
  });
  assert.ok(explained > compared * 0.3, `${explained} of ${compared} documents explained`);
});

test("property: generated documents with anchors in one resource: explained, the units the closures give", () => {
  // Few generated documents hold a reference (about one in ten): enough runs that some dozens do.
  let anchored = 0;
  const count = runs(600);
  samePassesOnGenerated((schema, options) => pair(withoutIdentifiers(schema, new Set()), options), fc.oneof(instance, jsonValue), count, (validators) => {
    if (usedExplainer(validators[0]) && JSON.stringify(validators[0].schema).includes('"$ref":"#a0"')) anchored++;
  });
  assert.ok(anchored >= count / 60, `only ${anchored} of ${count} documents explained with references to an anchor`);
});

test("property: generated documents of several resources: explained, the units the closures give", () => {
  // Every generated document embeds the resource `e0` (`$id: "e0"`, with its own `$defs` and anchor).
  let explained = 0;
  const count = runs(300);
  samePassesOnGenerated(pair, fc.oneof(instance, jsonValue), count, (validators) => {
    if (usedExplainer(validators[0]) && JSON.stringify(validators[0].schema).includes('"$id":"e0"')) explained++;
  });
  assert.ok(explained >= count / 10, `only ${explained} of ${count} documents of several resources explained`);
});

test("an embedded resource: references resolve against it, units carry its absolute locations", () => {
  const schema = {
    $id: "https://example.test/root.json",
    properties: { a: { $ref: "item.json" }, b: { $ref: "item.json#/$defs/n" }, c: { $ref: "item.json#pos" }, d: { $ref: "#/$defs/item/properties/x" } },
    $defs: {
      item: { $id: "item.json", properties: { x: { $ref: "#/$defs/n" } }, $defs: { n: { type: "integer" }, p: { $anchor: "pos", minimum: 1 } } },
    },
  };
  const validators = pair(schema, { refs: "document" })!;
  const data = { a: { x: "s" }, b: "t", c: 0, d: 1.5 };
  samePasses(validators, data, "embedded resource");
  assert.ok(usedExplainer(validators[0]));
  const result = validators[0].validate(data, { allErrors: true });
  assert.equal(result.valid ? [] : result.errors.map((e) => [e.keywordLocation, e.absoluteKeywordLocation]), [
    ["/properties/a/$ref/properties/x/$ref/type", "https://example.test/item.json#/$defs/n/type"],
    ["/properties/b/$ref/type", "https://example.test/item.json#/$defs/n/type"],
    ["/properties/c/$ref/minimum", "https://example.test/item.json#/$defs/p/minimum"],
    ["/properties/d/$ref/$ref/type", "https://example.test/item.json#/$defs/n/type"],
  ]);
  // A reference whose pointer is spelled otherwise than a walk spells it lands where the walk's pointer names: in the embedded resource.
  const spelled = { $id: "https://example.test/r.json", properties: { a: { $ref: "#/$defs/%7E02" }, b: { $ref: "#/$defs/%7E02/$defs/m" } }, $defs: { "~2": { $id: "e.json", $ref: "#/$defs/m", $defs: { m: { type: "integer" } } } } };
  const resolved = pair(spelled, {})!;
  samePasses(resolved, { a: "x", b: "y" }, "pointer spelled otherwise");
  assert.ok(usedExplainer(resolved[0]));
  const result2 = resolved[0].validate({ a: "x", b: "y" }, { allErrors: true });
  assert.equal(result2.valid ? [] : result2.errors.map((e) => e.absoluteKeywordLocation), ["https://example.test/e.json#/$defs/m/type", "https://example.test/e.json#/$defs/m/type"]);
});

test("references to anchors: explained, with the closures' locations", () => {
  const schema = { $defs: { pos: { $anchor: "pos", type: "integer", minimum: 1 } }, type: "object", properties: { a: { $ref: "#pos" }, b: { $ref: "#/$defs/pos" } } };
  const validators = pair(schema, {})!;
  samePasses(validators, { a: 0, b: "x" }, "$anchor");
  assert.ok(usedExplainer(validators[0]));
  const result = validators[0].validate({ a: 0, b: "x" }, { allErrors: true });
  assert.equal(result.valid ? [] : result.errors.map((e) => [e.keywordLocation, e.absoluteKeywordLocation]), [
    ["/properties/a/$ref/minimum", "#/$defs/pos/minimum"],
    ["/properties/b/$ref/type", "#/$defs/pos/type"],
  ]);
  // Under a root $id, and draft-07's plain-name fragment identifiers.
  const based = pair({ $id: "https://example.test/tool.json", ...schema }, {})!;
  samePasses(based, { a: 0 }, "$anchor under $id");
  assert.ok(usedExplainer(based[0]));
  const result2 = based[0].validate({ a: 0 });
  assert.equal(result2.valid ? [] : result2.errors.map((e) => e.absoluteKeywordLocation), ["https://example.test/tool.json#/$defs/pos/minimum"]);
  const draft07 = { $schema: "http://json-schema.org/draft-07/schema#", definitions: { pos: { $id: "#pos", type: "integer", minimum: 1 } }, properties: { a: { $ref: "#pos" } } };
  const legacy = pair(draft07, {})!;
  samePasses(legacy, { a: 0 }, "draft-07 $id fragment");
  assert.ok(usedExplainer(legacy[0]));
  // A reference by a name no anchor declares is refused at compile, explained or not.
  assert.throws(() => compile({ properties: { a: { $ref: "#nowhere" } } }, { cache: false }), (error: unknown) => error instanceof SchemaError);
});

test("many references from one resource: each lands where the closures' does, past the short list too", () => {
  // Twelve targets, each referenced twice: the explainer keeps a resource's landings in a short
  // list, then (past eight) a Map; a landing found before the switch is found after it.
  const names = Array.from({ length: 12 }, (_, i) => `d${i}`);
  const schema = {
    $defs: Object.fromEntries(names.map((name, i) => [name, { type: "integer", minimum: i }])),
    type: "object",
    properties: Object.fromEntries(names.flatMap((name) => [[`a${name}`, { $ref: `#/$defs/${name}` }], [`b${name}`, { $ref: `#/$defs/${name}` }]])),
  };
  const validators = pair(schema, {})!;
  const bad = Object.fromEntries(names.flatMap((name, i) => [[`a${name}`, i - 1], [`b${name}`, "x"]]));
  for (let round = 0; round < 3; round++) samePasses(validators, bad, `many references, round ${round}`);
  assert.ok(usedExplainer(validators[0]));
  const result = validators[0].validate(bad);
  assert.is(result.valid ? 0 : result.errors.length, 24, "every a-value is one below its minimum, every b-value a string");
});

test("a validator explains its first invalid instances, then compiles the closures: the same units throughout", () => {
  const schema = { type: "object", properties: { n: { type: "integer", minimum: 0 }, tags: { type: "array", items: { type: "string" } } }, required: ["n"], additionalProperties: false };
  const v = compile(schema, { cache: false });
  const invalid = { n: -1, tags: ["a", 2], extra: true };
  const results = Array.from({ length: EXPLAINED_INVALID + 4 }, () => JSON.stringify(v.validate(invalid)));
  assert.ok(usedExplainer(v));
  assert.is(new Set(results).size, 1, "every call gives the same units");
  assert.equal(
    JSON.parse(results[0]!).errors.map((e: { instanceLocation: string; keyword: string }) => [e.instanceLocation, e.keyword]),
    [["/n", "minimum"], ["/tags/1", "type"], ["", "additionalProperties"]],
  );
});

test("format asserts in the explainer as in the closures when compile was given checkers", () => {
  const schema = { type: "object", properties: { email: { type: "string", format: "email" }, at: { format: "date-time" }, id: { format: "unknown-format" } } };
  const validators = pair(schema, { formats });
  assert.ok(validators !== undefined);
  for (const value of [{ email: "x", at: "yesterday", id: "?" }, { email: "a@b.co", at: "2026-12-01T00:00:00Z" }, { at: 1 }]) samePasses(validators!, value, JSON.stringify(value));
  const result = validators![0].validate({ email: "x", at: "2026-12-01T00:00:00Z" });
  assert.ok(usedExplainer(validators![0]));
  assert.equal(result.valid ? [] : result.errors.map((e) => [e.instanceLocation, e.keyword]), [["/email", "format"]]);
});

/** $defs where each d_i reaches d_i+1 through its own `properties` and through its $ref's (a branching object): 2^levels paths to the leaf. */
function doubling(levels: number): { schema: unknown; data: unknown } {
  const $defs: Record<string, unknown> = { [`d${levels}`]: { type: "integer" } };
  for (let i = 0; i < levels; i++) {
    $defs[`d${i}`] = { properties: { a: { $ref: `#/$defs/d${i + 1}` } }, $ref: `#/$defs/e${i}` };
    $defs[`e${i}`] = { properties: { a: { $ref: `#/$defs/d${i + 1}` } } };
  }
  let data: unknown = "x";
  for (let i = 0; i < levels; i++) data = { a: data };
  return { schema: { $defs, $ref: "#/$defs/d0" }, data };
}

// Paths that double at every level: the closures remember results past MEMO_AFTER crossings
// (memo.ts), the explainer does not, and hands the pass to them (explain.ts HANDOVER) before
// that could make their lists differ.
test("references below a branching schema object: explained, or handed to the closures, the same units", () => {
  const deep = doubling(30);
  const [explaining, closures] = pair(deep.schema, {})!;
  // Five units are found long before the crossings add up: explained.
  const five = explaining.validate(deep.data, { maxErrors: 5 });
  assert.ok(usedExplainer(explaining));
  assert.not.ok(handedOver(explaining));
  assert.equal(five, closures.validate(deep.data, { maxErrors: 5 }));
  assert.equal(five.valid ? [] : five.errors.map((e) => e.instanceLocation), Array.from({ length: 5 }, () => "/a".repeat(30)));
  // Every path's unit (2^12 of them) takes more crossings than MEMO_AFTER: the closures take over.
  const wide = doubling(12);
  const handed = pair(wide.schema, {})!;
  const all = handed[0].validate(wide.data, { maxErrors: 5000 });
  assert.ok(usedExplainer(handed[0]));
  assert.ok(handedOver(handed[0]));
  assert.not.ok(handedOver(handed[1]), "the closures from the first: nothing to hand over");
  assert.equal(all, handed[1].validate(wide.data, { maxErrors: 5000 }));
  assert.is(all.valid ? 0 : all.errors.length, 2 ** 12);
  samePasses(handed, wide.data, "after the handover");
  // A cap past the memo's work budget: the closures from the first such crossing.
  const uncapped = pair(deep.schema, {})!;
  assert.equal(uncapped[0].validate(deep.data, { maxErrors: Infinity }), uncapped[1].validate(deep.data, { maxErrors: Infinity }));
  // Without the `$ref` beside `properties` the chain is one path: explained.
  const chain: Record<string, unknown> = { d30: { type: "integer" } };
  for (let i = 0; i < 30; i++) chain[`d${i}`] = { properties: { a: { $ref: `#/$defs/d${i + 1}` } } };
  const single = compileExplaining({ $defs: chain, $ref: "#/$defs/d0" });
  const errors = single.validate(deep.data);
  assert.ok(usedExplainer(single));
  assert.equal(errors.valid ? [] : errors.errors.map((e) => [e.instanceLocation, e.keyword]), [["/a".repeat(30), "type"]]);
});

// anyOf at a recursive reference's target has no plans for its branches (below a branching
// object references stay closures): the explainer asked each level's branches by a quiet walk of
// the whole subtree, depth × size in all (a red-team probe: 2.4 s at 80 levels of 16,384 items,
// 17 ms from the closures). Past the instance's top QUIET_DEPTH levels the closures take over.
test("questions without a plan deep in the data: handed to the closures, the same units", () => {
  const schema = { $defs: { n: { anyOf: [{ type: "string" }, { type: "object", properties: { big: { items: { type: "number" } }, next: { $ref: "#/$defs/n" } }, required: ["big"] }] } }, $ref: "#/$defs/n" };
  const nest = (levels: number): unknown => {
    let data: unknown = true; // fails both branches
    for (let i = 0; i < levels; i++) data = { big: [1, 2, 3], next: data };
    return data;
  };
  const shallow = pair(schema, {})!;
  const few = shallow[0].validate(nest(8));
  assert.ok(usedExplainer(shallow[0]));
  assert.not.ok(handedOver(shallow[0]));
  assert.equal(few, shallow[1].validate(nest(8)));
  const deep = pair(schema, {})!;
  const many = deep[0].validate(nest(40));
  assert.ok(handedOver(deep[0]));
  assert.equal(many, deep[1].validate(nest(40)));
  assert.is(many.valid ? 0 : many.errors.length, 83);
  samePasses(deep, nest(40), "after the handover");
  // A recursive subschema applied in place at every level (allOf beside properties recursing too)
  // walked each level's subtree again: past QUIET_DEPTH its crossings hand over.
  const inPlace = { $defs: { ok: { properties: { big: { items: { type: "number" } }, next: { $ref: "#/$defs/ok" } } }, n: { allOf: [{ $ref: "#/$defs/ok" }], properties: { next: { $ref: "#/$defs/n" } }, required: ["x"] } }, $ref: "#/$defs/n" };
  const levels = (count: number): unknown => {
    let data: unknown = {};
    for (let i = 0; i < count; i++) data = { big: [1, 2], next: data };
    return data;
  };
  const chained = pair(inPlace, {})!;
  const units = chained[0].validate(levels(40));
  assert.ok(handedOver(chained[0]));
  assert.equal(units, chained[1].validate(levels(40)));
  const near = pair(inPlace, {})!;
  near[0].validate(levels(8));
  assert.not.ok(handedOver(near[0]));
});

test("a root $id: the explainer's units carry the absolute locations the closures give", () => {
  const schema = { $id: "https://example.test/tool.json", properties: { a: { $ref: "#/$defs/n" }, b: { type: "string" } }, $defs: { n: { type: "integer" } } };
  const validators = pair(schema, {})!;
  samePasses(validators, { a: "x", b: 1 }, "root $id");
  assert.ok(usedExplainer(validators[0]));
  const result = validators[0].validate({ a: "x" });
  assert.equal(result.valid ? [] : result.errors.map((e) => [e.keywordLocation, e.absoluteKeywordLocation]), [["/properties/a/$ref/type", "https://example.test/tool.json#/$defs/n/type"]]);
});

// What counts as evaluated follows the tracking closures: allOf members, then, else, the
// dependentSchemas of present names and a reference's target add their names whether they hold
// or not; anyOf/oneOf branches and `if` only when they hold. patternProperties counts every name
// it matches, additionalProperties every name only when each additional value holds.
test("unevaluatedProperties: the explainer finds the names the closures' tracker records", () => {
  const schemas = [
    { type: "object", allOf: [{ properties: { a: { type: "string" } } }], unevaluatedProperties: false },
    { properties: { k: true }, anyOf: [{ properties: { a: { const: 1 } } }, { properties: { b: { const: 2 } } }], oneOf: [{ required: ["a"] }, { properties: { c: true } }], unevaluatedProperties: { type: "integer" } },
    { if: { properties: { kind: { const: "x" } } }, then: { properties: { x: { type: "string" } } }, else: { properties: { y: { minimum: 0 } } }, unevaluatedProperties: false },
    { $defs: { base: { required: ["id"], allOf: [{ $ref: "#/$defs/more" }] }, more: { properties: { more: true, id: { type: "string" } } } }, $ref: "#/$defs/base", unevaluatedProperties: false },
    { patternProperties: { "^x": { type: "integer" }, "y$": true }, unevaluatedProperties: false },
    { allOf: [{ additionalProperties: { type: "string" } }], unevaluatedProperties: false },
    { properties: { a: true }, patternProperties: { "^b": { minimum: 0 } }, additionalProperties: { type: "string" }, unevaluatedProperties: false },
    { anyOf: [{ additionalProperties: false }, { patternProperties: { "^x": true } }], unevaluatedProperties: { type: "integer" } },
    { dependentSchemas: { a: { properties: { b: true } }, kind: { patternProperties: { "^x": true } } }, unevaluatedProperties: false },
    { propertyNames: { maxLength: 2 }, properties: { a: true }, unevaluatedProperties: { type: "string" } },
    { $schema: "https://json-schema.org/draft/2019-09/schema", dependentSchemas: { a: { additionalProperties: { type: "integer" } } }, unevaluatedProperties: false },
  ];
  const instances = [{}, { a: "s" }, { a: 1, b: 2, c: 3 }, { a: 1, z: 1, k: "k" }, { kind: "x", x: 1, y: -1 }, { kind: "y", x: "s", y: -1 }, { id: "i", more: 1, other: "long" }, { a: "ok", b: "b" }, { b: 1, q: "xy" }, { x1: 1, x2: "s", z: "t" }, { b: -1, bb: 2, c: "s", d: 1 }, { a: 1, xy: 2, b: "s" }, { x1: 1, ay: 2, xy: "s", z: 1 }, [], "s"];
  for (const schema of schemas) {
    const validators = pair(schema, {})!;
    for (const value of instances) samePasses(validators, value, `${JSON.stringify(schema)} on ${JSON.stringify(value)}`);
    assert.ok(usedExplainer(validators[0]), JSON.stringify(schema));
  }
  const v = pair(schemas[0]!, {})![0];
  const result = v.validate({ a: 1, z: true });
  assert.equal(result.valid ? [] : result.errors.map((e) => [e.instanceLocation, e.keyword]), [["/a", "type"], ["", "unevaluatedProperties"]]);
  // An additional value that fails: additionalProperties still counts every name, as `properties`
  // counts a name whose value fails, so one bad value is one error (it once added an unevaluated
  // error for each name, "a" and the valid "b" too). The same from the closures, later.
  const [additional, closures] = pair(schemas[5]!, {})!;
  for (const validator of [additional, closures]) {
    const failed = validator.validate({ a: 1, b: "s" });
    assert.equal(failed.valid ? [] : failed.errors.map((e) => [e.instanceLocation, e.keyword, e.params]), [["/a", "type", { type: "string" }]]);
  }
  assert.ok(usedExplainer(additional));
  const closed = pair({ properties: { a: true }, additionalProperties: false, unevaluatedProperties: false }, {})!;
  for (const validator of closed) {
    const failed = validator.validate({ a: 1, c: 2 });
    assert.equal(failed.valid ? [] : failed.errors.map((e) => [e.keyword, e.params]), [["additionalProperties", { additionalProperty: "c" }]]);
  }
});

// The closures of a schema object with an unevaluated keyword, and of its subschemas in place and
// references' targets, are compiled to track (CompileContext.tracking): `properties` then runs
// apart from additionalProperties. Tracked or not, its errors follow its declared names' order
// (for more than four names too: they once followed the instance's keys there), and come before
// additionalProperties' (once fused into one pass in the instance's order). A property's or
// item's subschema is not tracked.
test("below an unevaluated keyword, the explainer lists errors in the order of the tracking closures", () => {
  const five = { a: { type: "string" }, b: { type: "string" }, c: true, d: true, e: true };
  const cases: [unknown, unknown, string[]][] = [
    [{ allOf: [{ properties: five }], unevaluatedProperties: false }, { b: 1, a: 2 }, ["/a", "/b"]],
    [{ $defs: { t: { properties: five } }, $ref: "#/$defs/t", unevaluatedProperties: false }, { b: 1, a: 2 }, ["/a", "/b"]],
    [{ allOf: [{ properties: five }] }, { b: 1, a: 2 }, ["/a", "/b"]],
    [{ properties: { x: { properties: five } }, unevaluatedProperties: false }, { x: { b: 1, a: 2 } }, ["/x/a", "/x/b"]],
    // properties and additionalProperties: properties' errors first, tracked or not.
    [{ allOf: [{ properties: { b: { type: "string" } }, additionalProperties: { type: "string" } }], unevaluatedItems: false }, { a: 1, b: 2 }, ["/b", "/a"]],
    [{ allOf: [{ properties: { b: { type: "string" } }, additionalProperties: { type: "string" } }] }, { a: 1, b: 2 }, ["/b", "/a"]],
  ];
  for (const [schema, value, order] of cases) {
    const validators = pair(schema, {})!;
    samePasses(validators, value, JSON.stringify(schema));
    const result = validators[0].validate(value);
    assert.ok(usedExplainer(validators[0]), JSON.stringify(schema));
    assert.equal(result.valid ? [] : result.errors.map((e) => e.instanceLocation), order, JSON.stringify(schema));
  }
});

// A subschema in place that holds an unevaluated keyword of the other kind has its own tracker in
// the closures, merged into its parent's only when it holds: what it evaluates counts only then.
test("a subschema in place with the other unevaluated keyword counts what it evaluates only when it holds", () => {
  const cases: [unknown, unknown, [string, string][]][] = [
    [{ $defs: { d0: { unevaluatedProperties: false, prefixItems: [false] } }, $ref: "#/$defs/d0", unevaluatedItems: { type: "number" } }, ["x", 1], [["/$ref/prefixItems/0", "/0"], ["/unevaluatedItems/type", "/0"]]],
    [{ allOf: [{ properties: { a: { type: "string" } }, unevaluatedItems: false }], unevaluatedProperties: false }, { a: 1 }, [["/allOf/0/properties/a/type", "/a"], ["/unevaluatedProperties", ""]]],
    [{ allOf: [{ properties: { a: { type: "string" } }, unevaluatedItems: false }], unevaluatedProperties: false }, { a: "s", b: 1 }, [["/unevaluatedProperties", ""]]],
  ];
  for (const [schema, value, units] of cases) {
    const validators = pair(schema, {})!;
    samePasses(validators, value, JSON.stringify(schema));
    const result = validators[0].validate(value);
    assert.ok(usedExplainer(validators[0]), JSON.stringify(schema));
    assert.equal(result.valid ? [] : result.errors.map((e) => [e.keywordLocation, e.instanceLocation]), units, JSON.stringify(schema));
  }
});

test("dynamic references that land in one place whatever the scope: explained, the closures' units", () => {
  // Without an anchor in the fragment, or to an anchor the root resource declares ($dynamicRef);
  // to a root without `$recursiveAnchor: true` ($recursiveRef). Also below unevaluatedProperties,
  // whose walk follows them in place.
  const schemas = [
    { $defs: { n: { type: "integer" } }, unevaluatedProperties: { oneOf: [false], $dynamicRef: "#/$defs/n" } },
    { $id: "https://dyn.test/root", $dynamicAnchor: "node", type: "object", properties: { kids: { type: "array", items: { $dynamicRef: "#node" } }, n: { type: "integer" } } },
    { $defs: { named: { properties: { name: { type: "string" } } } }, $dynamicRef: "#/$defs/named", unevaluatedProperties: false },
    { $schema: "https://json-schema.org/draft/2019-09/schema", type: "object", properties: { kids: { type: "array", items: { $recursiveRef: "#" } }, n: { type: "integer" } }, unevaluatedProperties: false },
  ];
  const data = [{ a: 1, b: 2, xy: 3 }, { kids: [{ n: "x" }, { kids: [{ n: 1.5 }] }], n: 1 }, { name: 1, other: true }, { kids: [{ n: 1, extra: 0 }] }];
  for (const schema of schemas) {
    const validators = pair(schema, {})!;
    for (const value of data) samePasses(validators, value, JSON.stringify(schema));
    assert.ok(usedExplainer(validators[0]), JSON.stringify(schema));
  }
});

// A subschema in place with its own unevaluated keyword of the same kind evaluates everything
// when it holds (its tracker, merged then, has every name or item) and nothing when it fails.
test("a subschema in place with its own unevaluated keyword of the same kind: explained, the closures' units", () => {
  const schemas = [
    { anyOf: [{ properties: { a: true }, unevaluatedProperties: false }, { properties: { b: true } }], unevaluatedProperties: { maxLength: 1 } },
    { allOf: [{ properties: { a: true }, unevaluatedProperties: { type: "string" } }], properties: { b: true }, unevaluatedProperties: false },
    { $defs: { t: { properties: { a: true }, unevaluatedProperties: { type: "integer" } } }, $ref: "#/$defs/t", unevaluatedProperties: false },
    { anyOf: [{ prefixItems: [true], unevaluatedItems: false }, { prefixItems: [true, true] }], unevaluatedItems: { maxLength: 1 } },
    { allOf: [{ prefixItems: [{ type: "string" }], unevaluatedItems: { type: "integer" } }], unevaluatedItems: false },
  ];
  const instances = [{}, { a: 1 }, { a: 1, b: 2, xy: 3 }, { a: "s", b: "t" }, { a: 1, c: 2 }, { b: 1, c: "s" }, { a: "long", b: 1 }, { c: "xyz" }, [], ["a"], ["a", 1], ["a", "b"], [1, "bc", 2], ["a", "bc", "de"]];
  for (const schema of schemas) {
    const validators = pair(schema, {})!;
    for (const value of instances) samePasses(validators, value, `${JSON.stringify(schema)} on ${JSON.stringify(value)}`);
    assert.ok(usedExplainer(validators[0]), JSON.stringify(schema));
  }
});

// Each s_k refers to the next and has its own unevaluatedProperties: asking whether s_k+1 holds
// (for s_k's evaluated names) beside explaining it would double the work at every level, were
// the explainer's quiet verdicts of such schema objects not remembered within its run.
test("unevaluatedProperties over a chain of subschemas with their own: explained, each verdict once", () => {
  const $defs: Record<string, unknown> = { s40: { properties: { a: true } } };
  for (let k = 1; k < 40; k++) $defs[`s${k}`] = { $ref: `#/$defs/s${k + 1}`, unevaluatedProperties: false };
  const validators = pair({ $defs, $ref: "#/$defs/s1", unevaluatedProperties: false, required: ["z"] }, {})!;
  samePasses(validators, { a: 1 }, "the chain");
  assert.ok(usedExplainer(validators[0]));
  const result = validators[0].validate({ a: 1, b: 2 });
  // "b" at s39; "a" and "b" at each of s38 … s1 and the root (a failed subschema's annotations are dropped).
  assert.equal(result.valid ? [] : result.errors.map((e) => e.keyword), ["required", ...Array.from({ length: 1 + 2 * 39 }, () => "unevaluatedProperties")]);
});

// unevaluatedItems counts what the tracking closures count: a keyword's `evaluatesItems` (a
// prefix, all, or 2020-12 contains' matches whether or not their count is in bounds) in the
// schema object and in its in-place subschemas, as for unevaluatedProperties.
test("unevaluatedItems: the explainer finds the items the closures' tracker records", () => {
  const v2019 = "https://json-schema.org/draft/2019-09/schema";
  const schemas = [
    { type: "array", allOf: [{ prefixItems: [{ type: "string" }] }], unevaluatedItems: false },
    { prefixItems: [true], anyOf: [{ prefixItems: [true, { const: 1 }] }, { items: { type: "string" } }], unevaluatedItems: { type: "integer" } },
    { if: { prefixItems: [{ const: "x" }] }, then: { prefixItems: [true, { type: "string" }] }, else: { items: { minimum: 0 } }, unevaluatedItems: false },
    { $defs: { base: { allOf: [{ $ref: "#/$defs/more" }] }, more: { prefixItems: [true, true] } }, $ref: "#/$defs/base", unevaluatedItems: false },
    { properties: { a: true }, allOf: [{ additionalProperties: false }], oneOf: [{ prefixItems: [{ type: "string" }] }, { minItems: 3 }], unevaluatedItems: { maxLength: 1 } },
    { $schema: v2019, items: [true], additionalItems: { type: "integer" }, unevaluatedItems: false },
    { $schema: v2019, allOf: [{ items: [{ type: "string" }] }, { additionalItems: false }], contains: { type: "integer" }, unevaluatedItems: false },
    { $schema: v2019, anyOf: [{ items: { type: "string" } }, true], unevaluatedItems: { type: "integer" } },
    { contains: { type: "integer" }, unevaluatedItems: { maxLength: 1 } },
    { allOf: [{ prefixItems: [true], contains: { const: 1 } }], unevaluatedItems: false },
    { contains: { type: "string" }, maxContains: 1, anyOf: [{ contains: { minimum: 2 } }, true], unevaluatedItems: false },
  ];
  const instances = [[], ["x"], ["x", 1], [1, "s", 2], ["x", "y", 3], [-1, 2], ["ab", "c", "de", 4], {}, "s"];
  for (const schema of schemas) {
    const validators = pair(schema, {})!;
    for (const value of instances) samePasses(validators, value, `${JSON.stringify(schema)} on ${JSON.stringify(value)}`);
    assert.ok(usedExplainer(validators[0]), JSON.stringify(schema));
  }
  const result = pair(schemas[0]!, {})![0].validate([1, 2]);
  assert.equal(result.valid ? [] : result.errors.map((e) => [e.instanceLocation, e.keyword, e.params]), [["/0", "type", { type: "string" }], ["", "unevaluatedItems", { unevaluatedItem: 1 }]]);
});

test("unevaluatedItems over a chain of subschemas with their own: explained, each verdict once", () => {
  const $defs: Record<string, unknown> = { s40: { prefixItems: [true] } };
  for (let k = 1; k < 40; k++) $defs[`s${k}`] = { $ref: `#/$defs/s${k + 1}`, unevaluatedItems: false };
  const chain = pair({ $defs, $ref: "#/$defs/s1", unevaluatedItems: false, minItems: 3 }, {})!;
  samePasses(chain, [1, 2], "the chain");
  assert.ok(usedExplainer(chain[0]));
});

// The explainer keeps a schema object's pointer once it is needed twice. A verdict the
// unevaluatedProperties walk asks (holds() without a plan) walks a subschema under a path that is
// not its place, recording nothing: what it made there must not be what later units carry.
test("pointers kept between calls come from recorded paths, not from a quiet question's", () => {
  const schema = { allOf: [{ $ref: "#/$defs/no", unevaluatedProperties: false }, false], unevaluatedProperties: false, $defs: { no: false } };
  const validators = pair(schema, {})!;
  for (let call = 0; call < 3; call++) {
    for (const value of [{}, [], 1, { a: 1 }]) {
      for (const allErrors of [true, false]) assert.equal(validators[0].validate(value, { allErrors }), validators[1].validate(value, { allErrors }), `call ${call}: ${JSON.stringify(value)}`);
    }
  }
  assert.ok(usedExplainer(validators[0]));
});

test("a dynamic reference whose landing the dynamic scope decides is explained by the closures", () => {
  // The official suite's "after leaving a dynamic scope, it is not used by a $dynamicRef".
  const schema = {
    $id: "https://dyn.test/main",
    if: { $id: "first_scope", $defs: { thingy: { $dynamicAnchor: "thingy", type: "number" } } },
    then: { $id: "second_scope", $ref: "start", $defs: { thingy: { $dynamicAnchor: "thingy", type: "null" } } },
    $defs: { start: { $id: "start", $dynamicRef: "inner_scope#thingy" }, thingy: { $id: "inner_scope", $dynamicAnchor: "thingy", type: "string" } },
  };
  const validators = pair(schema, { refs: "document" })!;
  for (const value of ["a string", 42, null]) samePasses(validators, value, "dynamic scope");
  assert.equal(["a string", 42, null].map((value) => validators[0].validate(value).valid), [false, false, true]);
  assert.not.ok(usedExplainer(validators[0]));
});

// The explainer keeps what it made of each schema object it visited between calls. A reference
// may name a key by a pointer other than the one a walk writes ("%7E02" is "~02" walked): the units
// below it carry the walk's pointer, as the closures' do.
test("a validator explaining again and again: the closures' units on every call, whichever path came first", () => {
  for (const key of ["n", "~2", "a/b", "~0"]) {
    const written = key === "~2" ? "%7E02" : key.replace(/~/g, "~0").replace(/\//g, "~1");
    const schema = { type: "object", properties: { [key]: { type: "integer", minimum: 0, maximum: 9 }, other: { $ref: `#/properties/${written}` } } };
    const validators = pair(schema, {})!;
    for (const value of [{ other: -1 }, { [key]: 10 }, { other: 1.5, [key]: "x" }, { [key]: 100 }, { other: -5, [key]: -6 }, { other: 11 }]) {
      for (const allErrors of [true, false]) {
        assert.equal(validators[0].validate(value, { allErrors }), validators[1].validate(value, { allErrors }), `${key}: ${JSON.stringify(value)}`);
      }
    }
    assert.ok(usedExplainer(validators[0]), key);
  }
});

// Found by the fuzz of legacy-dialects.spec.ts (seed 936986643): `not` without a plan asks its
// subschema quietly, and a oneOf or anyOf in it that matched no branch pushed its branches'
// errors onto a list the quiet question does not have. The TypeError came back as a `$data` unit.
test("oneOf and anyOf asked quietly (under not, without a plan) collect nothing", () => {
  for (const branches of ["oneOf", "anyOf"]) {
    const schema = { propertyNames: { not: { [branches]: [false] }, [branches]: [false] } };
    const validators = pair(schema, {})!;
    samePasses(validators, { a: null }, `${branches} under not`);
    assert.ok(usedExplainer(validators[0]));
    const result = validators[0].validate({ a: null });
    assert.equal(result.valid ? [] : result.errors.map((e) => e.keyword), ["false", branches, "propertyNames"]);
  }
});

test("a large document's variants read its kept copy: the units, formats and schema of a small one, the copy unchanged", () => {
  // Keys not sorted (errors in the caller's order), references, object enum and const, in-place
  // subschemas and unevaluatedProperties. The large one differs only by a long $comment.
  const small = {
    type: "object",
    properties: { z: { $ref: "#/$defs/n" }, a: { enum: [{ k: 1 }, "x"] }, m: { const: { b: [1, 2], a: null } } },
    allOf: [{ properties: { extra: { type: "string" } } }],
    anyOf: [{ required: ["z"] }, { required: ["a"] }],
    unevaluatedProperties: false,
    $defs: { n: { minimum: 0, type: "integer" } },
  };
  const large = { $comment: "c".repeat(LARGE_TEXT), ...small };
  const instances = [{ z: -1, a: { k: 2 }, m: { a: null, b: [2, 1] }, q: 1 }, { m: 1, extra: 2 }, { z: 1, a: "x", extra: "e" }, { a: { k: 1 } }];
  for (const first of [Infinity, 0]) {
    const [big, little] = [compileExplaining(large, {}, first), compileExplaining(small, {}, first)];
    for (let round = 0; round < 2; round++) {
      for (const value of instances) {
        for (const options of [{}, { allErrors: false }, { output: "detailed" as const }, { output: "verbose" as const }]) {
          assert.equal(big.validate(value, options), little.validate(value, options), `${JSON.stringify(value)} ${JSON.stringify(options)} first=${first}`);
        }
      }
    }
    assert.is(JSON.stringify(big.schema), JSON.stringify(large), "the kept copy is unchanged, in the caller's order");
  }
  // Past the explainer's turn, the collecting variant compiled from the kept copy.
  const v = compile(large, { cache: false });
  const expected = compile(small, { cache: false }).validate(instances[0]);
  for (let i = 0; i < EXPLAINED_INVALID + 2; i++) assert.equal(v.validate(instances[0]), expected, `call ${i + 1}`);
  assert.is(JSON.stringify(v.schema), JSON.stringify(large));
});

test("evaluation that runs out of depth: a validator's units do not change with its number of calls", () => {
  // The explainer asked questions the closures skip and met maxDataDepth where they did not, or
  // before they had listed what they list: call 16 and call 17 gave different units (a red-team probe).
  const cases: [object, unknown, number, string][] = [
    [{ properties: { x: false, y: { $ref: "#/$defs/d" } }, $defs: { d: { properties: { a: { $ref: "#/$defs/d" } }, minProperties: 2 } } }, { x: 0, y: { a: { a: 0 } } }, 1, "false,minProperties,minProperties,$depth"],
    [{ contains: { $ref: "#" }, enum: [1] }, [1, [[[null]]]], 3, "enum"],
    [{ not: true, patternProperties: { "^a": { $ref: "#/$defs/d0" } }, $defs: { d0: { contains: { $ref: "#" } } } }, { a: [{ a: true }] }, 2, "contains,not"],
  ];
  for (const [schema, data, maxDataDepth, keywords] of cases) {
    const v = compile(schema, { cache: false, maxDataDepth });
    const calls = Array.from({ length: EXPLAINED_INVALID + 4 }, () => JSON.stringify(v.validate(data)));
    assert.is(new Set(calls).size, 1, JSON.stringify(schema));
    assert.is((JSON.parse(calls[0]!) as { errors: { keyword: string }[] }).errors.map((e) => e.keyword).join(","), keywords);
    assert.is(JSON.stringify(compile(schema, { cache: false, maxDataDepth }).validate(data, { output: "basic" }).errors?.map((e) => e.keyword)), JSON.stringify(keywords.split(",")));
  }
});

test.run();
