// A planned validator against one compiled without plans (closures only): the boolean fast path
// (src/engine/plan.ts, run by run-plan.ts) and the error pass that asks it must give what the
// closures give.
//
// An evaluation that cannot finish ends its result with an abort unit: `$depth` when the stack
// runs out (data nested too deeply, or a schema that recurses without consuming input — which
// the gate may refuse at compile time instead), `$pattern` when a pattern's step budget runs out.
// Where it is cut depends on the order the keywords run in and on the stack left, so an aborted
// result is compared with nothing; what finished is still compared:
// - each validator: isValid, validate (all errors) and validate (first error) give one verdict,
//   and an abort unit, if any, is the last unit of its list and the only one;
// - the two verdicts, when neither boolean pass may have aborted: a boolean pass that finished
//   decided the instance from parts it evaluated in full, so two that finished agree, whatever
//   the order they went in;
// - the two error lists of each mode: equal when both finished; when one or both were cut, the
//   units before the cut are a prefix of the other list (both passes walk in the same order).
import * as assert from "uvu/assert";
import fc from "fast-check";
import { check, documentSchema, rootSchema, runs, schemaValues } from "./arbitraries.js";
import { loadCases, loadRemotes, suiteOptions } from "../../src/cli/suite.js";
import { compileWithoutPlans } from "../../src/compile.js";
import { compile, SchemaError, type CompileOptions, type ValidationResult, type Validator } from "../../src/index.js";

/** The planned validator and the closures-only one, or undefined when the schema is refused (both must refuse it alike). */
export function both(schema: unknown, options: CompileOptions): [Validator, Validator] | undefined {
  const planned = attempt(() => compile(schema, { ...options, cache: false }));
  const closures = attempt(() => compileWithoutPlans(schema, options));
  if (planned instanceof SchemaError || closures instanceof SchemaError) {
    const codes = [planned, closures].map((v) => (v instanceof SchemaError ? `${v.code} at ${JSON.stringify(v.schemaLocation)}` : "compiled"));
    assert.is(codes[1], codes[0], `plans and closures compile differently: ${JSON.stringify(schema)}`);
    return undefined;
  }
  return [planned, closures];
}

function attempt(make: () => Validator): Validator | SchemaError {
  try {
    return make();
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw error;
  }
}

/** The keywords of the units that say an evaluation could not finish (src/validator.ts, abortUnit). */
const ABORTS: ReadonlySet<string> = new Set(["$depth", "$pattern"]);

/** The result holds an abort unit: the evaluation was cut. */
export const aborted = (r: ValidationResult): boolean => !r.valid && r.errors.some((e) => ABORTS.has(e.keyword));

/** The result is one abort unit and nothing else: the boolean pass may have been the one cut. */
const onlyAbort = (r: ValidationResult): boolean => !r.valid && r.errors.length === 1 && ABORTS.has(r.errors[0]!.keyword);

/** Compared as JSON text: deep equality reads an own `constructor` key (in params) as the class. */
const text = (value: unknown): string => JSON.stringify(value);

interface Passes {
  fast: boolean;
  all: ValidationResult;
  first: ValidationResult;
}

/** Every pass of one validator, held to one verdict and to the abort unit's form. */
function passes(v: Validator, data: unknown, what: string): Passes {
  const fast = v.isValid(data);
  const all = v.validate(data);
  const first = v.validate(data, { allErrors: false });
  for (const [mode, result] of [["allErrors", all], ["first error", first]] as const) {
    assert.is(result.valid, fast, `validate (${mode}) disagrees with isValid: ${what}`);
    if (result.valid) continue;
    assert.ok(result.errors.length > 0, `invalid with no errors: ${what}`);
    const cut = result.errors.findIndex((e) => ABORTS.has(e.keyword));
    assert.ok(cut === -1 || cut === result.errors.length - 1, `an abort unit before the end of the list (${mode}): ${what}`);
  }
  return { fast, all, first };
}

