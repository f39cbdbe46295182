// When `properties` and `additionalProperties` run as one pass over the instance's keys (in
// additionalProperties.ts): both keywords ask, so it lives apart from either.
import { isObject } from "../../json/type-of.js";
import { ownMember } from "../../json/own-member.js";
import type { CompileContext, SchemaObject } from "../types.js";

/** The fused pass applies when nothing needs the keywords apart (no patterns, no tracking, no annotations). */
export function ownsProperties(ctx: CompileContext, parent: SchemaObject): boolean {
  return fusable(parent) && !ctx.tracking && !ctx.annotating;
}

/** The schema object has both keywords, a `properties` object, and no patternProperties. */
export function fusable(parent: SchemaObject): boolean {
  return Object.hasOwn(parent, "additionalProperties") && isObject(ownMember(parent, "properties")) && !Object.hasOwn(parent, "patternProperties");
}
