import { identifierKeyword } from "../core/id.js";

/** Draft-04 spells $id without the dollar; `"id": "#name"` declares a plain-name anchor. */
export const idKeyword = identifierKeyword("id", "resource");
