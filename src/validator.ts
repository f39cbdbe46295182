// A compiled schema: isValid (boolean, the fast path), validate (errors), assert (throws).
import type { AnnotationUnit, Check, EvalState, OutputUnit } from "./engine/types.js";
import { basicOutput, hierarchicalOutput, type OutputFormat, type OutputNode } from "./output/formats.js";
import { describeThrown, isMadeHere, isStackOverflow, SchemaError, ValidationError, variantOrSpent } from "./errors.js";
import { kindOf } from "./json/type-of.js";
import { readOptions, type OutputOptions, type ReadOptions, type ValidateOptions } from "./validate-options.js";
export type { OutputOptions, ValidateOptions } from "./validate-options.js";
import { RegexBudgetExceeded, renewCall } from "./regex/pike-vm.js";
import { call, callEnds, callStarts } from "./calls.js";
import { DataTooDeep } from "./engine/depth.js";
import { inAuthorOrder, type AuthorOrders } from "./gate/author-order.js";
import { freshCopy, type CanonicalText } from "./gate/private-copy.js";
import { standardSchemaOf, wasCut, type StandardProps } from "./standard-schema.js";
import { EXPLAINED_INVALID, MAX_DATA_DEPTH, MAX_ERRORS } from "./limits.js";
import { letGo, newState, renewState } from "./engine/state.js";
import { cut, explainingNow, resumeExplaining } from "./engine/report.js";
import { Trace } from "./engine/ref-crossings.js";
import { ownKeysOnly } from "./engine/plain-objects.js";
import { Witness } from "./engine/witness.js";
import { HANDOVER } from "./engine/explain.js";
import { NotAVerdict } from "./engine/string-verdicts.js";
import type { DialectName } from "./keywords/dialects.js";
import type { ErrorUnitOf, ValidationErrorUnit } from "./output/units.js";
import { shortenStart } from "./output/shorten.js";
import { printable } from "./output/printable.js";

/** `errors` are typed per keyword: narrow a unit on `keyword` to read its `params` (see output/units.ts). */
export type ValidationResult = { valid: true } | { valid: false; errors: ValidationErrorUnit[]; truncated?: true };

const VALID: ValidationResult = Object.freeze({ valid: true });

/** The typed outcome when evaluation cannot finish (see docs/architecture.md, "Hostile input"). */
function abortUnit<K extends "$depth" | "$data" | "$pattern">(keyword: K, error: string): ErrorUnitOf<K> {
  return { keywordLocation: "", instanceLocation: "", error, keyword, params: {} };
}

/**
 * The unit of an invalid result whose error pass found no error: the boolean pass read one value
 * and the error pass another (a getter or Proxy that answers differently each time). Without it
 * the result would say invalid and list nothing.
 */
const changedData = (): ValidationErrorUnit =>
  abortUnit("$data", "the data changed while it was validated: a value read twice was not the same (a getter or Proxy answering differently)");

/**
 * Evaluation never lets an exception escape: running out of stack (data nested too deeply or
 * cyclic) and exceptions thrown by the data itself (getters, Proxy traps) become an invalid
 * result. What the data throws is read without trusting it: instanceof and its message may throw
 * too. Only schemagate's own internal errors are rethrown.
 */
function abortOf(error: unknown, redact: boolean): ValidationErrorUnit {
  // Evaluation never compiles: a SchemaError here was thrown by the data or a format checker (one
  // that called compile()), and is what the data threw.
  if (isMadeHere(error) && !(error instanceof SchemaError)) {
    // A pattern on the linear VM that ran out of steps, or the call's patterns (src/regex/pike-vm.ts, MATCH_STEPS, CALL_STEPS).
    if (error instanceof RegexBudgetExceeded) return abortUnit("$pattern", `${error.message}: ${error.inAll ? "the schema's patterns together read too much of the data" : "the string is too long for the pattern's automaton"}`);
    if (error instanceof DataTooDeep) return abortUnit("$depth", error.message);
    // Not the data's: the caller's checker answered what no check may (its message names the format).
    if (error instanceof NotAVerdict) return abortUnit("$data", `a format checker failed: ${error.message}`);
    throw error; // a bug: rethrown (the method's `finally` ends the call)
  }
  if (isStackOverflow(error)) {
    return abortUnit("$depth", "evaluation exceeded the maximum call depth: the data is nested too deeply or contains itself, or the schema applies too many subschemas in place (a long chain of references)");
  }
  // What the data threw is the data's to say: a redacted result does not repeat it.
  return abortUnit("$data", redact ? "reading the data threw (what it threw is hidden: redact)" : `reading the data threw: ${describeThrown(error)}`);
}

