// A planned validator against one compiled without plans (closures only): the boolean fast path
// (src/engine/plan.ts, run by run-plan.ts) and the error pass that asks it must give what the
// closures give.
import * as assert from "uvu/assert";
import { compileWithoutPlans } from "../../src/compile.js";
import { compile, SchemaError, type CompileOptions, type Validator } from "../../src/index.js";

export function both(schema: unknown, options: CompileOptions): [Validator, Validator] | undefined {
  try {
    return [compile(schema, { ...options, cache: false }), compileWithoutPlans(schema, options)];
  } catch (error) {
    if (error instanceof SchemaError) return undefined;
    throw error;
  }
}

/** The evaluation ran out of stack: the verdict is the one `$depth` unit. */
const aborted = (v: Validator, data: unknown) => {
  const result = v.validate(data);
  return !result.valid && result.errors.length === 1 && result.errors[0]!.keyword === "$depth";
};

export function sameVerdict([planned, closures]: [Validator, Validator], data: unknown, what: string): void {
  const fast = planned.isValid(data);
  const result = planned.validate(data);
  assert.is(result.valid, fast, what);
  if (!result.valid) assert.ok(result.errors.length > 0, `invalid with no errors: ${what}`);
  // A schema that recurses without consuming input never finishes: where it is cut depends on the
  // order keywords run in, and a plan runs its rule groups in a fixed order. Such a schema ends
  // in $depth on one side at least; every evaluation that finishes must agree.
  if (aborted(planned, data) || aborted(closures, data)) return;
  assert.is(fast, closures.isValid(data), `plans and closures disagree: ${what}`);
}

// The error pass of a planned validator asks its boolean questions (anyOf branches, `if`, which
// items pass) on plans and follows only the failing values; the closures-only validator asks them
// on closures. The errors, in both modes, must be the same list.
export function sameErrors([planned, closures]: [Validator, Validator], data: unknown, what: string): void {
  if (aborted(planned, data) || aborted(closures, data)) return;
  for (const allErrors of [true, false]) {
    // Compared as JSON text: deep equality reads an own `constructor` key (in params) as the class.
    assert.is(JSON.stringify(planned.validate(data, { allErrors })), JSON.stringify(closures.validate(data, { allErrors })), `${what} (allErrors: ${allErrors})`);
  }
}

/** The same verdict, and the same errors. */
export function samePasses(pair: [Validator, Validator], data: unknown, what: string): void {
  sameVerdict(pair, data, what);
  sameErrors(pair, data, what);
}
