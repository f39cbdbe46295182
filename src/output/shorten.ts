// Text cut in the middle for display: a location's start and its end (where a pointer names the
// property) stay. Used by the compact lines and by the CLI.

/** `text` cut to at most `max` UTF-16 units: its start, "…", its end; a surrogate pair is never split. */
export function shortenMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const keep = Math.max(max - 1, 0);
  let head = Math.ceil(keep / 2);
  let tail = text.length - (keep - head);
  if (head > 0 && isHigh(text.charCodeAt(head - 1))) head--;
  if (tail < text.length && isLow(text.charCodeAt(tail)) && isHigh(text.charCodeAt(tail - 1))) tail++;
  return `${text.slice(0, head)}…${text.slice(tail)}`;
}

/** The first `max` UTF-16 units of `text` at most, never half a surrogate pair. */
export function shortenStart(text: string, max: number): string {
  return max > 0 && isHigh(text.charCodeAt(max - 1)) ? text.slice(0, max - 1) : text.slice(0, max);
}

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;
