// Whether a validator's call (isValid, validate, assert) is under way: calls.ts starts and ends
// calls; json/last-match.ts and the error classes read it. Its own module, importing nothing.

/**
 * A call is under way. Each method clears `open` in its `finally` (or catch) before anything it
 * calls there: a stack overflow can meet the call's own bookkeeping (a caller recursing to the
 * stack's edge), and a flag left set would make every later call of the process a call nested in
 * that dead one (one pattern step budget and one table of kept verdicts for all of them). An
 * object, so the methods clear it with a store, no call.
 */
export const call = { open: false };
