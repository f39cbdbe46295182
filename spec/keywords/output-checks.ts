// Shared assertions of the keyword specs: every case goes through every entry point (isValid,
// validate with and without allErrors, assert), so the fast path and the error path must agree,
// and every error must be a well-formed output unit.
import * as assert from "uvu/assert";
import { compile, SchemaError, ValidationError, type CompileOptions, type OutputUnit, type Validator } from "../../src/index.js";

/** An output unit without its message: what the specs pin exactly. */
export type Located = Omit<OutputUnit, "error">;

function label(data: unknown): string {
  const text = JSON.stringify(data) ?? String(data);
  return text.length > 80 ? text.slice(0, 77) + "..." : text;
}

/** A JSON Pointer: "" or "/"-prefixed segments with "~" only as the escapes ~0 and ~1. */
function isPointer(text: unknown): boolean {
  return typeof text === "string" && (text === "" || (text.startsWith("/") && !/~[^01]|~$/.test(text)));
}

/** A message users can read: a single trimmed line of at least two words. */
export function assertSentence(text: unknown, what = "error"): void {
  assert.type(text, "string", `${what} is a string`);
  const sentence = text as string;
  assert.ok(sentence.length > 0, `${what} is not empty`);
  assert.is(sentence, sentence.trim(), `${what} has no surrounding whitespace`);
  assert.not.match(sentence, /\n/, `${what} is one line`);
  assert.match(sentence, /\S\s+\S/, `${what} has more than one word: ${JSON.stringify(sentence)}`);
}

/** Every field of an output unit has its documented shape. */
export function assertWellFormed(unit: OutputUnit): void {
  assert.ok(isPointer(unit.keywordLocation), `keywordLocation is a JSON Pointer: ${JSON.stringify(unit.keywordLocation)}`);
  assert.ok(isPointer(unit.instanceLocation), `instanceLocation is a JSON Pointer: ${JSON.stringify(unit.instanceLocation)}`);
  assert.type(unit.keyword, "string");
  assert.ok(unit.keyword.length > 0, "keyword is not empty");
  assert.ok(typeof unit.params === "object" && unit.params !== null && !Array.isArray(unit.params), "params is an object");
  if (Object.hasOwn(unit, "absoluteKeywordLocation")) {
    assert.type(unit.absoluteKeywordLocation, "string");
    assert.ok(unit.absoluteKeywordLocation!.includes("#"), `absoluteKeywordLocation has a fragment: ${unit.absoluteKeywordLocation}`);
  }
  assertSentence(unit.error);
}

/** Each value is valid through isValid, validate (both modes) and assert. */
export function accepts(v: Validator, ...data: unknown[]): void {
  for (const x of data) {
    assert.is(v.isValid(x), true, `isValid(${label(x)})`);
    const result = v.validate(x);
    assert.is(result.valid, true, `validate(${label(x)}).valid: ${JSON.stringify(result)}`);
    assert.is(v.isValid(x), result.valid, `isValid === validate().valid for ${label(x)}`);
    assert.equal(result, { valid: true }, `a valid result carries no errors for ${label(x)}`);
    assert.is(v.validate(x, { allErrors: false }).valid, true, `validate(${label(x)}, { allErrors: false }).valid`);
    v.assert(x);
  }
}

/** Each value is invalid through every entry point, with well-formed errors; returns the last value's errors (allErrors). */
export function rejects(v: Validator, ...data: unknown[]): OutputUnit[] {
  let last: OutputUnit[] = [];
  for (const x of data) {
    assert.is(v.isValid(x), false, `isValid(${label(x)})`);
    const result = v.validate(x);
    assert.is(result.valid, false, `validate(${label(x)}).valid`);
    assert.is(v.isValid(x), result.valid, `isValid === validate().valid for ${label(x)}`);
    if (result.valid) return [];
    assert.ok(result.errors.length > 0, `an invalid result has errors for ${label(x)}`);
    result.errors.forEach(assertWellFormed);
    const first = v.validate(x, { allErrors: false });
    assert.is(first.valid, false, `validate(${label(x)}, { allErrors: false }).valid`);
    if (!first.valid) {
      assert.ok(first.errors.length >= 1, "first-error mode reports an error");
      assert.ok(first.errors.length <= result.errors.length, "allErrors reports at least as many errors as first-error mode");
      first.errors.forEach(assertWellFormed);
    }
    try {
      v.assert(x);
      assert.unreachable(`assert(${label(x)}) should throw`);
    } catch (error) {
      assert.instance(error, ValidationError);
      assert.equal((error as ValidationError).errors, result.errors, "ValidationError carries the errors of validate()");
    }
    last = result.errors;
  }
  return last;
}

