// gate/reference-checks.ts reads a single document's references in two small parts (a search of
// what is applied in place below every reference's holder; the graph of what compile can reach
// from the root) instead of one graph of every subschema. On generated documents both ways must agree: the same in-place cycle refused
// (code, location, steps), the same verdict on "every reference resolves and every pattern
// compiles", and the same recursive references among those compile can reach. The patterns come
// from the walk, which lists those it reads in schema positions.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile, SchemaError } from "../src/index.js";
import { Registry, type Target } from "../src/engine/registry.js";
import { defaultUse } from "../src/engine/dialect-of.js";
import { walk, type Walked } from "../src/gate/walk.js";
import { privateCopy } from "../src/gate/private-copy.js";
import { recursion } from "../src/gate/recursion.js";
import { schemaGraph } from "../src/gate/schema-graph.js";
import { refuseInPlaceCycles, searchInPlace } from "../src/gate/in-place-cycles.js";
import { checkReferences } from "../src/gate/reference-checks.js";
import { DEFAULT_VOCABULARIES, DIALECT_2020_12, knownDialect } from "../src/keywords/dialects.js";
import { check, documentSchema, runs } from "./helpers/arbitraries.js";

type Obj = Record<string, unknown>;
const SETTINGS = { fallback: DIALECT_2020_12, lenient: false, checksFormats: false };

/** A registry of the document as compile() links it (undefined: linking refused it), and its root. */
function linked(walked: Walked): { registry: Registry; root: Target } | undefined {
  const registry = new Registry(() => undefined, () => undefined, SETTINGS);
  try {
    const doc = registry.addDocument(privateCopy(walked), walked.marks, "");
    registry.link();
    return { registry, root: { doc, ptr: "", resource: registry.resourceOf(doc, ""), schema: doc.root } };
  } catch (error) {
    if (error instanceof SchemaError) return undefined;
    throw error;
  }
}

/** A refusal as "code at location: message", or undefined. */
function refusal(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    return `${error.code} at ${error.schemaLocation}: ${error.message}`;
  }
}

/** Both ways on one document: "refused" (the same cycle), "accepted", or undefined when linking refused it first. */
function agree(document: unknown): "refused" | "accepted" | undefined {
  const walked = walk(document, false, false, "", defaultUse(SETTINGS));
  const fast = linked(walked);
  const whole = linked(walked);
  if (fast === undefined || whole === undefined || fast.registry.references === 0) return undefined;
  const fastRefusal = refusal(() => checkReferences(fast.registry, fast.root, walked.patterns));
  const graph = schemaGraph(whole.registry, [whole.root]);
  assert.is(fastRefusal, refusal(() => refuseInPlaceCycles(whole.registry, graph)), "the same in-place cycle refused");
  if (fastRefusal !== undefined) return "refused";
  assert.is(fast.registry.definitionsChecked, graph.clean, "every reference resolves and every pattern compiles");
  const all = recursion(graph);
  const reached = new Set(schemaGraph(whole.registry, [whole.root], "applied").references.map((r) => r.via.key));
  const expected = [...all.at].filter((key) => reached.has(key)).sort();
  assert.equal([...fast.registry.recursion.at].sort(), expected, "the recursive references compile can reach");
  if (fast.registry.recursion.byValue) assert.ok(all.byValue, "counted by value only where the whole graph says so");
  return "accepted";
}

test("the small graphs agree with the whole one on generated documents", () => {
  let compared = 0;
  let refused = 0;
  check(
    fc.property(documentSchema, (document) => {
      const outcome = agree(document);
      if (outcome !== undefined) compared++;
      if (outcome === "refused") refused++;
    }),
    runs(300),
  );
  // Both sides of the question are asked: documents with an in-place cycle and without.
  assert.ok(compared > 100 && refused > 10 && compared - refused > 10, `${compared} documents compared, ${refused} refused`);
});

/**
 * Up to four resources, each below an earlier one (in properties, allOf or $defs), each maybe
 * declaring the dynamic anchor (2019-09: `$recursiveAnchor`), with a dynamic reference or a
 * reference to another resource applied in place or to a property: where dynamic references land
 * depends on which resources are in scope (gate/scoped-cycles.ts).
 */
