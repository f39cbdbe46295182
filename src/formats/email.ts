// "email" (RFC 5321 §4.1.2 Mailbox) and "idn-email" (RFC 6531 §3.3, which adds UTF-8 to atext
// and qtext and allows U-labels in the domain). Comments, folding white space and the
// General-address-literal (RFC 5321 §4.1.3, "tag:content") are not part of a Mailbox we accept.
import { isHostname, isIdnHostname } from "./hostname.js";
import { countGroups } from "./ip.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

const IPV6_PREFIX = compiledBeforeUse(/^ipv6:/i);
const SNUM = compiledBeforeUse(/^[0-9]{1,3}$/);

const ATEXT = "A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~";
const NON_ASCII = "\\u0080-\\ud7ff\\ue000-\\u{10ffff}"; // UTF8-non-ascii: any scalar value past ASCII
const QTEXT = " !#-\\[\\]-~"; // %d32-33 / %d35-91 / %d93-126: printable ASCII but '"' and "\"

// The ASCII pattern needs no "u" flag (V8 runs it faster without): its classes match no surrogate either way.
const localPart = (extra: string, flags: string): RegExp =>
  new RegExp(`^(?:[${ATEXT}${extra}]+(?:\\.[${ATEXT}${extra}]+)*|"(?:[${QTEXT}${extra}]|\\\\[ -~])*")$`, flags);
const LOCAL_PART = compiledBeforeUse(localPart("", ""));
const IDN_LOCAL_PART = compiledBeforeUse(localPart(NON_ASCII, "u"));
const MAX_LOCAL_OCTETS = 64; // RFC 5321 §4.5.3.1.1
const MAX_MAILBOX_OCTETS = 254; // RFC 5321 §4.5.3.1.3: a path of 256 octets, "<" and ">" included

function utf8Length(s: string): number {
  let octets = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    octets += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return octets;
}

/** Domain, or an address literal: "[" IPv4 "]" or "[IPv6:" IPv6 "]" (RFC 5321 §4.1.3). */
function isDomain(domain: string, idn: boolean): boolean {
  if (domain.startsWith("[") && domain.endsWith("]")) {
    const literal = domain.slice(1, -1);
    return IPV6_PREFIX.test(literal) ? isAddressIpv6(literal.slice(5)) : isAddressIpv4(literal);
  }
  return idn ? isIdnHostname(domain) : isHostname(domain);
}

// RFC 5321's own address grammar, not the ipv4/ipv6 formats': Snum (0-255) may have leading
// zeros, and "::" stands for at least two groups, so at most six others beside it (four
// before an IPv4 tail).

const isAddressIpv4 = (s: string): boolean => s.split(".").every((snum, _, all) => all.length === 4 && SNUM.test(snum) && Number(snum) <= 255);

function isAddressIpv6(s: string): boolean {
  if (s.length > 64) return false; // the longest form has 45 characters, and a few leading zeros more
  const tail = s.includes(".") ? s.slice(s.lastIndexOf(":") + 1) : undefined;
  if (tail !== undefined && !isAddressIpv4(tail)) return false;
  // The groups before an IPv4 tail end with ":" (one of "::" when none follows it).
  let body = tail === undefined ? s : s.slice(0, s.length - tail.length);
  if (tail !== undefined) {
    if (!body.endsWith(":")) return false;
    if (!body.endsWith("::")) body = body.slice(0, -1);
  }
  const parts = body.split("::");
  const others = tail === undefined ? 8 : 6;
  if (parts.length === 1) return countGroups(body, false) === others;
  if (parts.length > 2) return false;
  const before = countGroups(parts[0]!, false);
  const after = countGroups(parts[1]!, false);
  return before >= 0 && after >= 0 && before + after <= others - 2;
}

function isMailbox(value: string, idn: boolean): boolean {
  // An ASCII address (all that `email` accepts) has as many octets as characters.
  if (value.length > MAX_MAILBOX_OCTETS || (idn && utf8Length(value) > MAX_MAILBOX_OCTETS)) return false;
  // The domain cannot contain "@" while a quoted local part can: split at the last one.
  const at = value.lastIndexOf("@");
  if (at < 1) return false;
  const local = value.slice(0, at);
  // An ASCII local part (all that LOCAL_PART matches) has as many octets as characters.
  if (local.length > MAX_LOCAL_OCTETS || (idn && utf8Length(local) > MAX_LOCAL_OCTETS)) return false;
  return (idn ? IDN_LOCAL_PART : LOCAL_PART).test(local) && isDomain(value.slice(at + 1), idn);
}

export const isEmail = (value: string): boolean => isMailbox(value, false);
export const isIdnEmail = (value: string): boolean => isMailbox(value, true);
