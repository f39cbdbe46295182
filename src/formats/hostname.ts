// "hostname" (RFC 1123 §2.1, with "xn--" labels checked as IDNA A-labels per RFC 5890/5891) and
// "idn-hostname" (RFC 5890 §2.3.2.3: U-labels, A-labels and plain LDH labels).
// ASCII letters are compared case-insensitively, as DNS does (RFC 4343); plain ASCII labels follow
// RFC 1123 only, so names like "r3---sn-x.example" stay valid.
import { satisfiesBidi } from "./idna-bidi.js";
import { idnaProperty, isValidULabel } from "./idna.js";
import { punycodeDecode, punycodeEncode } from "./punycode.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

const MAX_NAME = 253; // RFC 1034 §3.1, without the root's trailing dot
const MAX_LABEL = 63;
const LDH_LABEL = compiledBeforeUse(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);
const ASCII = compiledBeforeUse(/^[\x00-\x7f]*$/);
// Label separators that IDNA2008 lookup maps to "." (RFC 3490 §3.1, kept by UTS #46).
const IDN_DOTS = compiledBeforeUse(/[.\u3002\uff0e\uff61]/);
// A name of plain LDH labels, none an A-label: most names, valid in both formats as they are.
const LDH_NAME = compiledBeforeUse(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i);
const A_LABEL = compiledBeforeUse(/(?:^|\.)xn--/i);

const lowerAscii = (cp: number): number => (cp >= 0x41 && cp <= 0x5a ? cp + 0x20 : cp);

/**
 * A checked label: its length in A-label form, and for the Bidi Rule its code points, or for a
 * plain LDH label its text (letters, digits and hyphens: no R, AL or AN code point).
 */
interface Label {
  cps?: number[];
  ldh?: string;
  asciiLength: number;
}

/** An "xn--" label (already lower-cased ASCII): a canonical Punycode form of a valid U-label. */
function checkALabel(label: string): Label | undefined {
  const decoded = punycodeDecode(label.slice(4));
  if (decoded === undefined || decoded.every((cp) => cp < 0x80)) return undefined;
  const cps = decoded.map(lowerAscii);
  // Decoding is lenient about non-canonical input; re-encoding must give the label back.
  if (`xn--${punycodeEncode(cps)}` !== label) return undefined;
  const uLabel = String.fromCodePoint(...cps);
  if (uLabel.normalize("NFC") !== uLabel || !isValidULabel(cps)) return undefined; // RFC 5891 §5.4
  return { cps, asciiLength: label.length };
}

function checkLabel(raw: string, unicode: boolean): Label | undefined {
  if (ASCII.test(raw)) {
    const label = raw.toLowerCase();
    if (label.length > MAX_LABEL || !LDH_LABEL.test(label)) return undefined;
    if (label.startsWith("xn--")) return checkALabel(label);
    return { ldh: label, asciiLength: label.length };
  }
  if (!unicode) return undefined;
  // Each code point as written must be allowed (this rejects KELVIN SIGN, which NFC turns into
  // "K"); the label rules then apply to the NFC form, which lookup converts to (RFC 5891 §5.3).
  const codePoints = (s: string): number[] => Array.from(s, (c) => lowerAscii(c.codePointAt(0)!));
  const cps = codePoints(raw.normalize("NFC"));
  // An A-label is at least "xn--" plus one character per code point: a longer label is refused
  // before its code points are looked up (which NFC bounds too: it composes a few into one).
  if (cps.length > MAX_LABEL - 4) return undefined;
  if (codePoints(raw).some((cp) => idnaProperty(cp) === "DISALLOWED") || !isValidULabel(cps)) return undefined;
  const asciiLength = 4 + punycodeEncode(cps).length;
  return asciiLength > MAX_LABEL ? undefined : { cps, asciiLength };
}

function checkName(value: string, unicode: boolean): boolean {
  // A loose bound no valid name reaches (NFC composes at most a few code points into one),
  // so that huge inputs are rejected before any per-label work.
  if (value.length === 0 || value.length > 8 * MAX_NAME) return false;
  if (value.length <= MAX_NAME && LDH_NAME.test(value) && !A_LABEL.test(value)) return true;
  const labels: Label[] = [];
  let total = -1;
  let decoded = false;
  for (const raw of value.split(unicode ? IDN_DOTS : ".")) {
    const label = checkLabel(raw, unicode);
    if (label === undefined) return false;
    labels.push(label);
    decoded ||= label.cps !== undefined;
    total += label.asciiLength + 1;
    if (total > MAX_NAME) return false;
  }
  // Only a label with code points beyond LDH can make a Bidi domain name (RFC 5893 §2): a name of
  // plain labels skips the rule's per-code-point work.
  return !decoded || satisfiesBidi(labels.map((label) => label.cps ?? Array.from(label.ldh!, (c) => c.charCodeAt(0))));
}

export const isHostname = (value: string): boolean => checkName(value, false);
export const isIdnHostname = (value: string): boolean => checkName(value, true);