const scopedDocument = fc.boolean().chain((older) => {
  const resource = fc.record({
    anchor: fc.constantFrom(true, true, false),
    parent: fc.nat(),
    under: fc.constantFrom("properties", "properties", "allOf", "$defs"),
    ref: fc.oneof(fc.constant(-1), fc.constant(-1), fc.nat({ max: 3 })),
    inPlace: fc.boolean(),
  });
  return fc.array(resource, { minLength: 1, maxLength: 4 }).map((plans) => {
    const made = plans.map((plan, i) => {
      const ref = plan.ref < 0 || plan.ref >= plans.length ? (older ? { $recursiveRef: "#" } : { $dynamicRef: "#n" }) : { $ref: plan.ref === 0 ? "root" : `r${plan.ref}` };
      // Without the dynamic anchor, "#n" names a plain one: the reference is a static one to it.
      const anchor = plan.anchor ? (older ? { $recursiveAnchor: true } : { $dynamicAnchor: "n" }) : older ? {} : { $defs: { n: { $anchor: "n" } } };
      return { $id: i === 0 ? "root" : `r${i}`, ...anchor, ...(plan.inPlace ? { anyOf: [ref] } : { properties: { a: ref } }) } as Obj;
    });
    for (let i = plans.length - 1; i > 0; i--) {
      const parent = made[plans[i]!.parent % i]!;
      const under = plans[i]!.under;
      if (under === "allOf") parent["allOf"] = [...((parent["allOf"] as unknown[]) ?? []), made[i]];
      else parent[under] = { ...((parent[under] as Obj) ?? {}), [`p${i}`]: made[i] };
    }
    return { ...made[0], $schema: `https://json-schema.org/draft/${older ? "2019-09" : "2020-12"}/schema`, $id: "https://example.com/root" };
  });
});

/** Objects with every key the documents use, three levels deep. */
const SCOPED_DATA = (() => {
  let value: unknown = {};
  for (let depth = 0; depth < 3; depth++) value = Object.fromEntries(["a", "p1", "p2", "p3"].map((key) => [key, value]));
  return value;
})();

test("with dynamic scopes, both ways agree, and what is accepted evaluates without going round", () => {
  const outcomes = { refused: 0, accepted: 0, evaluated: 0, scoped: 0 };
  check(
    fc.property(scopedDocument, (document) => {
      const outcome = agree(document);
      if (outcome === undefined) return;
      outcomes[outcome]++;
      // Accepted although the search that sends a dynamic reference everywhere found a cycle: the scopes made none.
      const again = outcome === "accepted" ? linked(walk(document, false, false, "", defaultUse(SETTINGS))) : undefined;
      if (again !== undefined && searchInPlace(again.registry, again.registry.referrers).cycle) outcomes.scoped++;
      // A reference that resolves nowhere is refused by compile, after these checks.
      if (outcome === "accepted" && refusal(() => compile(document, { cache: false, refs: "document" }).isValid(SCOPED_DATA))?.startsWith("unresolved-ref") !== true) outcomes.evaluated++;
    }),
    runs(300),
  );
  assert.ok(outcomes.refused > 10 && outcomes.evaluated > 10 && outcomes.scoped > 0, JSON.stringify(outcomes));
});

test("a cycle among many unused definitions is refused as before, with its steps", () => {
  const $defs: Obj = {};
  for (let i = 0; i < 200; i++) $defs[`d${i}`] = { type: "object", properties: { next: { $ref: `#/$defs/d${(i + 1) % 200}` } } };
  $defs["loop"] = { anyOf: [{ $ref: "#/$defs/loop2" }] };
  $defs["loop2"] = { not: { $ref: "#/$defs/loop" } };
  const schema = { $ref: "#/$defs/d0", $defs };
  assert.is(agree(schema), "refused");
  assert.throws(
    () => compile(schema, { cache: false }),
    (e: unknown) => e instanceof SchemaError && e.code === "ref-cycle" && e.schemaLocation === "/$defs/loop/anyOf",
  );
});

test("an unused definition's bad pattern or dangling reference is still refused; a reached recursion still counted", () => {
  const $defs: Obj = { used: { type: "object", properties: { child: { $ref: "#/$defs/used" } } } };
  for (let i = 0; i < 50; i++) $defs[`d${i}`] = { type: "string", pattern: "^[a-z]+$" };
  for (const [broken, code, location] of [
    [{ pattern: "(" }, "invalid-regex", "/$defs/broken/pattern"],
    [{ patternProperties: { "[": {} } }, "invalid-regex", "/$defs/broken/patternProperties"],
    [{ items: { $ref: "#/$defs/nowhere" } }, "unresolved-ref", "/$defs/broken/items/$ref"],
  ] as const) {
    const schema = { $ref: "#/$defs/used", $defs: { ...$defs, broken } };
    assert.is(agree(schema), "accepted");
    assert.throws(
      () => compile(schema, { cache: false }),
      (e: unknown) => e instanceof SchemaError && e.code === code && e.schemaLocation === location,
      JSON.stringify(broken),
    );
  }
  // The reached recursion is counted: nesting past maxDataDepth is refused, as before.
  let deep: Obj = {};
  for (let i = 0; i < 40; i++) deep = { child: deep };
  const v = compile({ $ref: "#/$defs/used", $defs }, { cache: false, maxDataDepth: 20 });
  assert.not.ok(v.isValid(deep));
  assert.ok(v.isValid({ child: { child: {} } }));
});

