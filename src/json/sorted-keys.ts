// An object's keys in the canonical text's order: by UTF-16 code units, as Array.prototype.sort
// compares them (Object.keys lists integer-like keys first, in numeric order).

/** Sorts `keys` in place and returns it; small arrays (most schema objects) by insertion. */
export function sortedKeys(keys: string[]): string[] {
  if (keys.length > 12) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}

/** Whether the keys are already in the canonical text's order (most objects written by hand are not). */
export function inOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}

/** An array index ("0", "7", "4294967294"): an object lists such keys first, in numeric order, whatever order they were added in. */
export function isArrayIndex(key: string): boolean {
  const c = key.charCodeAt(0);
  return c >= 48 && c <= 57 && (key.length === 1 || (c !== 48 && digitsOnly(key) && Number(key) < 4294967295));
}

/** Whether every character is a digit: a loop, not a RegExp, which would keep the key (the caller's) as its last match. */
function digitsOnly(key: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
