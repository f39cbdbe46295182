// Deep freezing of JSON values a validator hands out (error params, annotations): they are
// shared by every result and every caller of a cached validator, so a caller's change to one
// must not reach the next result (or what the error pass compares against).

/** Freezes `value` and every object and array in it (iteratively: a document may be deep); returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  const open: object[] = [value];
  Object.freeze(value);
  while (open.length > 0) {
    const container = open.pop()! as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      const child = container[key];
      if (typeof child !== "object" || child === null || Object.isFrozen(child)) continue;
      Object.freeze(child);
      open.push(child);
    }
  }
  return value;
}
