// 2020-12 Core 6.5: an unknown keyword's value is an annotation (the suite's annotation tests ask
// it of every dialect). Only the annotating variant makes them; nothing validates them, and
// their values stay data (a `$ref` inside one is no reference).
import type { Dialect } from "../keywords/dialects.js";
import { keywordIn, namesRead } from "../keywords/dialects.js";
import type { Vocabulary } from "../keywords/types.js";
import { deepFreeze } from "../json/freeze.js";
import { escapeSegment } from "../json/pointer.js";
import { makeWhere } from "./place.js";
import { SILENT, weighAnnotationValue } from "./report.js";
import { withAnnotation } from "./node-wrappers.js";
import type { Resource } from "./registry.js";
import type { Step } from "./combine.js";

/**
 * Core keywords the keyword tables leave out (nothing compiles them), never annotations: `$schema`
 * and `$vocabulary` are read by the walk and the registry, and `$comment` "MUST NOT be collected
 * as an annotation result" (Core 8.3). Left out in every dialect, those before they existed too.
 */
const NOT_ANNOTATIONS: ReadonlySet<string> = new Set(["$schema", "$vocabulary", "$comment"]);

/**
 * The annotation steps of a schema object's unknown keywords: names its dialect does not have, or
 * has in a vocabulary its metaschema leaves out (before 2019-09 a `$ref`'s siblings are no
 * keywords of any kind: namesRead). `pointer`: the schema object's.
 */
export function unknownKeywordSteps(schema: Readonly<Record<string, unknown>>, dialect: Dialect, vocabularies: ReadonlySet<Vocabulary>, pointer: string, resource: Resource): Step[] {
  const steps: Step[] = [];
  for (const name of namesRead(schema, dialect)) {
    const keyword = keywordIn(schema, name, dialect);
    if ((keyword !== undefined && vocabularies.has(keyword.vocabulary)) || NOT_ANNOTATIONS.has(name)) continue;
    const value = schema[name];
    // As annotationKeyword's: every output shares the value, and the output's text bound counts it.
    deepFreeze(value);
    weighAnnotationValue(value);
    const where = makeWhere(name, pointer, escapeSegment(name), resource, SILENT, undefined);
    steps.push({ check: withAnnotation(undefined, () => value, where)!, appliesTo: undefined });
  }
  return steps;
}
