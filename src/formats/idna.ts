// IDNA2008 label rules: derived code point property (RFC 5892 §3), contextual rules
// (RFC 5892 Appendix A), hyphen and leading-mark rules (RFC 5891 §4.2.3). The property is derived
// on the fly from the engine's Unicode data (\p{...}, normalize) instead of shipping IANA's table.
// U-labels are checked as given: callers map ASCII case and normalize to NFC beforehand.
// Not implemented, for want of tables (see also idna-bidi.ts and hostname.ts):
// - exact toCaseFold: approximated by upper- then lower-casing, plus Cherokee and dotless i;
// - Joining_Type T: approximated by general category Mn, Me, Cf, plus U+1E94B;
// - a fixed Unicode version: the engine's is used, not the one IANA's table was made for;
// - UTS #46 mapping (width, compatibility, non-ASCII case): such input is rejected, not mapped.
import { isVirama, joinsBackward, joinsForward } from "./idna-data.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

export type IdnaProperty = "PVALID" | "CONTEXTJ" | "CONTEXTO" | "DISALLOWED";

const PVALID_EXCEPTIONS = new Set([0xdf, 0x3c2, 0x6fd, 0x6fe, 0xf0b, 0x3007]);
const CONTEXTO_EXCEPTIONS = new Set([0xb7, 0x375, 0x5f3, 0x5f4, 0x30fb]);
const DISALLOWED_EXCEPTIONS = new Set([0x640, 0x7fa, 0x302e, 0x302f, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303b]);

const UNASSIGNED = compiledBeforeUse(/^\p{Cn}$/u);
const IGNORABLE = compiledBeforeUse(/^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Noncharacter_Code_Point}]$/u);
const LETTER_DIGIT = compiledBeforeUse(/^[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}]$/u);
// IgnorableBlocks (RFC 5892 §2.4) and OldHangulJamo (§2.9, Hangul_Syllable_Type L/V/T), by block.
const IGNORED_BLOCKS = compiledBeforeUse(/^[\u20d0-\u20ff\u{1d100}-\u{1d24f}\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]$/u);
const CHEROKEE = compiledBeforeUse(/^[\u13a0-\u13ff\uab70-\uabbf]$/u);

/** Approximate toCaseFold: Cherokee folds to upper case; dotless i folds to itself. */
function caseFold(s: string): string {
  if (CHEROKEE.test(s)) return s.toUpperCase();
  return s === "\u0131" ? s : s.toUpperCase().toLowerCase();
}

const isArabicIndic = (cp: number): boolean => cp >= 0x660 && cp <= 0x669;
const isExtArabicIndic = (cp: number): boolean => cp >= 0x6f0 && cp <= 0x6f9;

/**
 * The properties derived so far (a derivation normalizes and tests the code point several
 * times): up to PROPERTIES_KEPT of them, process-wide, then the table starts again.
 */
const PROPERTIES = new Map<number, IdnaProperty>();
const PROPERTIES_KEPT = 4096;

/** RFC 5892 §3 derivation; UNASSIGNED is folded into DISALLOWED. */
export function idnaProperty(cp: number): IdnaProperty {
  let property = PROPERTIES.get(cp);
  if (property === undefined) {
    if (PROPERTIES.size >= PROPERTIES_KEPT) PROPERTIES.clear();
    PROPERTIES.set(cp, (property = derivedProperty(cp)));
  }
  return property;
}

