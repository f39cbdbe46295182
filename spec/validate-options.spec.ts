// validate()'s and assert()'s options are checked as compile's are: one of the wrong kind is a
// TypeError or RangeError naming it, on valid data too. Regressions: a negative maxErrors gave
// { valid: false, errors: [], truncated: true } (an invalid result listing nothing); a string
// "true" left `redact` off; assert(data, { output: "detailed" }) threw an unrelated TypeError
// (new ValidationError(undefined)) instead of saying what was wrong; a getter passed the check and
// was read again (a negative maxErrors then); an option on Object.prototype was taken.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, ValidationError, type OutputOptions, type Validator } from "../src/index.js";

const v: Validator<string> = compile({ type: "string" }, { cache: false }); // typed: assert narrows (TS2775)

/** Every way to pass `options`: validate(), an output format, assert(); on invalid and valid data. */
const calls = (options: object): [string, () => unknown][] =>
  [1, "s"].flatMap((data) => [
    [`validate(${JSON.stringify(data)})`, () => v.validate(data, options as never)],
    [`validate(${JSON.stringify(data)}, detailed)`, () => v.validate(data, { ...options, output: "detailed" } as never)],
    [`assert(${JSON.stringify(data)})`, () => v.assert(data, options as never)],
  ]);

const refused = (kind: typeof TypeError | typeof RangeError, head: string) => (e: unknown) => e instanceof kind && e.message.startsWith(head);

test("maxErrors: a number that is not a non-negative integer or Infinity is a RangeError naming it", () => {
  for (const maxErrors of [-1, -Infinity, NaN, 0.5, 1.5, -0.5]) {
    for (const [name, call] of calls({ maxErrors })) assert.throws(call, refused(RangeError, "maxErrors must be a non-negative integer or Infinity"), `${maxErrors}: ${name}`);
  }
});

test("maxErrors: a value that is not a number is a TypeError naming it", () => {
  for (const maxErrors of ["1", null, true, {}, 1n]) {
    for (const [name, call] of calls({ maxErrors })) assert.throws(call, refused(TypeError, "maxErrors must be a number"), `${String(maxErrors)}: ${name}`);
  }
});

test("maxErrors: 0, integers and Infinity are taken; an invalid result lists an error unless it is 0", () => {
  assert.equal(v.validate(1, { maxErrors: 0 }), { valid: false, errors: [], truncated: true });
  const full = v.validate(1);
  for (const maxErrors of [1, 2, 1000, Number.MAX_SAFE_INTEGER, Infinity, undefined]) {
    assert.equal(v.validate(1, { maxErrors }), full, String(maxErrors));
    assert.equal(v.validate("s", { maxErrors }), { valid: true }, String(maxErrors));
  }
  assert.equal(v.validate(1, { maxErrors: -0 }), { valid: false, errors: [], truncated: true }, "-0 is 0");
});

test("allErrors and redact: a value that is not a boolean is a TypeError naming it", () => {
  for (const name of ["allErrors", "redact"]) {
    for (const value of ["true", "false", 1, 0, null, {}]) {
      for (const [call, run] of calls({ [name]: value })) assert.throws(run, refused(TypeError, `${name} must be a boolean`), `${name} ${String(value)}: ${call}`);
    }
    for (const value of [true, false, undefined]) assert.not.throws(() => v.validate(1, { [name]: value }), `${name} ${String(value)}`);
  }
  // What the options say still holds: redact hides the value, allErrors: false stops at the first.
  const pair = compile({ properties: { a: { type: "string" }, b: { type: "string" } } }, { cache: false });
  const hidden = pair.validate({ a: 123456, b: 2 }, { redact: true });
  assert.ok(!hidden.valid && hidden.errors[0]!.error.includes("hidden") && !hidden.errors[0]!.error.includes("123456"));
  const first = pair.validate({ a: 1, b: 2 }, { allErrors: false });
  assert.is(first.valid ? 0 : first.errors.length, 1);
});

test("assert: another output than \"basic\" is a TypeError naming it, on valid data too", () => {
  for (const output of ["flag", "detailed", "verbose", "bogus", 1, null]) {
    for (const data of [1, "s"]) {
      assert.throws(() => v.assert(data, { output } as never), refused(TypeError, "assert's output must be \"basic\" or absent"), `${String(output)} on ${JSON.stringify(data)}`);
    }
  }
  // The type says so too: an OutputOptions is not an assert option.
  const tree: OutputOptions = { output: "detailed" };
  // @ts-expect-error assert's ValidationError carries the basic units only
  assert.throws(() => v.assert(1, tree), TypeError);
});

test("assert: \"basic\" or no output throws a ValidationError with validate()'s units", () => {
  const { errors } = v.validate(1, { redact: true }) as { errors: unknown[] };
  for (const options of [{ output: "basic" as const, redact: true }, { output: undefined, redact: true }, { redact: true }]) {
    let thrown: unknown;
    try {
      v.assert(1, options);
    } catch (error) {
      thrown = error;
    }
    assert.instance(thrown, ValidationError, JSON.stringify(options));
    assert.equal((thrown as ValidationError).errors, errors, JSON.stringify(options));
    assert.not.throws(() => v.assert("s", options));
  }
  assert.throws(() => v.assert(1, 5 as never), refused(TypeError, "assert's options must be an object, not number"));
  assert.not.throws(() => v.assert("s", null as never));
});