/** Checks a whole table of cases: true means valid. */
export function verdicts(v: Validator, cases: readonly (readonly [data: unknown, valid: boolean])[]): void {
  for (const [data, valid] of cases) {
    if (valid) accepts(v, data);
    else rejects(v, data);
  }
}

/** The errors of an invalid value (allErrors by default). */
export function errorsOf(v: Validator, data: unknown, allErrors = true): OutputUnit[] {
  rejects(v, data);
  const result = v.validate(data, { allErrors });
  return result.valid ? [] : result.errors;
}

/** The single error of an invalid value. */
export function onlyError(v: Validator, data: unknown): OutputUnit {
  const errors = errorsOf(v, data);
  assert.is(errors.length, 1, `exactly one error for ${label(data)}: ${JSON.stringify(errors)}`);
  return errors[0]!;
}

/** An error is exactly `expected` (all fields but the message) and its message is a sentence. */
export function assertError(unit: OutputUnit | undefined, expected: Located): void {
  assert.ok(unit !== undefined, `an error like ${JSON.stringify(expected)}`);
  const { error, ...rest } = unit!;
  assertSentence(error);
  assert.equal(rest, expected);
}

/** The only error of `data` is exactly `expected`. */
export function expectOnlyError(v: Validator, data: unknown, expected: Located): void {
  assertError(onlyError(v, data), expected);
}

/** Among the errors of `data` there is one that is exactly `expected`. */
export function expectSomeError(v: Validator, data: unknown, expected: Located): void {
  const errors = errorsOf(v, data);
  const found = errors.find((e) => {
    const { error: _error, ...rest } = e;
    return JSON.stringify(sortKeys(rest)) === JSON.stringify(sortKeys(expected));
  });
  assert.ok(found !== undefined, `no error ${JSON.stringify(expected)} among ${JSON.stringify(errors, null, 1)}`);
  assertError(found, expected);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
  return out;
}

/** Error counts with and without allErrors. */
export function errorCounts(v: Validator, data: unknown): { all: number; first: number } {
  rejects(v, data);
  const all = v.validate(data);
  const first = v.validate(data, { allErrors: false });
  return { all: all.valid ? 0 : all.errors.length, first: first.valid ? 0 : first.errors.length };
}

/** compile() refuses the schema with a SchemaError of this code at this location. */
export function refuses(schema: unknown, code: SchemaError["code"], schemaLocation: string, options?: CompileOptions): SchemaError {
  let thrown: unknown;
  try {
    compile(schema, options);
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown !== undefined, `compile(${label(schema)}) should throw a SchemaError "${code}"`);
  assert.instance(thrown, SchemaError);
  const error = thrown as SchemaError;
  assert.is(error.code, code, `code of: ${error.message}`);
  assert.is(error.schemaLocation, schemaLocation, `schemaLocation of: ${error.message}`);
  assert.is(error.name, "SchemaError");
  assertSentence(error.message, "SchemaError message");
  return error;
}

/**
 * A failing branch that anyOf/oneOf forgave leaves no trace, also once the validation has crossed
 * the engine's memo threshold (4,096 $ref crossings, reached by the warm-up array under `a`).
 */
export function forgivenBranchStaysHidden(keyword: "anyOf" | "oneOf"): void {
  const v = compile({
    $defs: { pos: { minimum: 0 } },
    properties: { a: { items: { $ref: "#/$defs/pos" } }, b: { [keyword]: [{ $ref: "#/$defs/pos" }, { const: -1 }] }, c: { $ref: "#/$defs/pos" } },
  });
  const errors = errorsOf(v, { a: Array.from({ length: 5000 }, () => 1), b: -1, c: -1 });
  assert.equal(errors.map((e) => e.instanceLocation), ["/c"], "only /c is invalid");
  assert.is(errors[0]!.keywordLocation, "/properties/c/$ref/minimum");
}
