// The Bidi Rule for IDNA labels (RFC 5893). JS regular expressions cannot query Bidi_Class, so
// it is approximated for the code points IDNA lets through (letters, marks, digits, hyphen and
// the few CONTEXT characters): the rule only needs to tell L, R/AL, EN, AN, ES, ON, BN and NSM.
// Checked against DerivedBidiClass.txt 15.1 for all such code points: only U+1171E differs.

import { compiledBeforeUse } from "../regex/compiled-now.js";

type BidiClass = "L" | "R" | "EN" | "AN" | "ES" | "ON" | "BN" | "NSM";

const NONSPACING = compiledBeforeUse(/^[\p{Mn}\p{Me}]$/u);
// The exceptions among PVALID code points: modifier letters that are ON, marks that are L.
const NEUTRAL_LETTERS = compiledBeforeUse(/^[\u02b9\u02ba\u02c6-\u02cf\u02ec\u2e2f\ua67f\ua717-\ua71f\ua788]$/u);
const LTR_MARKS = compiledBeforeUse(/^[\u0cbf\u0cc6\u{11a07}\u{11a08}\u{11c3f}]$/u);
// Blocks whose default and assigned Bidi_Class is R or AL (R and AL are treated alike by the rule).
const RTL_BLOCKS = compiledBeforeUse(/^[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]$/u);

function bidiClass(cp: number): BidiClass {
  if (cp === 0x200c || cp === 0x200d) return "BN";
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x6f0 && cp <= 0x6f9)) return "EN";
  if ((cp >= 0x660 && cp <= 0x669) || (cp >= 0x10d30 && cp <= 0x10d39)) return "AN";
  if (cp === 0x2d) return "ES";
  if (cp === 0xb7 || cp === 0x375 || cp === 0x30fb) return "ON";
  const s = String.fromCodePoint(cp);
  if (NEUTRAL_LETTERS.test(s)) return "ON";
  if (NONSPACING.test(s)) return LTR_MARKS.test(s) ? "L" : "NSM";
  return RTL_BLOCKS.test(s) ? "R" : "L";
}

/** RFC 5893 §2, rules 1-6, for one label of a Bidi domain name. */
function satisfiesBidiRule(classes: readonly BidiClass[]): boolean {
  let last = classes.length - 1;
  while (last > 0 && classes[last] === "NSM") last--; // rules 3 and 6 look past trailing NSMs
  const end = classes[last];
  if (classes[0] === "R") {
    if (classes.includes("L")) return false; // rule 2 (every other class here is allowed)
    if (classes.includes("EN") && classes.includes("AN")) return false; // rule 4
    return end === "R" || end === "EN" || end === "AN"; // rule 3
  }
  if (classes[0] === "L") {
    if (classes.includes("R") || classes.includes("AN")) return false; // rule 5
    return end === "L" || end === "EN"; // rule 6
  }
  return false; // rule 1: a label must start with L, R or AL
}

/** Applies the Bidi Rule when the name is a Bidi domain name (has an R, AL or AN code point). */
export function satisfiesBidi(labels: readonly (readonly number[])[]): boolean {
  const classes = labels.map((label) => label.map(bidiClass));
  if (!classes.some((label) => label.includes("R") || label.includes("AN"))) return true;
  return classes.every(satisfiesBidiRule);
}
