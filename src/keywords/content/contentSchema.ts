import { annotationKeyword } from "../meta-data/annotations.js";
import { STRING } from "../../json/type-of.js";
import type { Keyword } from "../types.js";

/**
 * contentEncoding, contentMediaType and contentSchema are annotations: nothing is decoded or
 * validated. Each says how a string's content reads, so it annotates strings only (2020-12
 * Validation 8.3: "if the instance value is a string"); contentSchema declares a subschema, indexed
 * like any other, and is ignored without a contentMediaType beside it (8.5).
 */
function contentKeyword(name: string): Keyword {
  return { ...annotationKeyword(name, "content"), appliesTo: STRING };
}

const contentSchemaAnnotation = contentKeyword("contentSchema");

/** Its subschema is never compiled, only checked as a definition is (what compile would refuse in it is refused). */
export const contentSchemaKeyword: Keyword = {
  ...contentSchemaAnnotation,
  children: "schema",
  compile(value, ctx, parent) {
    ctx.definition(value);
    return Object.hasOwn(parent, "contentMediaType") ? contentSchemaAnnotation.compile(value, ctx, parent) : undefined;
  },
};
export const contentEncodingKeyword = contentKeyword("contentEncoding");
export const contentMediaTypeKeyword = contentKeyword("contentMediaType");
