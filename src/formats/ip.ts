// "ipv4" (RFC 2673 §3.2 dotted-quad) and "ipv6" (RFC 4291 §2.2 text forms).
// Leading zeros in IPv4 octets are rejected: some parsers read them as octal (CVE-2021-29921).
import { compiledBeforeUse } from "../regex/compiled-now.js";

const OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])";
const IPV4 = compiledBeforeUse(new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`));
const HEX_GROUP = compiledBeforeUse(/^[0-9a-f]{1,4}$/i);

export const isIpv4 = (value: string): boolean => IPV4.test(value);

/** Number of 16-bit groups in a ":"-separated run ("" has none), or -1; an IPv4 tail counts as two. */
export function countGroups(run: string, ipv4TailAllowed: boolean): number {
  if (run === "") return 0;
  const groups = run.split(":");
  let count = 0;
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    if (HEX_GROUP.test(group)) count += 1;
    else if (ipv4TailAllowed && i === groups.length - 1 && isIpv4(group)) count += 2;
    else return -1; // also catches empty groups, i.e. a stray or tripled ":"
  }
  return count;
}

export function isIpv6(value: string): boolean {
  if (value.length > 45) return false; // the longest form, with an IPv4 tail, has 45 characters
  const parts = value.split("::");
  if (parts.length > 2) return false;
  if (parts.length === 1) return countGroups(value, true) === 8;
  const head = countGroups(parts[0]!, false);
  const tail = countGroups(parts[1]!, true);
  // "::" stands for at least one zero group (RFC 4291 §2.2, item 2).
  return head >= 0 && tail >= 0 && head + tail <= 7;
}
