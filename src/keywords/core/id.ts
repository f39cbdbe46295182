// The identifying keywords of the core vocabulary. They compile nothing: the registry indexes
// what they declare (registry.ts), reading them through these entries of the dialect table.
import { PASSES, type IdentifierKind, type Keyword } from "../types.js";

export function identifierKeyword(name: string, identifies: IdentifierKind): Keyword {
  return { name, vocabulary: "core", identifies, compile: () => undefined, explain: PASSES };
}

export const idKeyword = identifierKeyword("$id", "resource");
export const anchorKeyword = identifierKeyword("$anchor", "anchor");
export const dynamicAnchorKeyword = identifierKeyword("$dynamicAnchor", "dynamic-anchor");
