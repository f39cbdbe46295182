// The entries of $defs (definitions) are checked, not compiled: a large schema's first result
// then costs the walk, the checks and what references reach, not every definition. A definition
// a reference reaches is compiled by that reference, like any target.
//
// The check refuses what compiling would: the metaschema check has already read every keyword
// value, so what is left is what compile finds itself, references that do not resolve (or that
// the ref policy refuses) and patterns that are invalid or unsupported. It visits what compile
// would visit, in the same order (keywords in their dialect's order, a reference's target when
// the reference is met, then the keyword's subschemas), so the first refusal is the same one;
// each schema object once per compile. When the schema graph (gate/schema-graph.ts) has met every
// reference and pattern and found them good, there is nothing left to find: the check is skipped.
import { isObject } from "../json/type-of.js";
import { placedIn } from "../errors.js";
import { appendPointer } from "../json/pointer.js";
import { children } from "../gate/schema-graph.js";
import type { Registry, Target } from "./registry.js";
import { referenceTarget } from "./ref.js";
import { schemaMatcher } from "./regexes.js";
import { patternsIn, type Keyword } from "../keywords/types.js";
import { namesRead } from "../keywords/dialects.js";

export interface Checking {
  readonly registry: Registry;
  /** Schema objects checked in this compile (each sits at one place: the private copies share none). */
  readonly checked: Set<object>;
}

type KeywordStep = { readonly keyword: Keyword; readonly at: Target };
type Step = Target | KeywordStep;

/** Told by an own member: a `keyword` set on Object.prototype would be read in every Target. */
const isKeywordStep = (step: Step): step is KeywordStep => Object.hasOwn(step, "keyword");

/** Checks a definition and everything it leads to (a SchemaError at the first refusal). */
export function checkDefinition(compiler: Checking, definition: Target): void {
  const { registry, checked } = compiler;
  if (registry.definitionsChecked) return;
  // Work in the order compile meets it: the last pushed is done first.
  const work: Step[] = [definition];
  for (let step = work.pop(); step !== undefined; step = work.pop()) {
    if (isKeywordStep(step)) {
      try {
        keywordStep(registry, step.keyword, step.at, work);
      } catch (error) {
        throw placedIn(error, step.at.doc.uri); // a refusal in another document names it, as compile's does
      }
      continue;
    }
    const { schema, resource } = step;
    if (!isObject(schema) || checked.has(schema)) continue;
    checked.add(schema);
    const { dialect, vocabularies } = resource;
    const names = namesRead(schema, dialect);
    // Only keywords with something to check: a reference, patterns, subschemas.
    const keywords: Keyword[] = [];
    for (const name of names) {
      const keyword = dialect.keywords.get(name);
      if (keyword === undefined || (keyword.reference === undefined && keyword.regexes === undefined && keyword.children === undefined)) continue;
      if (vocabularies.has(keyword.vocabulary)) keywords.push(keyword);
    }
    if (keywords.length > 1) keywords.sort((a, b) => dialect.order.get(b)! - dialect.order.get(a)!); // last first
    for (const keyword of keywords) work.push({ keyword, at: step });
  }
}

/** One keyword as its compile would check it: its reference, its patterns, then its target and subschemas. */
function keywordStep(registry: Registry, keyword: Keyword, { doc, ptr, resource, schema }: Target, work: Step[]): void {
  const parent = schema as Record<string, unknown>;
  const value = parent[keyword.name];
  const at = appendPointer(ptr, keyword.name);
  if (keyword.reference !== undefined && typeof value === "string") work.push(referenceTarget(registry, resource, value, keyword.name, at));
  for (const pattern of patternsIn(keyword, value)) if (typeof pattern === "string") schemaMatcher(pattern, at);
  // Every subschema: those compile never reaches (then/else without `if`, contentSchema's) too.
  if (keyword.children === undefined) return;
  const subs = children(keyword, value, at);
  for (let i = subs.length - 1; i >= 0; i--) {
    const [sub, subPtr] = subs[i]!;
    if (isObject(sub)) work.push({ doc, ptr: subPtr, resource: doc.roots.get(sub) ?? resource, schema: sub });
  }
}