/** A `$depth` outcome: the data's nesting or the stack, not what the data threw. */
const tooDeep = (error: unknown): boolean => (isMadeHere(error) && error instanceof DataTooDeep) || isStackOverflow(error);

/**
 * The other forms of a validator's schema: compiled with annotations (output formats) or with
 * closures that collect errors, or the explainer over its own objects (undefined when a keyword
 * it reaches has no explain hook).
 */
export type Variant = "annotating" | "collecting" | "explaining";

/**
 * A boolean-mode state kept between isValid calls of every validator, so the fast path allocates
 * no state; a re-entrant call (from inside a check) makes its own.
 */
let idle: EvalState | undefined = newState(undefined, false, 0, MAX_DATA_DEPTH);

/** validate()'s error-pass state between calls, kept only from a pass that returned (a re-entrant call makes its own). */
let spareErrors: EvalState | undefined;

/** validate()'s witness between calls (a re-entrant call makes its own). */
let spareWitness: Witness | undefined = new Witness();

/** Validators whose errors the explainer has collected (for the specs: usedExplainer). */
const EXPLAINING = new WeakSet<object>();

/** @internal For the specs: the explainer collected errors for this validator. */
export const usedExplainer = (validator: Validator<unknown>): boolean => EXPLAINING.has(validator);

/** Validators whose explainer handed a pass over to the closures (explain.ts HANDOVER). */
const HANDED_OVER = new WeakSet<object>();

/** @internal For the bench: the closures took over this validator's error pass from the explainer. */
export const handedOver = (validator: Validator<unknown>): boolean => HANDED_OVER.has(validator);

export class Validator<T = unknown> {
  readonly #root: Check;
  /** Compiles a variant of the schema, on first use. */
  readonly #variant: (kind: Variant) => Check | undefined;
  /** What the first invalid instance or output format makes (most validators never see one). */
  #late: Late | undefined;
  get #made(): Late {
    return (this.#late ??= new Late());
  }
  readonly #explainFirst: number;

  /** The private copy's JSON text (keys sorted; a copied document's is written when first read), and the caller's key orders where they differ. */
  readonly #schema: CanonicalText;

  /**
   * @internal Use compile(). `root` decides validity (plans); `variant` makes the compiles that
   * collect errors and annotations. `schema` is the private copy's JSON text.
   */
  constructor(root: Check, schema: CanonicalText, variant: (kind: Variant) => Check | undefined, dialect: DialectName, maxDataDepth = MAX_DATA_DEPTH, orders?: AuthorOrders, explainFirst = EXPLAINED_INVALID, unknownSchema = false) {
    this.#root = root;
    this.#unknownSchema = unknownSchema;
    this.#explainFirst = explainFirst;
    this.#orders = orders;
    this.#maxDataDepth = maxDataDepth;
    this.#schema = schema;
    this.#variant = variant;
    this.dialect = dialect;
    // The cache hands one validator to every caller of a schema: one caller's `v.validate = …`
    // must not change what the others get (private fields are not frozen with it).
    Object.freeze(this);
  }

  /** compile's `maxDataDepth` (engine/depth.ts). */
  readonly #maxDataDepth: number;

  /** The root's `$schema` names no dialect it was read by (unknownDialect "default"): the export says the dialect instead. */
  readonly #unknownSchema: boolean;

  /** The dialect the schema's root was read in: its `$schema`, or compile's `dialect` option without one. */
  readonly dialect: DialectName;

