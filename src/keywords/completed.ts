// Every keyword object holds each optional member of Keyword as its own property, undefined when
// it has none: the engine reads `keyword.appliesTo`, `keyword.plan` and the rest of every table's
// keywords, and one that was missing was read from Object.prototype (a polluted `appliesTo` made
// unevaluatedItems skip arrays, a polluted `plan` or `children` threw).
import { dataDescriptor } from "../json/own-fields.js";
import type { Keyword } from "./types.js";

/** The optional members of Keyword (spec/polluted-engine-names.spec.ts checks that none is left out). */
export const OPTIONAL_MEMBERS = ["appliesTo", "children", "reference", "identifies", "ownedBy", "inPlace", "reaches", "evaluatesItems", "evaluatesProperties", "regexes", "plan", "explain", "prepare"] as const satisfies readonly (keyof Keyword)[];

/** `keywords`, each given its missing optional members as own properties (in place: a keyword is one object in every table). */
export function completed(keywords: readonly Keyword[]): readonly Keyword[] {
  for (const keyword of keywords) {
    for (const name of OPTIONAL_MEMBERS) if (!Object.hasOwn(keyword, name)) Object.defineProperty(keyword, name, dataDescriptor(undefined, false, true, false));
  }
  return keywords;
}
