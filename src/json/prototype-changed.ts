// Whether something has set names on Object.prototype since this module loaded (even non-enumerable
// ones, perhaps for the length of one call): the places that read plain objects whose prototype is
// Object.prototype then take a path that reads no inherited name.

const STANDARD_NAMES = Object.getOwnPropertyNames(Object.prototype).length;

export function prototypeChanged(): boolean {
  return Object.getOwnPropertyNames(Object.prototype).length !== STANDARD_NAMES;
}

const STANDARD_ARRAY_NAMES = Object.getOwnPropertyNames(Array.prototype).length;

/** Whether Object.prototype or Array.prototype has names it did not have (a copy that assigned its members would run a setter found there). */
export function prototypesChanged(): boolean {
  return prototypeChanged() || Object.getOwnPropertyNames(Array.prototype).length !== STANDARD_ARRAY_NAMES;
}