function derivedProperty(cp: number): IdnaProperty {
  if (PVALID_EXCEPTIONS.has(cp)) return "PVALID";
  if (CONTEXTO_EXCEPTIONS.has(cp) || isArabicIndic(cp) || isExtArabicIndic(cp)) return "CONTEXTO";
  if (DISALLOWED_EXCEPTIONS.has(cp)) return "DISALLOWED";
  const s = String.fromCodePoint(cp);
  if (UNASSIGNED.test(s)) return "DISALLOWED";
  if (cp === 0x2d || (cp >= 0x30 && cp <= 0x39) || (cp >= 0x61 && cp <= 0x7a)) return "PVALID";
  if (cp === 0x200c || cp === 0x200d) return "CONTEXTJ";
  const nfkc = s.normalize("NFKC");
  if (caseFold(nfkc).normalize("NFKC") !== s) return "DISALLOWED"; // Unstable (§2.3)
  if (IGNORABLE.test(s) || IGNORED_BLOCKS.test(s)) return "DISALLOWED";
  return LETTER_DIGIT.test(s) ? "PVALID" : "DISALLOWED";
}

const TRANSPARENT = compiledBeforeUse(/^[\p{Mn}\p{Me}\p{Cf}]$/u); // Joining_Type T, closely enough for A.1
/** ADLAM NASALIZATION MARK: a letter (Lm), yet Joining_Type T, the one such in Unicode 15.1. */
const ADLAM_NASALIZATION = 0x1e94b;
const isTransparent = (cp: number): boolean =>
  cp === ADLAM_NASALIZATION || (cp !== 0x200c && cp !== 0x200d && TRANSPARENT.test(String.fromCodePoint(cp)));
const GREEK = compiledBeforeUse(/^\p{Script=Greek}$/u);
const HEBREW = compiledBeforeUse(/^\p{Script=Hebrew}$/u);
const KANA_HAN = compiledBeforeUse(/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u);
const MARK = compiledBeforeUse(/^\p{M}$/u);

/** RFC 5892 Appendix A.1: ZWNJ after a virama, or inside a cursive-joining context. */
function zwnjAllowed(cps: readonly number[], i: number): boolean {
  if (i > 0 && isVirama(cps[i - 1]!)) return true;
  let before = i - 1;
  while (before >= 0 && isTransparent(cps[before]!)) before--;
  let after = i + 1;
  while (after < cps.length && isTransparent(cps[after]!)) after++;
  return before >= 0 && after < cps.length && joinsForward(cps[before]!) && joinsBackward(cps[after]!);
}

/** Whether the code point at i satisfies its CONTEXTJ/CONTEXTO rule (RFC 5892 Appendix A). */
function contextAllows(cps: readonly number[], i: number, label: string): boolean {
  const cp = cps[i]!;
  const prev = cps[i - 1];
  const next = cps[i + 1];
  if (cp === 0x200c) return zwnjAllowed(cps, i);
  if (cp === 0x200d) return prev !== undefined && isVirama(prev);
  if (cp === 0xb7) return prev === 0x6c && next === 0x6c; // only in "l·l" (Catalan)
  if (cp === 0x375) return next !== undefined && GREEK.test(String.fromCodePoint(next));
  if (cp === 0x5f3 || cp === 0x5f4) return prev !== undefined && HEBREW.test(String.fromCodePoint(prev));
  if (cp === 0x30fb) return KANA_HAN.test(label);
  if (isArabicIndic(cp)) return !cps.some(isExtArabicIndic);
  if (isExtArabicIndic(cp)) return !cps.some(isArabicIndic);
  return false;
}

/** Checks a U-label (given as code points) against the IDNA2008 per-label rules, Bidi aside. */
export function isValidULabel(cps: readonly number[]): boolean {
  if (cps.length === 0) return false;
  // Hyphen restrictions (RFC 5891 §4.2.3.1): none at the ends, "--" at 3-4 is reserved for ACE.
  if (cps[0] === 0x2d || cps[cps.length - 1] === 0x2d || (cps[2] === 0x2d && cps[3] === 0x2d)) return false;
  if (MARK.test(String.fromCodePoint(cps[0]!))) return false; // §4.2.3.2: no leading combining mark
  const label = String.fromCodePoint(...cps);
  for (let i = 0; i < cps.length; i++) {
    const property = idnaProperty(cps[i]!);
    if (property === "DISALLOWED") return false;
    if (property !== "PVALID" && !contextAllows(cps, i, label)) return false;
  }
  return true;
}
