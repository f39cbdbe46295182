// The tests of minimum, maximum, exclusiveMinimum and exclusiveMaximum, shared by their closures,
// their explain hooks and the plan interpreter. JSON has no NaN or ±Infinity, so no bound holds
// for them (data made in code, a structuredClone, can carry them): NaN fails every comparison,
// and an infinity is refused on the side its comparison would let it through.

export const isAtLeast = (n: number, limit: number): boolean => n >= limit && n !== Infinity;
export const isAbove = (n: number, limit: number): boolean => n > limit && n !== Infinity;
export const isAtMost = (n: number, limit: number): boolean => n <= limit && n !== -Infinity;
export const isBelow = (n: number, limit: number): boolean => n < limit && n !== -Infinity;
