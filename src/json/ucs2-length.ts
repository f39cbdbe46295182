/** Length in Unicode code points, as JSON Schema counts it (a surrogate pair is one character). */
export function ucs2length(text: string): number {
  const length = text.length;
  let count = length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is a single code point.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}