  /** The schema this validator was compiled from (keys in the caller's order), as a fresh copy each time: changing it changes nothing here. */
  get schema(): unknown {
    return inAuthorOrder(freshCopy(this.#schema), this.#orders);
  }

  readonly #orders: AuthorOrders | undefined;

  isValid(data: unknown): data is T {
    // Every call starts here: its patterns have one step budget (pike-vm.ts CALL_STEPS). A stack
    // overflow can escape #verdict outside its try (a caller's own recursion at the stack's edge):
    // the call ends then too (calls.ts; the next call renews what callEnds would have let go). A
    // catch, not a finally: this is the fast path, and a finally measured slower here.
    const outermost = callStarts();
    let verdict: boolean | ValidationErrorUnit;
    try {
      verdict = this.#verdict(data, undefined, false);
    } catch (error) {
      if (outermost) call.open = false;
      throw error;
    }
    if (outermost) {
      call.open = false;
      callEnds();
    }
    return verdict === true;
  }

  /** The boolean pass: true, false, or the unit that says why evaluation could not finish. `witness`: validate()'s, which its failing loops fill. */
  #verdict(data: unknown, witness: Witness | undefined, redact: boolean): boolean | ValidationErrorUnit {
    const state = idle ?? newState(undefined, false, 0, this.#maxDataDepth);
    idle = undefined;
    state.maxDataDepth = this.#maxDataDepth;
    state.forIn = ownKeysOnly();
    state.witness = witness;
    state.deepest = data; // the root value is level 0 (depth.ts)
    let valid: boolean;
    try {
      valid = this.#root(data, state, undefined);
    } catch (error) {
      return abortOf(error, redact); // the state is left behind: a fresh one is made next time
    }
    letGo(state); // a kept state holds none of the caller's data
    state.witness = undefined;
    idle = state;
    return valid;
  }

  validate(data: unknown, options?: ValidateOptions): ValidationResult;
  validate(data: unknown, options: OutputOptions & { output: "flag" }): { valid: boolean };
  validate(data: unknown, options: OutputOptions): OutputNode;
  validate(data: unknown, options?: ValidateOptions | OutputOptions): ValidationResult | OutputNode | { valid: boolean } {
    const outermost = callStarts();
    try {
      // null is taken as no options: the plain call checks nothing.
      if (options == null) return this.#validate(data, undefined);
      const read = readOptions(options, "validate");
      return read.output === undefined ? this.#validate(data, read) : this.#output(data, read, outermost);
    } finally {
      if (outermost) {
        call.open = false;
        callEnds();
      }
    }
  }

  #validate(data: unknown, options: ReadOptions | undefined): ValidationResult {
    // The boolean pass decides, so validate(x).valid === isValid(x) always; errors are then
    // collected for an invalid instance only (a valid one costs no more than isValid). What the
    // boolean pass saw pass before it failed, the error pass need not check again (witness.ts).
    // (Should anything throw, the witness is dropped with what it holds, and a new one made.)
    const witness = spareWitness ?? new Witness();
    spareWitness = undefined;
    const verdict = this.#verdict(data, witness, options?.redact === true);
    const result = verdict === true ? VALID : verdict !== false ? { valid: false as const, errors: [verdict] } : this.#errors(data, options, witness.seal());
    witness.clear(); // it holds the instance's containers
    spareWitness = witness;
    return result;
  }

  /** validate()'s error pass, after a boolean pass that found the instance invalid (`trace`: the `$ref`s above each unit, for a hierarchical format). */
  #errors(data: unknown, options: ReadOptions | undefined, witness: Witness, trace?: Trace): ValidationResult {
    const errors: OutputUnit[] = [];
    const maxErrors = options?.maxErrors ?? MAX_ERRORS;
    const allErrors = options?.allErrors ?? true;
    const redact = options?.redact === true;
    const spare = spareErrors;
    spareErrors = undefined;
    const state = spare === undefined ? newState(errors, allErrors, maxErrors, this.#maxDataDepth, redact) : renewState(spare, errors, allErrors, maxErrors, this.#maxDataDepth, redact);
    state.witness = witness;
    state.trace = trace;
    state.deepest = data;
    // Outside the try: a SchemaError there is ours, not the data's. (Once compiled, the collecting variant is read directly.)
    const pass = this.#late?.collecting ?? variantOrSpent(() => this.#errorPass());
    const explaining = explainingNow();
    try {
      pass(data, state, undefined);
      // Kept for the next pass, holding none of this one's data or output.
      letGo(state);
      state.errors = undefined;
      state.witness = undefined;
      state.ev = undefined;
      state.trace = undefined;
      spareErrors = state;
    } catch (error) {
      resumeExplaining(explaining); // a message that threw left its own pass set (report.ts explained)
      // The explainer met what only the closures' memo bounds (explain.ts), or ran out of depth
      // where the closures, asking fewer questions, may not: they take over, from this pass on,
      // so a validator's units do not change with its number of calls.
      if (error === HANDOVER || (pass === this.#late?.explainer && tooDeep(error))) {
        this.#late!.explainer = null;
        HANDED_OVER.add(this);
        return this.#errors(data, options, witness, trace);
      }
      // Following every branch for its errors ran into what the boolean pass could skip; the
      // abort unit ends the list (on top of the cap), unless the list was cut before it.
      const abort = abortOf(error, redact);
      if (!cut(state)) errors.push(abort);
    }
    if (errors.length === 0 && state.units === 0 && !state.skipped) {
      // No error at all (none recorded, none counted past the cap): the data changed between the
      // passes. That is the error, recorded as any other (a cap of 0 only counts it).
      if (state.units++ < maxErrors) errors.push(changedData());
    }
    // The engine types units wide; output/units.ts says what each keyword records (spec/error-units.spec.ts checks it).
    const units = errors as ValidationErrorUnit[];
    return cut(state) ? { valid: false, errors: units, truncated: true } : { valid: false, errors: units };
  }

  /** The standard formats run the annotating variant (compiled on first use). */
  #output(data: unknown, options: ReadOptions, outermost: boolean): OutputNode | { valid: boolean } {
    const format = options.output;
    if (format !== "flag" && format !== "basic" && format !== "detailed" && format !== "verbose") throw new TypeError(`output must be "flag", "basic", "detailed" or "verbose", not ${typeof format === "string" ? printable(JSON.stringify(shortenStart(format as string, 40))) : typeof format}`);
    if (format === "flag") return { valid: this.#verdict(data, undefined, options.redact === true) === true };
    const witness = spareWitness ?? new Witness();
    spareWitness = undefined;
    const verdict = this.#verdict(data, witness, options.redact === true);
    // An invalid instance's output lists errors only: validate()'s, from its error pass (which
    // stops at maxErrors and skips what the boolean pass saw pass), arranged in the format.
    const output = verdict === true ? this.#annotated(data, format, options, outermost) : typeof verdict !== "boolean" ? basicOutput(false, [verdict], []) : this.#errorsIn(data, witness.seal(), format, options);
    witness.clear(); // it holds the instance's containers
    spareWitness = witness;
    return output;
  }

  /** A valid instance's output: the annotating pass gathers what to show (the boolean pass decided validity). */
  #annotated(data: unknown, format: "basic" | "detailed" | "verbose", options: ReadOptions, outermost: boolean): OutputNode {
    const annotations: AnnotationUnit[] = [];
    const trace = new Trace();
    const state = newState([], options.allErrors ?? true, options.maxErrors ?? MAX_ERRORS, this.#maxDataDepth, options.redact === true);
    state.annotations = annotations;
    state.trace = format === "basic" ? undefined : trace;
    state.deepest = data;
    const annotating = variantOrSpent(() => this.#annotatingRoot()); // outside the try, as in #errors
    const explaining = explainingNow();
    try {
      annotating(data, state, undefined);
    } catch (error) {
      resumeExplaining(explaining);
      abortOf(error, options.redact === true); // rethrows an internal error (a bug)
      // The annotating pass runs every branch and keeps more frames a level: it can run out of
      // the call's pattern steps, or of stack, where the boolean pass does not. The annotations
      // are then said to be cut, not dropped (the steps renewed for the rest of the outermost call).
      if (outermost) renewCall();
      // No annotation: the same root in every format. (A node is made with `truncated`, never assigned it: output/formats.ts.)
      return { ...basicOutput(true, [], []), truncated: true };
    }
    const output = format === "basic" ? basicOutput(true, [], annotations) : hierarchicalOutput(true, annotations, trace.units, format === "verbose");
    // As validate() says it: the annotations shown were cut.
    return state.notesCut ? { ...output, truncated: true } : output;
  }

  /** validate()'s errors (#errors, after the boolean pass that filled `witness`), in the format. */
  #errorsIn(data: unknown, witness: Witness, format: "basic" | "detailed" | "verbose", options: ReadOptions): OutputNode {
    const trace = format === "basic" ? undefined : new Trace();
    const result = this.#errors(data, options, witness, trace);
    const errors = result.valid ? [] : result.errors;
    const output = trace === undefined ? basicOutput(false, errors, []) : hierarchicalOutput(false, errors, trace.units, format === "verbose");
    return wasCut(result) ? { ...output, truncated: true } : output;
  }

  /**
   * What collects the errors: the explainer for the first invalid instances (no second compile: a
   * validator that seldom sees invalid data stays small), then the closures of the collecting
   * variant, faster per call. Both give the same units (spec/explain.spec.ts).
   */
  #errorPass(): Check {
    const late = this.#made; // #errors reads a compiled collecting variant itself
    // The explainer reads the schema's own objects, made with Object.prototype: it reads a
    // sibling keyword as an own member only (json/own-member.ts), so a polluted prototype changes
    // none of its units (spec/explainer-prototype.spec.ts).
    if (late.explained < this.#explainFirst && late.explainer !== null) {
      late.explainer ??= this.#variant("explaining") ?? null;
      if (late.explainer !== null) {
        if (late.explained++ === 0) EXPLAINING.add(this);
        return late.explainer;
      }
    }
    late.explainer = null; // its copy of the schema is let go
    return (late.collecting = this.#variant("collecting")!);
  }

  #annotatingRoot(): Check {
    return (this.#made.annotating ??= this.#variant("annotating")!);
  }

  /**
   * Throws a ValidationError with the units of validate(data, options). Those are the "basic"
   * format's: another `output` is refused (a TypeError, valid data or not), never silently dropped.
   */
  assert(data: unknown, options?: ValidateOptions & { output?: "basic" }): asserts data is T {
    const read = options == null ? undefined : readOptions(options, "assert");
    if (read !== undefined) {
      const format = read.output;
      if (format !== undefined && format !== "basic") {
        throw new TypeError(`assert's output must be "basic" or absent: its ValidationError carries the basic units (validate(data, { output }) gives the other formats), not ${typeof format === "string" ? printable(JSON.stringify(shortenStart(format, 40))) : kindOf(format)}`);
      }
    }
    const outermost = callStarts();
    let result: ValidationResult;
    try {
      result = this.#validate(data, read);
    } finally {
      if (outermost) {
        call.open = false;
        callEnds();
      }
    }
    if (!result.valid) throw new ValidationError(result.errors, wasCut(result));
  }

  /** Standard Schema v1 and Standard JSON Schema v1 (see standard-schema.ts), made on first use. */
  get "~standard"(): StandardProps<T, T> {
    return (this.#made.standard ??= standardSchemaOf(this, this.#unknownSchema)) as StandardProps<T, T>;
  }
}

// Its methods are every validator's, cached or not: `Object.getPrototypeOf(v).isValid = …` would
// change what every caller gets, past the freezing of each validator.
Object.freeze(Validator.prototype);

/** A validator's variants, compiled on first use, and its Standard Schema props. */
class Late {
  annotating: Check | undefined = undefined;
  collecting: Check | undefined = undefined;
  /** The explainer while it serves (null: the schema has none, or its turn is over), and the invalid instances it explained. */
  explainer: Check | null | undefined = undefined;
  explained = 0;
  standard: StandardProps<unknown, unknown> | undefined = undefined;
}
