// Differential tests for the dialects before 2020-12: generated documents of 2019-09, draft-07,
// draft-06 and draft-04 (spec/helpers/legacy-arbitraries.ts) and generated instances, run through
// schemagate and the @hyperjump/json-schema entry point of the same dialect. Where hyperjump is
// known to be wrong, or reads an optional behaviour otherwise, the case is skipped by a named
// predicate (spec/known-peer-bugs.md) and counted in the report line.
// FUZZ_RUNS / FUZZ_SEED (see scripts/fuzz.mjs) change the run count and replay a seed.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as draft201909 from "@hyperjump/json-schema/draft-2019-09";
import * as draft07 from "@hyperjump/json-schema/draft-07";
import * as draft06 from "@hyperjump/json-schema/draft-06";
import * as draft04 from "@hyperjump/json-schema/draft-04";
import { compile, SchemaError } from "../src/index.js";
import { checkAsync, runs } from "./helpers/arbitraries.js";
import { legacyDocument, legacyInstance, type LegacyDialect } from "./helpers/legacy-arbitraries.js";
import { HJ_1, hyperjump, overflow, schemagate, show, values, type HyperjumpDialect } from "./helpers/peers.js";

type Json = unknown;

/** The hyperjump entry point of each dialect (each registers its dialect's metaschemas). */
const PEERS: Readonly<Record<LegacyDialect, HyperjumpDialect>> = { "2019-09": draft201909, "draft-07": draft07, "draft-06": draft06, "draft-04": draft04 };

/** Every object in a document: the schema objects among them (a predicate that reads a data object too only skips more). */
const objectsIn = (document: Json): Record<string, unknown>[] =>
  [...values(document)].filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v));
const uses = (objects: Record<string, unknown>[], keyword: string): boolean => objects.some((s) => Object.hasOwn(s, keyword));

/** HJ-4: hyperjump's 2019-09 unevaluatedItems counts the items `contains` matched as evaluated (2020-12 does; 2019-09 reads only items, additionalItems and unevaluatedItems). */
const HJ_4 = (dialect: LegacyDialect, objects: Record<string, unknown>[]): boolean => dialect === "2019-09" && uses(objects, "contains") && uses(objects, "unevaluatedItems");

/**
 * Not a bug: 2019-09 `dependencies`, which schemagate keeps as the optional suite's
 * dependencies-compatibility reads it and hyperjump ignores. Taken out of 2019-09 documents
 * before either validator sees them (every member of that name: both get the same document).
 */
function withoutDependencies(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutDependencies);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (key !== "dependencies") Object.defineProperty(out, key, { value: withoutDependencies(member), enumerable: true, writable: true, configurable: true });
  return out;
}

interface Tally {
  cases: number;
  refused: number;
  compared: number;
  skipped: Record<string, number>;
}

const bump = (tally: Tally, reason: string): void => void (tally.skipped[reason] = (tally.skipped[reason] ?? 0) + 1);

let serial = 0;

