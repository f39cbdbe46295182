// Runs code with names set on Object.prototype (as another library's prototype pollution, or a
// getter of the data, would set them), and removes them after, whatever it threw.

/** Runs `during` with each of `names` that Object.prototype lacks set there to `value`. */
export function whileOnPrototype<T>(names: readonly string[], value: unknown, during: () => T, enumerable = true): T {
  const proto = Object.prototype as Record<string, unknown>;
  const planted = names.filter((name) => !Object.hasOwn(proto, name));
  for (const name of planted) Object.defineProperty(proto, name, { value, enumerable, configurable: true, writable: true });
  try {
    return during();
  } finally {
    for (const name of planted) delete proto[name];
  }
}