/** Two error lists of one mode: equal when both finished; else the units before a cut are a prefix of the other list. */
function sameList(planned: ValidationResult, closures: ValidationResult, what: string): void {
  const [pCut, cCut] = [aborted(planned), aborted(closures)];
  if (!pCut && !cCut) {
    assert.is(text(planned), text(closures), what);
    return;
  }
  const units = (r: ValidationResult) => (r.valid ? [] : r.errors.filter((e) => !ABORTS.has(e.keyword)));
  const [p, c] = [units(planned), units(closures)];
  // Both cut: the shorter is a prefix of the longer. One cut: its units are a prefix of the finished list.
  const n = pCut && cCut ? Math.min(p.length, c.length) : pCut ? p.length : c.length;
  assert.ok(n <= p.length && n <= c.length, `the cut list has more units (${n}) than the finished one: ${what}`);
  assert.is(text(p.slice(0, n)), text(c.slice(0, n)), `the units before the cut differ: ${what}`);
}

export function sameVerdict([planned, closures]: [Validator, Validator], data: unknown, what: string): void {
  const p = passes(planned, data, `plans: ${what}`);
  const c = passes(closures, data, `closures: ${what}`);
  // A boolean pass that ran out of stack answers with the abort unit alone (validate cannot tell
  // it from an error pass cut before its first unit, so both count as a possible cut).
  const cut = [p.all, p.first, c.all, c.first].some(onlyAbort);
  if (!cut) assert.is(p.fast, c.fast, `plans and closures disagree: ${what}`);
}

// The error pass of a planned validator asks its boolean questions (anyOf branches, `if`, which
// items pass) on plans and follows only the failing values; the closures-only validator asks them
// on closures. The errors, in both modes, must be the same list.
export function sameErrors([planned, closures]: [Validator, Validator], data: unknown, what: string): void {
  for (const allErrors of [true, false]) {
    sameList(planned.validate(data, { allErrors }), closures.validate(data, { allErrors }), `${what} (allErrors: ${allErrors})`);
  }
}

/** The same verdict, and the same errors. */
export function samePasses(pair: [Validator, Validator], data: unknown, what: string): void {
  sameVerdict(pair, data, what);
  sameErrors(pair, data, what);
}

/**
 * The property both kinds of pair are held to: for generated schemas (documents and roots in every
 * dialect) and data, and a few values of the schema itself, every pass agrees.
 */
export function samePassesOnGenerated(pairOf: (schema: unknown, options: CompileOptions) => [Validator, Validator] | undefined, data: fc.Arbitrary<unknown>, count: number, compared: (pair: [Validator, Validator]) => void = () => {}): void {
  check(
    fc.property(fc.oneof(rootSchema, documentSchema), fc.array(data, { minLength: 1, maxLength: 4 }), (schema, values) => {
      const pair = pairOf(schema, { refs: "document" });
      if (pair === undefined) return;
      for (const value of [...values, ...schemaValues(schema).slice(0, 4)]) samePasses(pair, value, JSON.stringify(schema));
      compared(pair);
    }),
    runs(count),
  );
}

/** Every case of the official suite (spec/suite.spec.ts reads the same files) through both validators of a pair; each compared pair is handed to `compared`. Returns how many were compared. */
export function samePassesOnSuite(pairOf: (schema: unknown, options: CompileOptions) => [Validator, Validator] | undefined, compared: (pair: [Validator, Validator]) => void = () => {}): number {
  const remotes = loadRemotes(SUITE);
  let count = 0;
  for (const [file, cases] of loadCases(SUITE)) {
    for (const c of cases) {
      const pair = pairOf(c.schema, suiteOptions(file, remotes));
      if (pair === undefined) continue;
      samePasses(pair, c.data, `${file} / ${c.group} / ${c.description}`);
      compared(pair);
      count++;
    }
  }
  return count;
}

const SUITE = "JSON-Schema-Test-Suite";
