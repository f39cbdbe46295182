// Regression (red-team, hostile data): isValid() ended its call (the patterns' step budget, the
// verdicts kept on long strings) after #verdict with no `finally`, and a stack overflow can escape
// it there: a server recursing over a request 30,000 levels deep, calling isValid at each level
// and catching the RangeError per request, left a call open for good. Every later call of every
// validator then counted as nested in it: one step budget for all of them (valid data refused
// with `$pattern` after a while), kept verdicts never let go (memory without bound), a format
// checker asked once for two calls. Each method now clears the call's flag first in its finally,
// and the next outermost call starts afresh.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";

/** Whether two separate calls on one long string ask its format checker once: a call left open. */
function callLeftOpen(): boolean {
  let asked = 0;
  const counting = compile({ type: "string", format: "counted" }, { formats: { counted: () => (asked++, true) }, cache: false });
  const long = "x".repeat(300); // past 256 characters a call keeps the string's verdicts
  counting.isValid(long);
  counting.isValid(long);
  return asked !== 2;
}

test("a stack overflow at any depth of a caller's recursion leaves no call open", () => {
  assert.not.ok(callLeftOpen());
  const v = compile({ $defs: { n: { items: { $ref: "#/$defs/n" } } }, $ref: "#/$defs/n" }, { cache: false });
  let deep: unknown = [];
  for (let i = 0; i < 50; i++) deep = [deep];
  for (const call of [() => v.isValid(deep), () => v.validate(deep), () => v.assert(deep), () => v.validate(deep, { output: "basic" })]) {
    let escaped = 0;
    // The method is called at every depth of the stack on the way back up: some of them overflow
    // inside its own bookkeeping.
    const recurse = (): void => {
      try {
        recurse();
      } catch {
        // the stack's edge
      }
      try {
        call();
      } catch {
        escaped++;
      }
    };
    recurse();
    assert.ok(escaped > 0, "some calls met the stack's edge");
    assert.not.ok(callLeftOpen(), String(call));
  }
});

test.run();
