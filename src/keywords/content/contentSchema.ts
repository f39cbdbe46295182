import { annotationKeyword } from "../meta-data/annotations.js";
import type { Keyword } from "../types.js";

/**
 * contentEncoding, contentMediaType and contentSchema are annotations in 2020-12: nothing is
 * decoded or validated. contentSchema declares a subschema so it is indexed like any other.
 */
export const contentSchemaKeyword: Keyword = { ...annotationKeyword("contentSchema", "content"), children: "schema", declaresOnly: true };
export const contentEncodingKeyword = annotationKeyword("contentEncoding", "content");
export const contentMediaTypeKeyword = annotationKeyword("contentMediaType", "content");