async function differential(dialect: LegacyDialect, generated: Record<string, unknown>, data: Json[], tally: Tally): Promise<void> {
  // A fresh JSON copy under a unique identifier: hyperjump keeps schemas by URI.
  const id = `https://schemagate.test/legacy/${++serial}/root`;
  const copy = JSON.parse(JSON.stringify(dialect === "2019-09" ? withoutDependencies(generated) : generated)) as Record<string, unknown>;
  const document = { ...copy, [dialect === "draft-04" ? "id" : "$id"]: id };
  const objects = objectsIn(document);
  tally.cases++;
  const ours = schemagate(document);
  // schemagate's own rules: a reference cycle that consumes no input (hyperjump would run out of
  // stack, in a promise callback), an identifier declared twice.
  if (ours instanceof SchemaError && (ours.code === "ref-cycle" || ours.code === "duplicate-identifier")) {
    tally.refused++;
    return void bump(tally, `SG-${ours.code}`);
  }
  const theirs = await hyperjump(PEERS[dialect], structuredClone(document), id);
  if (ours instanceof SchemaError) {
    tally.refused++;
    assert.ok(theirs instanceof Error, `schemagate refused (${ours.code}: ${ours.message}) a ${dialect} schema hyperjump accepts:\n${show(document)}`);
    return;
  }
  if (theirs instanceof Error) {
    if (overflow(theirs)) return void bump(tally, "HJ-2 (compile)");
    assert.unreachable(`hyperjump refused (${theirs.message}) a ${dialect} schema schemagate accepts:\n${show(document)}`);
    return;
  }
  for (const x of data) {
    if (HJ_4(dialect, objects)) {
      bump(tally, "HJ-4");
      continue;
    }
    const mine = ours.isValid(x);
    assert.is(ours.validate(x).valid, mine, `validate and isValid disagree:\n${show(document)}\ninstance ${show(x)}`);
    const verdict = theirs.check(x);
    if (verdict === "overflow" || HJ_1(objects, x)) {
      bump(tally, verdict === "overflow" ? "HJ-2" : "HJ-1");
      continue;
    }
    tally.compared++;
    if (mine !== verdict) assert.unreachable(`${dialect}: schemagate says ${mine}, hyperjump says ${verdict}\nschema ${show(document)}\ninstance ${show(x)}`);
  }
}

test("the legacy known-bug predicates match their minimal cases, and hyperjump still has them", async () => {
  const tuple = { $schema: "https://json-schema.org/draft/2019-09/schema", items: [{ type: "string" }, { type: "string" }], contains: { type: "string", minLength: 3 }, unevaluatedItems: false };
  assert.ok(HJ_4("2019-09", objectsIn(tuple)) && !HJ_4("draft-07", objectsIn(tuple)));
  const id = "https://schemagate.test/legacy/hj-4";
  const peer = await hyperjump(PEERS["2019-09"], { ...tuple, $id: id }, id);
  assert.not.ok(peer instanceof Error);
  // The 2020-12 release notes ("contains and unevaluatedItems"): in 2019-09 "ccc" is unevaluated.
  assert.is((peer as Exclude<typeof peer, Error>).check(["a", "b", "ccc"]), true, "hyperjump fixed HJ-4: drop the skip");
  assert.is(compile(tuple, { cache: false }).isValid(["a", "b", "ccc"]), false);
  assert.equal(JSON.stringify(withoutDependencies(JSON.parse('{"dependencies": {"a": ["b"]}, "properties": {"__proto__": {"dependencies": 1}}}'))), '{"properties":{"__proto__":{}}}');
});

test("differential: 2019-09, draft-07, draft-06 and draft-04 documents against hyperjump in the same dialect", async () => {
  const tallies = new Map<LegacyDialect, Tally>();
  const tallyOf = (dialect: LegacyDialect): Tally => {
    let tally = tallies.get(dialect);
    if (tally === undefined) tallies.set(dialect, (tally = { cases: 0, refused: 0, compared: 0, skipped: {} }));
    return tally;
  };
  const cases = fc
    .constantFrom<LegacyDialect>("2019-09", "draft-07", "draft-06", "draft-04")
    .chain((dialect) => fc.tuple(fc.constant(dialect), legacyDocument(dialect), fc.array(legacyInstance, { minLength: 1, maxLength: 4 })));
  await checkAsync(
    fc.asyncProperty(cases, ([dialect, document, data]) => differential(dialect, document, data, tallyOf(dialect))),
    runs(400),
  );
  for (const [dialect, tally] of [...tallies].sort()) {
    const skipped = Object.entries(tally.skipped)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(", ");
    console.log(`  ${dialect}: ${tally.cases} documents (${tally.refused} refused by both), ${tally.compared} instances compared; skipped: ${skipped || "none"}`);
    assert.ok(tally.compared > 0, `${dialect}: nothing compared`);
  }
});

test.run();