test("a $dynamicRef to an anchor the root resource declares lands there only: no false cycle", () => {
  // Evaluation starts at the root, the outermost resource of every dynamic scope: r's reference
  // to "#n" always lands at the root, which descends into the data before r runs again.
  const r = { $id: "https://example.com/r", $dynamicAnchor: "n", anyOf: [{ $dynamicRef: "#n" }] };
  const schema = { $id: "https://example.com/s", $dynamicAnchor: "n", type: "object", properties: { a: { $ref: "#/$defs/r" } }, $defs: { r } };
  assert.is(agree(schema), "accepted");
  const v = compile(schema, { cache: false });
  // Each as hyperjump answers them.
  assert.equal([{ a: { a: {} } }, {}, { a: 1 }, { a: { a: 2 } }, 3].map((data) => v.isValid(data)), [true, true, false, false, false]);
  assert.is(v.validate({ a: { a: 2 } }).valid, false);
  // Without the root's anchor, r is the outermost resource that declares it, and lands on itself.
  const { $dynamicAnchor: _, ...withoutAnchor } = schema;
  // And through the root's anchor, a cycle that applies nothing between is still one.
  const throughRoot = { $dynamicAnchor: "n", $ref: "#/$defs/r", $defs: { r: { $id: r.$id, $dynamicAnchor: "n", $dynamicRef: "#n" } } };
  for (const [refused, location] of [[withoutAnchor, "/$defs/r/anyOf"], [throughRoot, "/$ref"]] as const) {
    assert.is(agree(refused), "refused", location);
    assert.throws(
      () => compile(refused, { cache: false }),
      (e: unknown) => e instanceof SchemaError && e.code === "ref-cycle" && e.schemaLocation === location,
      location,
    );
  }
});

test("a $dynamicAnchor in a resource whose dialect has no such keyword makes no $dynamicRef dynamic", () => {
  // In 2019-09 `$dynamicAnchor` is an unknown word: "e#n", found through `$anchor`, is an
  // ordinary reference to e. Read as a dynamic anchor, it sent the reference to the root.
  const e = (dialect: string) => ({ $schema: dialect, $id: "e", $anchor: "n", $dynamicAnchor: "n", type: "string" });
  const schema = (target: object, inPlace: boolean) => ({
    $id: "https://example.com/root",
    $dynamicAnchor: "n",
    ...(inPlace ? { anyOf: [{ $dynamicRef: "e#n" }] } : { type: "object", properties: { a: { $dynamicRef: "e#n" } } }),
    $defs: { e: target },
  });
  const answers = (target: object, inPlace: boolean, data: unknown[]) => {
    const v = compile(schema(target, inPlace), { refs: "document", cache: false });
    return data.map((value) => v.isValid(value));
  };
  // Each as hyperjump answers them.
  assert.equal(answers(e("https://json-schema.org/draft/2019-09/schema"), false, [{ a: "s" }, { a: {} }]), [true, false]);
  assert.equal(answers(e("https://json-schema.org/draft/2019-09/schema"), true, ["s", 1]), [true, false]);
  // In 2020-12 the anchor counts, and the reference lands at the root's.
  assert.equal(answers(e("https://json-schema.org/draft/2020-12/schema"), false, [{ a: "s" }, { a: {} }]), [false, true]);
});

test("the walk lists the patterns of schema positions only, as it reads them", () => {
  const schema = {
    pattern: "^a",
    properties: { p: { pattern: "^b" }, q: { const: { pattern: "^not-a-schema" } } },
    patternProperties: { "^c": { patternProperties: { "^d": true } } },
    $defs: { unused: { items: { pattern: "^e" } } },
    "x-unknown": { pattern: "^data" },
    enum: [{ patternProperties: { "^data": {} } }],
  };
  const walked = walk(schema, false, false, "", defaultUse(SETTINGS));
  assert.equal([...walked.patterns].sort(), ["^a", "^b", "^c", "^d", "^e"]);
  // The older dialects read them the same way, in their own definitions keyword (2019-09 has $defs; before, `definitions` is one).
  for (const [uri, defs] of [["https://json-schema.org/draft/2019-09/schema", "$defs"], ["http://json-schema.org/draft-07/schema#", "definitions"], ["http://json-schema.org/draft-04/schema#", "definitions"]]) {
    const { $defs: _, ...rest } = schema;
    const document = { $schema: uri, ...rest, [defs!]: { unused: { pattern: "^e" } }, [defs === "$defs" ? "definitions" : "$defs"]: { unknown: { pattern: "^data" } } };
    assert.equal([...walkIn(document).patterns].sort(), ["^a", "^b", "^c", "^d", "^e"], uri);
  }
});

/** The walk of a document in the dialect its `$schema` names. */
function walkIn(document: Obj): Walked {
  return walk(document, false, false, "", defaultUse(SETTINGS), (uri) => {
    const dialect = knownDialect(uri);
    return dialect && { dialect, vocabularies: DEFAULT_VOCABULARIES };
  });
}

test.run();
