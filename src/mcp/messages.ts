// Error text for the MCP layer: "instanceLocation: message" pairs joined by "; ", never longer
// than MAX_ERROR_MESSAGE_LENGTH. Keys and quoted values come from untrusted data and the text goes
// to logs and a model's context: it is escaped as the CLI prints it, one line, no terminal codes.
import type { OutputUnit } from "../engine/types.js";
import { hasUnsafe, printable } from "../output/printable.js";
import { shortenStart } from "../output/shorten.js";
import { MAX_ERROR_MESSAGE_LENGTH } from "./limits.js";
import { NONE_LISTED } from "../errors.js";
import { letGoOfMatches } from "../json/last-match.js";

/** The root's pointer is "", which reads as nothing in a sentence. */
function label(pointer: string): string {
  return pointer === "" ? "(root)" : pointer;
}

/** `truncated`: the validator stopped recording, so at least `count` more exist ("970+ more"). */
const more = (count: number, truncated: boolean): string => ` … (${count}${truncated ? "+" : ""} more)`;

/**
 * Lists the errors until the text would pass `max` characters, then says how many were left out.
 * `truncated`: the validator itself stopped recording, so more errors exist than are listed.
 */
export function describeErrors(errors: readonly OutputUnit[], truncated = false, max = MAX_ERROR_MESSAGE_LENGTH): string {
  const text = errors.length > 0 ? listed(errors, truncated, max) : NONE_LISTED.length <= max ? NONE_LISTED : shortenStart(NONE_LISTED, Math.max(0, max - 1)) + "…";
  letGoOfMatches(); // the text quotes the data
  return text;
}

function listed(errors: readonly OutputUnit[], truncated: boolean, max: number): string {
  // Escaped before anything is measured, so the limit holds for the text as it is written. Most
  // lists hold nothing to escape: one test of the joined text then answers for every pair.
  const written = errors.map((unit) => `${label(unit.instanceLocation)}: ${unit.error}`);
  const joined = written.join("; ");
  const clean = !hasUnsafe(joined);
  const pairs = clean ? written : written.map((pair) => printable(pair));
  const suffix = (left: number): string => (left > 0 ? more(left, truncated) : truncated ? " … (more not recorded)" : "");
  // Every pair fits: no room is kept for a count of the ones left out.
  const whole = (clean ? joined : pairs.join("; ")) + suffix(0);
  if (whole.length <= max) return whole;
  let text = "";
  for (let i = 0; i < pairs.length; i++) {
    const next = (i === 0 ? "" : text + "; ") + pairs[i];
    const left = pairs.length - i - 1;
    // Keep room for the suffix that would follow if this were the last pair that fits.
    if (next.length + suffix(left).length > max) {
      if (i > 0) return text + suffix(pairs.length - i);
      const tail = suffix(left);
      return shortenStart(pairs[0]!, Math.max(0, max - tail.length - 1)) + "…" + tail;
    }
    text = next;
  }
  return text + suffix(0);
}
