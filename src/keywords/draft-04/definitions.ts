import { defsKeyword } from "../core/defs.js";
import type { Keyword } from "../types.js";

/** The name $defs had before 2019-09: the same meaning, and every entry is checked the same way. */
export const definitionsKeyword: Keyword = { ...defsKeyword, name: "definitions" };