test("assert's message counts what a cut list left out as at least that many, as the MCP messages do", () => {
  const map: Validator = compile({ type: "object", additionalProperties: { type: "string" } }, { cache: false });
  const data = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, i]));
  const message = (options?: { maxErrors: number }) => {
    try {
      map.assert(data, options);
    } catch (error) {
      return (error as Error).message;
    }
    return "no throw";
  };
  const head = "Invalid data at /k0: must be string, but is 0";
  assert.is(message(), `${head} (and 4 more)`); // every error listed
  assert.is(message({ maxErrors: 3 }), `${head} (and 2+ more)`); // it said "(and 2 more)" of five
  assert.is(message({ maxErrors: 1 }), `${head} (and more)`); // it said nothing more
});

test("options are read once: a getter that passes the check is not read again", () => {
  const pair = compile({ properties: { a: { type: "string" }, b: { type: "string" } } }, { cache: false });
  const full = pair.validate({ a: 1, b: 2 });
  for (const [name, first, later] of [["maxErrors", 5, -1], ["allErrors", true, "yes"], ["redact", false, "no"]] as const) {
    let reads = 0;
    const options = Object.defineProperty({}, name, { enumerable: true, get: () => (reads++ === 0 ? first : later) });
    assert.equal(pair.validate({ a: 1, b: 2 }, options), full, name);
    assert.is(reads, 1, `${name} read once`);
    reads = 0;
    assert.throws(() => pair.assert({ a: 1, b: 2 }, options), (e: unknown) => e instanceof ValidationError, name);
    assert.is(reads, 1, `${name} read once by assert`);
  }
});

test("options are own properties: what Object.prototype holds is no option", () => {
  const pair = compile({ properties: { a: { type: "string" }, b: { type: "string" } } }, { cache: false });
  const full = pair.validate({ a: 1, b: 2 });
  const polluted: Record<string, unknown> = { maxErrors: 0, allErrors: false, redact: true, output: "verbose" };
  const proto = Object.prototype as Record<string, unknown>;
  try {
    for (const [name, value] of Object.entries(polluted)) proto[name] = value;
    assert.equal(pair.validate({ a: 1, b: 2 }, {}), full);
    assert.equal(pair.validate({ a: 1, b: 2 }, { allErrors: true }), full);
    assert.throws(() => pair.assert({ a: 1, b: 2 }, {}), (e: unknown) => e instanceof ValidationError && e.errors.length === 2);
  } finally {
    for (const name of Object.keys(polluted)) delete proto[name];
  }
  // An options object made with a prototype of its own (Object.create(defaults)) is refused, as a
  // Map or a class instance is: what it inherits would be silently no option. Its getters are never read.
  let read = 0;
  const getters = Object.create(Object.defineProperties({}, { maxErrors: { get: () => (read++, -1) }, allErrors: { get: () => (read++, "no") }, output: { get: () => (read++, "bogus") } })) as object;
  for (const inherited of [Object.create({ maxErrors: 0 }) as object, getters, Object.create(getters, { maxErrors: { value: 1, enumerable: true } }) as object]) {
    assert.throws(() => pair.validate({ a: 1, b: 2 }, inherited), (e: unknown) => e instanceof TypeError && e.message.startsWith("validate's options must be a plain object, not an object with a prototype of its own"));
  }
  assert.is(read, 0);
  // A null-prototype object is plain: its own members are the options.
  assert.equal(pair.validate({ a: 1, b: 2 }, Object.assign(Object.create(null) as object, { maxErrors: 1 })), { valid: false, errors: full.valid ? [] : full.errors.slice(0, 1), truncated: true });
});

test("an own option is taken whether enumerable or not, and read once; a symbol-named one is not an option", () => {
  const pair = compile({ properties: { a: { type: "string" }, b: { type: "string" } } }, { cache: false });
  let reads = 0;
  const hidden = Object.defineProperties({}, { allErrors: { value: false }, maxErrors: { get: () => (reads++, 5) } });
  const first = pair.validate({ a: 1, b: 2 }, hidden);
  assert.is(first.valid ? 0 : first.errors.length, 1, "allErrors: false, not enumerable, stops at the first error");
  assert.is(reads, 1, "an own getter is read once");
  assert.equal(pair.validate({ a: 1, b: 2 }, { [Symbol("allErrors")]: false }), pair.validate({ a: 1, b: 2 }));
});

test("an inherited getter is never run: it can neither throw out of validate() nor set an option as it runs", () => {
  const pair = compile({ properties: { a: { type: "string" }, b: { type: "string" } } }, { cache: false });
  const full = pair.validate({ a: 1, b: 2 });
  const proto = Object.prototype as Record<string, unknown>;
  let runs = 0;
  try {
    Object.defineProperty(proto, "maxErrors", { configurable: true, get: () => { runs++; throw new Error("from the prototype"); } });
    Object.defineProperty(proto, "redact", {
      configurable: true,
      get(this: object) {
        runs++;
        // Run, it would make the options object's own `output` and `allErrors` as it is read.
        Object.defineProperty(this, "output", { value: "flag", enumerable: true });
        Object.defineProperty(this, "allErrors", { value: false, enumerable: true });
        return undefined;
      },
    });
    assert.equal(pair.validate({ a: 1, b: 2 }, {}), full);
    assert.throws(() => pair.assert({ a: 1, b: 2 }, {}), (e: unknown) => e instanceof ValidationError && e.errors.length === 2);
  } finally {
    delete proto.maxErrors;
    delete proto.redact;
  }
  assert.is(runs, 0);
});

test.run();
