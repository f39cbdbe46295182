// The one bundle of the engine that both public entries (schemagate, schemagate/mcp) import, so
// they share one SchemaError class, one Validator class and one default cache.
export * from "./index.js";
export * from "./standard-schema.js";
// Internal helpers the MCP entry shares with the engine (not part of the public API).
export { brand, describeThrown, isStackOverflow, NONE_LISTED } from "./errors.js";
export { dialectNamed, isReferenceOnly, keywordIn } from "./keywords/dialects.js";
export { shortenMiddle, shortenStart } from "./output/shorten.js";
export { hasUnsafe, printable } from "./output/printable.js";
export { dataDescriptor } from "./json/own-fields.js";
export { isJsonObject, kindOf, OBJECT } from "./json/type-of.js";
export { cacheOf, ownOptions, refuseUnknownOptions } from "./compile-options.js";
export { isPlainOptions, notPlain, plainOrAny } from "./plain-options.js";
export { hasMember } from "./json/declared.js";
export { letGoOfMatches } from "./json/last-match.js";
