import type { Keyword } from "../types.js";

/**
 * contentEncoding, contentMediaType and contentSchema are annotations in 2020-12: nothing is
 * decoded or validated. contentSchema is listed so its subschemas are indexed like any other.
 */
export const contentSchemaKeyword: Keyword = { name: "contentSchema", vocabulary: "content", children: "schema", compile: () => undefined };
