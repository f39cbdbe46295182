// "hostname" (RFC 1123 §2.1, with "xn--" labels checked as IDNA A-labels per RFC 5890/5891) and
// "idn-hostname" (RFC 5890 §2.3.2.3: U-labels, A-labels and plain LDH labels).
// ASCII letters are compared case-insensitively, as DNS does (RFC 4343); plain ASCII labels follow
// RFC 1123 only, so names like "r3---sn-x.example" stay valid.
import { satisfiesBidi } from "./idna-bidi.js";
import { idnaProperty, isValidULabel } from "./idna.js";
import { punycodeDecode, punycodeEncode } from "./punycode.js";

const MAX_NAME = 253; // RFC 1034 §3.1, without the root's trailing dot
const MAX_LABEL = 63;
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const ASCII = /^[\x00-\x7f]*$/;
// Label separators that IDNA2008 lookup maps to "." (RFC 3490 §3.1, kept by UTS #46).
const IDN_DOTS = /[.\u3002\uff0e\uff61]/;

const lowerAscii = (cp: number): number => (cp >= 0x41 && cp <= 0x5a ? cp + 0x20 : cp);

/** A checked label: its code points (for the Bidi Rule) and its length in A-label form. */
interface Label {
  cps: number[];
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
    return { cps: Array.from(label, (c) => c.charCodeAt(0)), asciiLength: label.length };
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
  const labels: Label[] = [];
  let total = -1;
  for (const raw of value.split(unicode ? IDN_DOTS : ".")) {
    const label = checkLabel(raw, unicode);
    if (label === undefined) return false;
    labels.push(label);
    total += label.asciiLength + 1;
    if (total > MAX_NAME) return false;
  }
  return satisfiesBidi(labels.map((label) => label.cps));
}

export const isHostname = (value: string): boolean => checkName(value, false);
export const isIdnHostname = (value: string): boolean => checkName(value, true);
