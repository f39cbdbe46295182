// Differential tests: generated 2020-12 documents (spec/helpers/arbitraries.ts: every keyword,
// `$ref` to `$defs`, anchors, an `$id`-embedded resource and the root, `$dynamicRef`) and
// generated instances, run through schemagate, @hyperjump/json-schema (the most conformant peer)
// and, where it is known to be right, ajv. Every case where a peer is known to be wrong is skipped
// by a named predicate below, each listed with its minimal case in spec/known-peer-bugs.md.
// FUZZ_RUNS / FUZZ_SEED (see scripts/fuzz.mjs) change the run count and replay a seed.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as draft202012 from "@hyperjump/json-schema/draft-2020-12";
import { Ajv2020 } from "ajv/dist/2020.js";
import { SchemaError } from "../src/index.js";
import { BROKEN_KEYWORDS, checkAsync, repeatsIdentifier, runs, schemaGrammar, schemaValues } from "./helpers/arbitraries.js";
import { exactMultiple, HJ_1, hyperjump, multipleOfs, numbersIn, overflow, schemagate, show, values, type Compiled } from "./helpers/peers.js";

type Json = unknown;
type Verdict = boolean | "skip";

// ---------------------------------------------------------------------------------------------
// Reading a generated schema

/** Every schema object of a document, each with the keywords it holds (data positions are not schemas). */
function schemaObjects(schema: Json, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return out;
  const s = schema as Record<string, unknown>;
  out.push(s);
  for (const key of ["additionalProperties", "propertyNames", "items", "contains", "not", "if", "then", "else", "unevaluatedProperties", "unevaluatedItems", "contentSchema"]) {
    if (Object.hasOwn(s, key)) schemaObjects(s[key], out);
  }
  for (const key of ["allOf", "anyOf", "oneOf", "prefixItems"]) {
    if (Array.isArray(s[key])) for (const sub of s[key] as Json[]) schemaObjects(sub, out);
  }
  for (const key of ["properties", "patternProperties", "dependentSchemas", "$defs"]) {
    const map = s[key];
    if (typeof map === "object" && map !== null) for (const sub of Object.values(map)) schemaObjects(sub, out);
  }
  return out;
}

const uses = (objects: Record<string, unknown>[], ...keywords: string[]) => objects.some((s) => keywords.some((k) => Object.hasOwn(s, k)));

// ---------------------------------------------------------------------------------------------
// Known peer bugs (spec/known-peer-bugs.md): each predicate says whether a case hits one (HJ-1 in
// helpers/peer-bugs.ts, shared with the older dialects' differential).

/**
 * HJ-3: hyperjump does not check the identifier keywords against its own metaschema: it accepts an
 * `$anchor`/`$dynamicAnchor` outside `^[A-Za-z_][-A-Za-z0-9._]*$` and a subschema `$id` with a
 * fragment (outside `^[^#]*#?$`; it then overflows the stack or treats it as a resource).
 */
const HJ_3 = (objects: Record<string, unknown>[]) =>
  objects.some(
    (s) =>
      ["$anchor", "$dynamicAnchor"].some((k) => typeof s[k] === "string" && !/^[A-Za-z_][-A-Za-z0-9._]*$/.test(s[k] as string)) ||
      (typeof s["$id"] === "string" && !/^[^#]*#?$/.test(s["$id"])),
  );

/** AJV-1 (ajv#2664): presence by `data[name] !== undefined`, so Object.prototype names count as present. */
const isPrototypeName = (name: string) => name in Object.prototype;
function AJV_1(objects: Record<string, unknown>[], x: Json): boolean {
  for (const s of objects) {
    for (const key of ["properties", "dependentRequired", "dependentSchemas"]) {
      const map = s[key];
      if (typeof map === "object" && map !== null && Object.keys(map).some(isPrototypeName)) return true;
    }
    if (Array.isArray(s["required"]) && (s["required"] as string[]).some(isPrototypeName)) return true;
    const dr = s["dependentRequired"];
    if (typeof dr === "object" && dr !== null && Object.values(dr).some((list) => Array.isArray(list) && list.some(isPrototypeName))) return true;
  }
  // An own "__proto__" member of the data is not seen by `properties` either (the same presence test).
  return [...values(x)].some((v) => typeof v === "object" && v !== null && !Array.isArray(v) && Object.hasOwn(v, "__proto__")) && uses(objects, "properties");
}

/**
 * AJV-2: fast-deep-equal (const, enum, uniqueItems) reads `constructor`, `valueOf` and `toString`
 * off the objects it compares: an own member of that name compares by identity or is called
 * (`{"constructor": []}` is not equal to itself; `{"toString": 1}` throws a TypeError).
 */
const hasOwnMethodName = (x: Json) =>
  [...values(x)].some((v) => typeof v === "object" && v !== null && !Array.isArray(v) && ["constructor", "toString", "valueOf"].some((k) => Object.hasOwn(v, k)));
const AJV_2 = (objects: Record<string, unknown>[], x: Json) =>
  uses(objects, "const", "enum", "uniqueItems") && (hasOwnMethodName(x) || objects.some((s) => hasOwnMethodName(s["const"]) || hasOwnMethodName(s["enum"])));

/** AJV-3: beside `prefixItems`, `contains` is skipped on an array no prefixItems check ran on (first-error mode): empty, or shorter than prefixItems. */
const AJV_3 = (objects: Record<string, unknown>[], x: Json) => {
  const prefixes = objects.filter((s) => Object.hasOwn(s, "prefixItems") && Object.hasOwn(s, "contains")).map((s) => (Array.isArray(s["prefixItems"]) ? s["prefixItems"].length : 0));
  return prefixes.length > 0 && [...values(x)].some((v) => Array.isArray(v) && (v.length === 0 || v.length < Math.max(...prefixes)));
};

/** AJV-4: unevaluatedProperties/unevaluatedItems (ajv#2315, ajv#2579, …): not compared at all. */
const AJV_4 = (objects: Record<string, unknown>[]) => uses(objects, "unevaluatedProperties", "unevaluatedItems");

/** AJV-5: ajv's multipleOf is `x / m === parseInt(x / m)` in floating point (0.3 / 0.1; parseInt(1e21) is 1). */
const ajvMultipleOf = (x: number, m: number) => x / m === parseInt(String(x / m));
const AJV_5 = (objects: Record<string, unknown>[], x: Json) =>
  multipleOfs(objects).some((m) => numbersIn(x).some((n) => ajvMultipleOf(n, m) !== exactMultiple(n, m)));

/** AJV-7 (ajv#2077): `required`/`dependentRequired` never report a missing "" (first-error mode: `missing = ""` is falsy). */
const AJV_7 = (objects: Record<string, unknown>[]) =>
  objects.some(
    (s) =>
      (Array.isArray(s["required"]) && s["required"].includes("")) ||
      (typeof s["dependentRequired"] === "object" && s["dependentRequired"] !== null && Object.values(s["dependentRequired"]).some((list) => Array.isArray(list) && list.includes(""))),
  );

/** AJV-8: ajv refuses a `$dynamicRef` that is not a bare fragment ("e0#dyn": "only supports hash fragment reference"). */
const AJV_8 = (objects: Record<string, unknown>[]) => objects.some((s) => typeof s["$dynamicRef"] === "string" && !s["$dynamicRef"].startsWith("#"));

/**
 * AJV-10: a `$dynamicRef` whose fragment names a plain `$anchor` (no `$dynamicAnchor` of that name)
 * must act as a `$ref` to it (2020-12 core §8.2.3.2); ajv evaluates the root schema instead.
 */
const AJV_10 = (objects: Record<string, unknown>[]) => {
  const dynamic = new Set(objects.map((s) => s["$dynamicAnchor"]).filter((a) => typeof a === "string"));
  return objects.some((s) => typeof s["$dynamicRef"] === "string" && s["$dynamicRef"].startsWith("#") && !dynamic.has(s["$dynamicRef"].slice(1)));
};

/**
 * AJV-11: ajv resolves `$dynamicRef` "#name" to the resource root instead of the `$dynamicAnchor`
 * "name" declared in a subschema (e.g. under `$defs`); skipped whenever such an anchor is present.
 */
const AJV_11 = (objects: Record<string, unknown>[]) =>
  objects.some((s) => typeof s["$dynamicRef"] === "string") && objects.some((s) => typeof s["$dynamicAnchor"] === "string" && typeof s["$id"] !== "string");

/**
 * AJV-12: a resource (`$id`) in a schema map under a key Object.prototype has (`__proto__`,
 * `toString`, …): ajv counts the anchors below it for its parent resource's too, and refuses the
 * document ("resolves to more than one schema").
 */
const AJV_12 = (objects: Record<string, unknown>[]) =>
  objects.some((s) =>
    ["properties", "patternProperties", "dependentSchemas", "$defs"].some((key) => {
      const map = s[key];
      return typeof map === "object" && map !== null && Object.keys(map).some((name) => isPrototypeName(name) && JSON.stringify((map as Record<string, unknown>)[name]).includes('"$id"'));
    }),
  );

/**
 * AJV-13: an embedded resource (`$id`) as an item of `prefixItems`: ajv does not index the anchors
 * inside it, and refuses a reference to one ("can't resolve reference #a0").
 */
const AJV_13 = (objects: Record<string, unknown>[]) =>
  objects.some((s) => Array.isArray(s["prefixItems"]) && (s["prefixItems"] as unknown[]).some((item) => typeof item === "object" && item !== null && Object.hasOwn(item, "$id")));

// ---------------------------------------------------------------------------------------------
// Known schemagate bugs get a failing spec in spec/regressions/ and, until it passes, a skip of
// exactly their pattern (counted as SG-n in the report line). None is open here: SG-1 (multipleOf,
// a huge x over a decimal divisor; spec/regressions/multipleof-large-quotient.spec.ts) is fixed.

// ---------------------------------------------------------------------------------------------
// The three validators, behind one shape

/** AJV-9: the generated code assigns `evaluated.props = props0` (or items) where `props0` was pruned away. */
const undeclared = (error: unknown) => error instanceof ReferenceError && /^(props|items)\d+ is not defined$/.test(error.message);

const ajvInstance = new Ajv2020({ strict: false, validateFormats: false });

function ajv(document: Record<string, unknown>, id: string): Compiled | Error {
  try {
    const v = ajvInstance.compile(document);
    return {
      check(x) {
        try {
          return v(x) as boolean;
        } catch (error) {
          if (overflow(error)) return "overflow";
          if (undeclared(error)) return "undeclared";
          throw error;
        }
      },
    };
  } catch (error) {
    return error as Error;
  } finally {
    ajvInstance.removeSchema(id);
  }
}

// ---------------------------------------------------------------------------------------------
// One case: a document and its instances through every validator

interface Tally {
  cases: number;
  refused: number;
  compared: Record<string, number>;
  skipped: Record<string, number>;
}

const newTally = (): Tally => ({ cases: 0, refused: 0, compared: { hyperjump: 0, ajv: 0 }, skipped: {} });
const bump = (tally: Tally, reason: string) => (tally.skipped[reason] = (tally.skipped[reason] ?? 0) + 1);

let serial = 0;

/** JSON text, for comparisons: uvu's assert.equal misreads an own "constructor" key. */
const text = (value: unknown) => JSON.stringify(value);

async function differential(generated: Record<string, unknown>, data: Json[], tally: Tally): Promise<void> {
  // A fresh JSON copy (own "__proto__" members stay own members) under a unique $id: hyperjump and
  // ajv keep schemas by URI, and the embedded resource "e0" resolves against it.
  const id = `https://schemagate.test/diff/${++serial}/root`;
  const document = { ...(JSON.parse(JSON.stringify(generated)) as Record<string, unknown>), $id: id };
  const objects = schemaObjects(document);
  const instances = [...data, ...schemaValues(document)];
  tally.cases++;
  // Two schema objects that declare one identifier (generated `$anchor`s and `$id`s may repeat):
  // which one a reference means cannot be known. ajv refuses such a document, hyperjump takes one
  // of them, schemagate refuses it: there is no verdict to compare.
  if (repeatsIdentifier(document)) return void bump(tally, "repeated identifier");

  const ours = schemagate(document);
  const theirs = await hyperjump(draft202012, structuredClone(document), id);
  if (ours instanceof SchemaError) {
    tally.refused++;
    // schemagate's own rules: a reference cycle that consumes no input (hyperjump compiles it and
    // would loop until its stack ran out) and an identifier declared twice (hyperjump keeps one).
    if (ours.code === "ref-cycle" || ours.code === "duplicate-identifier") return void bump(tally, `SG-${ours.code}`);
    // Any other schema schemagate refuses, hyperjump must refuse too (its own error, or a stack overflow).
    assert.ok(theirs instanceof Error, `schemagate refused (${ours.code}: ${ours.message}) a schema hyperjump accepts:\n${show(document)}`);
    return;
  }
  if (theirs instanceof Error) {
    if (overflow(theirs)) return void bump(tally, "HJ-2 (compile)");
    assert.unreachable(`hyperjump refused (${theirs.message}) a schema schemagate accepts:\n${show(document)}`);
    return;
  }

  const ajvEligible = !AJV_4(objects) && !AJV_8(objects) && !AJV_10(objects) && !AJV_11(objects) && !AJV_12(objects) && !AJV_13(objects);
  if (!ajvEligible) bump(tally, AJV_4(objects) ? "AJV-4" : AJV_8(objects) ? "AJV-8" : AJV_10(objects) ? "AJV-10" : AJV_11(objects) ? "AJV-11" : AJV_12(objects) ? "AJV-12" : "AJV-13");
  const other = ajvEligible ? ajv(structuredClone(document), id) : undefined;
  if (other instanceof Error) {
    if (overflow(other)) bump(tally, "AJV-6");
    else assert.unreachable(`ajv refused (${other.message}) a schema schemagate accepts:\n${show(document)}`);
  }

  for (const x of instances) {
    const result = ours.validate(x);
    const mine = ours.isValid(x);
    // The verdict itself is the $depth abort (one unit): evaluation could not finish at all.
    const aborted = !result.valid && result.errors.length === 1 && result.errors[0]!.keyword === "$depth";
    const hj = theirs.check(x) as boolean | "overflow";
    const verdictHj: Verdict = hj === "overflow" ? "skip" : HJ_1(objects, x) ? "skip" : hj;
    if (hj === "overflow") bump(tally, "HJ-2");
    else if (verdictHj === "skip") bump(tally, "HJ-1");
    if (verdictHj !== "skip") {
      tally.compared["hyperjump"]!++;
      assert.is(result.valid, mine, `validate and isValid disagree:\n${show(document)}\ninstance ${show(x)}`);
      assert.ok(!aborted, `schemagate stopped at $depth where hyperjump answers ${hj}:\n${show(document)}\ninstance ${show(x)}`);
      if (mine !== verdictHj) {
        assert.unreachable(`schemagate says ${mine}, hyperjump says ${verdictHj}\nschema ${show(document)}\ninstance ${show(x)}`);
      }
    }
    if (other === undefined || other instanceof Error) continue;
    const known = AJV_1(objects, x)
      ? "AJV-1"
      : AJV_2(objects, x)
        ? "AJV-2"
        : AJV_3(objects, x)
          ? "AJV-3"
          : AJV_5(objects, x)
            ? "AJV-5"
            : AJV_7(objects)
              ? "AJV-7"
              : undefined;
    if (known !== undefined) {
      bump(tally, known);
      continue;
    }
    const aj = other.check(x);
    if (aj === "overflow" || aj === "undeclared") {
      bump(tally, aj === "overflow" ? "AJV-6" : "AJV-9");
      continue;
    }
    tally.compared["ajv"]!++;
    if (mine !== aj) assert.unreachable(`schemagate says ${mine}, ajv says ${aj}\nschema ${show(document)}\ninstance ${show(x)}`);
  }
}

function report(name: string, tally: Tally): void {
  const skipped = Object.entries(tally.skipped)
    .sort()
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
  console.log(
    `  ${name}: ${tally.cases} documents (${tally.refused} refused by both), instances compared with hyperjump ${tally.compared["hyperjump"]}, with ajv ${tally.compared["ajv"]}; skipped: ${skipped || "none"}`,
  );
}

// ---------------------------------------------------------------------------------------------

const full = schemaGrammar();
// The parts of the grammar ajv is known to get right: no prototype names and no "" (AJV-1, AJV-7), no
// unevaluated* (AJV-4), no $dynamicRef (AJV-8 for "e0#dyn"; "#dyn" is compared in the other tests).
const ajvFriendly = schemaGrammar({
  names: fc.constantFrom("a", "b", "c", "x y", "é", "0"),
  unevaluated: false,
  dynamicRef: false,
});

test("the known-bug predicates match their minimal cases (spec/known-peer-bugs.md)", () => {
  assert.ok(HJ_1([{ multipleOf: 0.1 }], -1));
  assert.ok(HJ_1([{ multipleOf: 0.1 }], 1e-8));
  assert.ok(HJ_1([{ multipleOf: 0.1 }], 1e21));
  assert.not.ok(HJ_1([{ multipleOf: 0.1 }], 0.3));
  assert.ok(HJ_3([{ $anchor: "1bad" }]) && HJ_3([{ $dynamicAnchor: "a b" }]) && HJ_3([{ $id: "#fragment" }]) && !HJ_3([{ $anchor: "a0", $id: "e0" }]));
  assert.ok(AJV_1([{ required: ["toString"] }], {}));
  assert.ok(AJV_2([{ enum: [1] }], { toString: 1 }) && AJV_2([{ const: [{ constructor: [] }] }], 1));
  assert.ok(AJV_3([{ prefixItems: [{ type: "string" }], contains: { type: "number" } }], []));
  assert.ok(AJV_5([{ multipleOf: 0.1 }], 0.3));
  assert.ok(AJV_8([{ $dynamicRef: "e0#dyn" }]) && !AJV_8([{ $dynamicRef: "#dyn" }]));
  assert.ok(AJV_10([{ $dynamicRef: "#a0" }, { $anchor: "a0" }]) && !AJV_10([{ $dynamicRef: "#dyn" }, { $dynamicAnchor: "dyn" }]));
  assert.ok(AJV_11([{ $dynamicRef: "#dyn" }, { $dynamicAnchor: "dyn" }]) && !AJV_11([{ $id: "r", $dynamicAnchor: "dyn" }, { $dynamicRef: "#dyn" }]));
  assert.ok(AJV_12([JSON.parse('{"dependentSchemas": {"__proto__": {"$id": "id-a"}}}')]) && AJV_12([{ $defs: { toString: { $id: "t" } } }]) && !AJV_12([{ dependentSchemas: { a: { $id: "id-a" } } }]));
  assert.ok(AJV_13([{ prefixItems: [{ $id: "id-a" }] }]) && !AJV_13([{ allOf: [{ $id: "id-a" }] }]));
  assert.ok(undeclared(new ReferenceError("props0 is not defined")) && !undeclared(new ReferenceError("x is not defined")));
  assert.ok(AJV_7([{ required: [""] }]) && AJV_7([{ dependentRequired: { a: [""] } }]) && !AJV_7([{ required: ["a"] }]));
  assert.ok(AJV_5([{ multipleOf: 1 }], 1e21));
  assert.not.ok(AJV_5([{ multipleOf: 0.5 }], 1.5));
  assert.ok(exactMultiple(0.0075, 0.0001) && exactMultiple(1e21, 0.1) && !exactMultiple(1e21, 1.5) && !exactMultiple(2 ** 53, 1.5) && exactMultiple(-0, 0.1));
});

test("differential: the whole vocabulary, against hyperjump (and ajv where it is known right)", async () => {
  const tally = newTally();
  await checkAsync(
    fc.asyncProperty(full.documentSchema, fc.array(full.instance, { minLength: 1, maxLength: 4 }), (schema, data) => differential(schema, data, tally)),
    runs(500),
  );
  report("whole vocabulary", tally);
});

test("differential: the ajv-friendly grammar, against ajv and hyperjump", async () => {
  const tally = newTally();
  await checkAsync(
    fc.asyncProperty(ajvFriendly.documentSchema, fc.array(ajvFriendly.instance, { minLength: 1, maxLength: 4 }), (schema, data) => differential(schema, data, tally)),
    runs(300),
  );
  report("ajv-friendly", tally);
});

test("differential: prototype names in schemas and instances, against hyperjump", async () => {
  // STYLE §3: toString, constructor and __proto__ in `properties`, `required`, dependencies and data.
  const tally = newTally();
  const protoNames = fc.constantFrom("__proto__", "constructor", "toString", "a");
  const grammar = schemaGrammar({ names: protoNames, unevaluated: true });
  await checkAsync(
    fc.asyncProperty(grammar.documentSchema, fc.array(grammar.instance, { minLength: 1, maxLength: 4 }), (schema, data) => differential(schema, data, tally)),
    runs(200),
  );
  report("prototype names", tally);
});

/** The shared broken keywords, plus more (nothing that would make hyperjump fetch). */
const brokenKeyword = fc.constantFrom<Record<string, unknown>>(
  ...BROKEN_KEYWORDS,
  { prefixItems: [] },
  { pattern: "a{2,1}" },
  { pattern: "\\p{Foo}" },
  { $ref: "e0#/$defs/nowhere" },
  { $anchor: "a b" },
  { $dynamicAnchor: "-x" },
  { uniqueItems: "true" },
  { $comment: 1 },
  { deprecated: "yes" },
  { $defs: { x: 1 } },
  { minContains: -1 },
);

test("differential: a document with one broken keyword is refused by schemagate exactly when hyperjump refuses it", async () => {
  // The broken keyword always sits where evaluation reaches it: schemagate compiles (and so refuses)
  // only reachable subschemas, hyperjump every subschema; an invalid regex or a dangling $ref in an
  // unused $defs entry is a policy difference, not compared (see spec/known-peer-bugs.md, "Not bugs").
  let refused = 0;
  let cases = 0;
  let skipped = 0;
  await checkAsync(
    fc.asyncProperty(full.documentSchema, brokenKeyword, fc.constantFrom("root", "allOf", "d0", "e0"), async (generated, bad, where) => {
      const id = `https://schemagate.test/diff/${++serial}/root`;
      const document: Record<string, unknown> = { ...(JSON.parse(JSON.stringify(generated)) as Record<string, unknown>), $id: id };
      const defs = document["$defs"] as Record<string, Record<string, unknown>>;
      const reach = (ref: string) => (document["allOf"] = [...((document["allOf"] as unknown[] | undefined) ?? []), { $ref: ref }]);
      if (Object.hasOwn(bad, "$id") && where !== "d0") return; // a root $id would replace the unique one
      if (where === "root") Object.assign(document, structuredClone(bad));
      else if (where === "allOf") reach("#/$defs/broken"), (defs["broken"] = structuredClone(bad));
      else if (where === "d0") reach("#/$defs/d0"), (defs["d0"] = { allOf: [defs["d0"]!], ...structuredClone(bad) });
      else reach("e0"), Object.assign(defs["e0"]!, structuredClone(bad));
      cases++;
      if (HJ_3(schemaObjects(document))) {
        skipped++; // HJ-3: hyperjump would accept it (or overflow)
        return;
      }
      const ours = schemagate(document);
      const theirs = await hyperjump(draft202012, structuredClone(document), id);
      if (ours instanceof SchemaError) refused++;
      const hyperjumpRefused = theirs instanceof Error;
      assert.is(
        ours instanceof SchemaError,
        hyperjumpRefused,
        `schemagate ${ours instanceof SchemaError ? `refused (${ours.code}: ${ours.message})` : "accepted"}, hyperjump ${hyperjumpRefused ? `refused (${(theirs as Error).message})` : "accepted"}:\n${show(document)}`,
      );
    }),
    runs(200),
  );
  console.log(`  broken keyword: ${cases} documents, ${refused} refused by both; skipped: HJ-3 ${skipped}`);
});

test("differential: long arrays (past the memo threshold) agree with hyperjump and with each item validated alone", async () => {
  // `items: {$ref}` over 5,000 items crosses a reference per item, well past MEMO_AFTER (4,096):
  // from there results are remembered per (node, value[, scope]), the same item objects recur, and
  // every remembered result must still match a fresh evaluation — validity, and errors at their own index.
  const LENGTH = 5_000;
  let compared = 0;
  await checkAsync(
    fc.asyncProperty(full.documentSchema, fc.array(full.instance, { minLength: 1, maxLength: 4 }), async (generated, data) => {
      const id = `https://schemagate.test/diff/${++serial}/root`;
      const { $schema, $defs, ...body } = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>;
      const document = { $schema, $id: id, items: { $ref: "#/$defs/t" }, $defs: { ...($defs as object), t: body } };
      const objects = schemaObjects(document);
      const items = [...data, ...schemaValues(body)];
      const big = Array.from({ length: LENGTH }, (_, i) => items[i % items.length]);
      const ours = schemagate(document);
      if (ours instanceof SchemaError) return;
      const theirs = await hyperjump(draft202012, structuredClone(document), id);
      assert.not.instance(theirs, Error, `hyperjump refused a schema schemagate accepts:\n${show(document)}`);
      const alone = items.map((x) => ours.validate([x], { maxErrors: Number.MAX_SAFE_INTEGER }));
      if (alone.some((r) => !r.valid && r.errors.some((e) => e.keyword === "$depth"))) return; // a reference cycle
      const expectedValid = alone.every((r) => r.valid);
      assert.is(ours.isValid(big), expectedValid, `isValid on ${LENGTH} items disagrees with the items alone:\n${show(document)}`);
      const result = ours.validate(big, { maxErrors: Number.MAX_SAFE_INTEGER });
      assert.is(result.valid, expectedValid, `validate on ${LENGTH} items disagrees with the items alone`);
      // Every item's errors are exactly its errors alone, moved from /0 to its index; when the error
      // pass ran out of its work budget (ERROR_WORK) the result says `truncated`, and then an item
      // may lack some of its errors, but has no other.
      const truncated = !result.valid && result.truncated === true;
      const byIndex = new Map<number, string[]>();
      for (const unit of result.valid ? [] : result.errors) {
        const index = Number(/^\/(\d+)/.exec(unit.instanceLocation)?.[1]);
        assert.ok(Number.isInteger(index), `an error outside the items: ${text(unit)}`);
        byIndex.set(index, [...(byIndex.get(index) ?? []), text(unit)]);
      }
      for (const index of [0, 1, 2, 3, 4097, 4098, 4099, LENGTH - 1]) {
        const own = alone[index % items.length]!;
        const expected = own.valid ? [] : own.errors.map((unit) => text({ ...unit, instanceLocation: unit.instanceLocation.replace(/^\/0/, `/${index}`) }));
        const got = (byIndex.get(index) ?? []).sort();
        if (truncated) assert.ok(got.every((unit) => expected.includes(unit)), `item ${index} (${show(big[index])}) has an error it does not have alone:\n${show(document)}`);
        else assert.is(text(got), text(expected.sort()), `the errors of item ${index} (${show(big[index])}) differ from its errors alone:\n${show(document)}`);
      }
      if (HJ_1(objects, big)) return;
      const hj = (theirs as Compiled).check(big);
      if (hj === "overflow") return;
      compared++;
      assert.is(expectedValid, hj, `schemagate says ${expectedValid}, hyperjump says ${hj} on ${LENGTH} items of ${show(items)}:\n${show(document)}`);
    }),
    runs(20),
  );
  console.log(`  long arrays: ${compared} compared with hyperjump`);
});

test("differential: deeper documents, against hyperjump and ajv", async () => {
  const tally = newTally();
  const deep = schemaGrammar({ depthSize: "medium" });
  await checkAsync(
    fc.asyncProperty(deep.documentSchema, fc.array(deep.instance, { minLength: 1, maxLength: 6 }), (schema, data) => differential(schema, data, tally)),
    runs(100),
  );
  report("deeper documents", tally);
});

test.run();
