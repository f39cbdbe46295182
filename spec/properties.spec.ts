// Properties of the public surface, over generated schemas (spec/helpers/arbitraries.ts) and data:
// the fast path agrees with the error path, nothing but SchemaError ever escapes, key order changes
// neither a result nor the cache key, JSON equality is reflexive and symmetric, allErrors reports at
// least as much as first-error mode, maxErrors cuts the list honestly, a schema just past a
// bound is refused with that bound's code, and data that changes as it is read (a Proxy) gives a
// result that lists its errors.
// FUZZ_RUNS / FUZZ_SEED (scripts/fuzz.mjs) change the run count and replay a seed.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, MAX_DEPTH, SchemaCache, SchemaError, type CompileOptions, type SchemaErrorCode, type ValidationResult, type Validator } from "../src/index.js";
import { booleanSubschemas, BROKEN_KEYWORDS, check, documentSchema, instance, jsonValue, rootSchema, runs, schemaObjects, schemaValues, shuffleKeys } from "./helpers/arbitraries.js";

/** Every SchemaError code: a Record, so a code added to SchemaErrorCode must be added here (tsc says so). */
const CODES: Record<SchemaErrorCode, true> = {
  depth: true,
  subschemas: true,
  size: true,
  "external-ref": true,
  "unresolved-ref": true,
  "invalid-schema": true,
  "invalid-regex": true,
  "unsupported-regex": true,
  "not-json": true,
  "unsupported-dialect": true,
  "unsupported-vocabulary": true,
  "ref-cycle": true,
  "duplicate-identifier": true,
  "long-identifier": true,
  "input-root": true,
};

/** The compiled validator, or the SchemaError; anything else thrown fails the property. */
function tryCompile(schema: unknown, options: CompileOptions = {}): Validator | SchemaError {
  try {
    return compile(schema, { cache: false, refs: "document", ...options });
  } catch (error) {
    if (error instanceof SchemaError) {
      assert.ok(Object.hasOwn(CODES, error.code), `unknown SchemaError code ${error.code}`);
      assert.type(error.schemaLocation, "string");
      return error;
    }
    throw new Error(`compile threw something other than a SchemaError: ${String(error)}\nschema ${JSON.stringify(schema)}`);
  }
}

/** JSON text, not uvu's assert.equal: its deep equality reads an own "constructor" key as the class. */
const text = (value: unknown) => JSON.stringify(value);

/** The documented outcome of an evaluation that cannot finish: one `$depth` unit. */
const isDepthAbort = (r: ValidationResult) => !r.valid && r.errors.length === 1 && r.errors[0]!.keyword === "$depth";
/** An error list that ends in the `$depth` unit: the error pass ran into a cycle the boolean pass skipped. */
const endsInAbort = (r: ValidationResult) => !r.valid && r.errors.at(-1)?.keyword === "$depth";

/** Both grammars: the original one (fragment refs) and whole documents (embedded resources, anchors, $dynamicRef). */
const schemas = fc.oneof(rootSchema, documentSchema);
/** Instances: the generated ones and, so that some validate, values the schema itself mentions. */
const withInstances = schemas.chain((schema) =>
  fc.tuple(fc.constant(schema), fc.array(fc.oneof(instance, jsonValue), { minLength: 1, maxLength: 4 }).map((data) => [...data, ...schemaValues(schema).slice(0, 4)])),
);

// ---------------------------------------------------------------------------------------------

test("property: isValid(x) === validate(x).valid, in both error modes, and the data is left alone", () => {
  check(
    fc.property(withInstances, ([schema, data]) => {
      const v = tryCompile(schema);
      if (v instanceof SchemaError) return;
      for (const x of data) {
        const before = text(x);
        const fast = v.isValid(x);
        const all = v.validate(x);
        const first = v.validate(x, { allErrors: false });
        assert.is(first.valid, fast, `validate (first error) disagrees with isValid on ${before}`);
        assert.is(all.valid, fast, `validate (allErrors) disagrees with isValid on ${before}`);
        assert.is(v.isValid(x), fast, "a second isValid call answers differently");
        assert.is(text(x), before, "validation changed the data");
      }
    }),
    runs(500),
  );
});

test("property: in every dialect, compile returns a Validator or throws SchemaError, and isValid(x) === validate(x).valid", () => {
  const dialects = fc.constantFrom<NonNullable<CompileOptions["dialect"]>>("2019-09", "draft-07", "draft-06", "draft-04");
  check(
    fc.property(withInstances, dialects, ([schema, data], dialect) => {
      // The generated schemas are written for 2020-12: read in an older dialect, some keywords are unknown, some refused.
      const v = tryCompile(schema, { dialect });
      if (v instanceof SchemaError) return;
      const declared = typeof schema === "object" && schema !== null && Object.hasOwn(schema, "$schema");
      if (!declared) assert.is(v.dialect, dialect);
      for (const x of data) assert.is(v.validate(x).valid, v.isValid(x), `validate disagrees with isValid in ${dialect} on ${text(x)}`);
    }),
    runs(300),
  );
});

test("property: validation never throws on arbitrary JSON data", () => {
  const data = fc.oneof(fc.jsonValue({ maxDepth: 6 }), instance, jsonValue);
  check(
    fc.property(schemas, fc.array(data, { minLength: 1, maxLength: 4 }), (schema, xs) => {
      const v = tryCompile(schema);
      if (v instanceof SchemaError) return;
      for (const x of xs) {
        v.isValid(x);
        const r = v.validate(x);
        assert.ok(r.valid || r.errors.length > 0, "an invalid result without errors");
        v.validate(x, { allErrors: false, maxErrors: 1 });
        if (!r.valid) assert.throws(() => v.assert(x));
      }
    }),
    runs(500),
  );
});

/**
 * A view of `a` (a Proxy) whose every read may answer from `b` instead: values, key lists and
 * membership change from one read to the next, as a hostile getter or Proxy's would.
 */
function changing(a: unknown, b: unknown, coin: () => boolean): unknown {
  if (typeof a !== "object" || a === null) return a;
  const other = (typeof b === "object" && b !== null ? b : {}) as object;
  const either = (t: object, k: string | symbol): unknown => (coin() ? Reflect.get(other, k) : Reflect.get(t, k));
  return new Proxy(a as object, {
    get: (t, k) => changing(either(t, k), either(t, k), coin),
    ownKeys: (t) => (coin() ? Reflect.ownKeys(t) : Reflect.ownKeys(other).filter((k) => Reflect.getOwnPropertyDescriptor(t, k) === undefined || Reflect.getOwnPropertyDescriptor(t, k)!.configurable)),
    getOwnPropertyDescriptor: (t, k) => {
      const own = Reflect.getOwnPropertyDescriptor(t, k);
      if (own !== undefined) return own;
      const theirs = Reflect.getOwnPropertyDescriptor(other, k);
      return theirs === undefined ? undefined : { ...theirs, configurable: true };
    },
    has: (t, k) => (coin() ? Reflect.has(t, k) : Reflect.has(other, k)),
  });
}

test("property: data that changes as it is read never escapes, and an invalid result lists an error", () => {
  let invalid = 0;
  check(
    fc.property(documentSchema, instance, instance, fc.integer(), (schema, a, b, seed) => {
      const v = tryCompile(schema);
      if (v instanceof SchemaError) return;
      let x = seed >>> 0;
      const coin = (): boolean => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) & 0x10000) !== 0;
      // 20 calls: the explainer's turn, then the closures'.
      for (let call = 0; call < 20; call++) {
        const data = changing(a, b, coin);
        v.isValid(data);
        for (const options of [undefined, { allErrors: false }]) {
          const r = v.validate(data, options);
          if (!r.valid) invalid++;
          assert.ok(r.valid || r.errors.length > 0, `an invalid result without errors: ${JSON.stringify(r)}`);
        }
        for (const output of ["basic", "detailed", "verbose"] as const) {
          // A hierarchical output with one error is that error's node.
          const node = v.validate(data, { output }) as { valid: boolean; error?: string; errors?: unknown[] };
          assert.ok(node.valid || node.error !== undefined || (node.errors ?? []).length > 0, `${output}: ${JSON.stringify(node)}`);
        }
      }
    }),
    runs(150),
  );
  assert.ok(invalid > 0, "some results are invalid");
});

/** The shared broken keywords, plus what only schemagate's own gate sees (no peer is asked here). */
const brokenKeyword = fc.constantFrom<Record<string, unknown>>(
  ...BROKEN_KEYWORDS,
  { $ref: "https://elsewhere.test/x" },
  { $schema: "https://example.com/unknown-dialect" },
  { $vocabulary: { "https://example.com/vocab": true } },
  { const: undefined as unknown },
);

test("property: compile either returns a Validator or throws SchemaError — on generated, broken and arbitrary schemas", () => {
  const broken = fc.tuple(schemas, brokenKeyword, fc.boolean()).map(([schema, bad, deep]) => {
    const s = structuredClone(typeof schema === "object" && schema !== null ? (schema as Record<string, unknown>) : {});
    const defs = s["$defs"] as Record<string, unknown> | undefined;
    if (deep && defs !== undefined) defs["d0"] = { ...(typeof defs["d0"] === "object" ? (defs["d0"] as object) : {}), ...bad };
    else Object.assign(s, bad);
    return s;
  });
  check(
    fc.property(fc.oneof(schemas, broken, fc.jsonValue({ maxDepth: 4 })), fc.constantFrom<CompileOptions["refs"]>("fragment", "document"), (schema, refs) => {
      const v = tryCompile(schema, { refs });
      if (!(v instanceof SchemaError)) v.isValid(null);
    }),
    runs(500),
  );
});

// ---------------------------------------------------------------------------------------------

/**
 * The errors of a result, as a sorted list of JSON texts: instance key order may reorder them,
 * nothing more. `withMessage: false` leaves out the message, which quotes the data as given.
 */
function errorSet(v: Validator, x: unknown, withMessage = true): string[] {
  const r = v.validate(x);
  return r.valid ? [] : r.errors.map(({ error, ...unit }) => text(withMessage ? { error, ...unit } : unit)).sort();
}

test("property: key order of the schema or of the instance never changes a result", () => {
  check(
    fc.property(withInstances, fc.nat(), ([schema, data], seed) => {
      const v = tryCompile(schema);
      const w = tryCompile(shuffleKeys(schema, seed));
      if (v instanceof SchemaError || w instanceof SchemaError) {
        assert.ok(v instanceof SchemaError && w instanceof SchemaError, "only one key order compiles");
        assert.is(w.code, v.code);
        assert.is(w.schemaLocation, v.schemaLocation);
        return;
      }
      for (const [i, x] of data.entries()) {
        const y = shuffleKeys(x, seed + i + 1);
        const valid = v.isValid(x);
        assert.is(w.isValid(x), valid, "the shuffled schema answers differently");
        assert.is(v.isValid(y), valid, "the shuffled instance is judged differently");
        const expected = errorSet(v, x);
        assert.is(text(errorSet(w, x)), text(expected), "the shuffled schema reports other errors");
        // An evaluation that runs out of stack ends with the $depth unit: what it found before
        // depends on the order it went in, which the instance's key order sets. Both must abort.
        const aborted = endsInAbort(v.validate(x));
        assert.is(endsInAbort(v.validate(y)), aborted, "only one key order of the instance aborts");
        if (!aborted) assert.is(text(errorSet(v, y, false)), text(errorSet(v, x, false)), "the shuffled instance gets other errors");
      }
    }),
    runs(400),
  );
});

test("property: the cache key is the same whatever the key order (one SchemaCache → one Validator)", () => {
  const cache = new SchemaCache({ maxEntries: 10_000 });
  check(
    fc.property(schemas, fc.nat(), (schema, seed) => {
      let first: Validator | SchemaError;
      try {
        first = compile(schema, { cache, refs: "document" });
      } catch (error) {
        if (!(error instanceof SchemaError)) throw error;
        first = error;
      }
      const shuffled = shuffleKeys(schema, seed);
      if (first instanceof SchemaError) {
        assert.throws(
          () => compile(shuffled, { cache, refs: "document" }),
          (e: unknown) => e instanceof SchemaError && e.code === (first as SchemaError).code,
        );
        return;
      }
      assert.is(compile(shuffled, { cache, refs: "document" }), first, "the shuffled schema missed the cache");
      assert.is(compile(JSON.parse(JSON.stringify(shuffled)), { cache, refs: "document" }), first, "a JSON copy missed the cache");
    }),
    runs(300),
  );
  assert.ok(cache.stats.hits > 0);
});

// ---------------------------------------------------------------------------------------------
// $vocabulary: a custom metaschema that leaves vocabularies out makes their keywords unknown

const DIALECT_2020_12 = "https://json-schema.org/draft/2020-12/schema";
const vocabulary = (name: string) => `https://json-schema.org/draft/2020-12/vocab/${name}`;

/** The keywords of each optional 2020-12 vocabulary (Core §10, Validation §6–9, the unevaluated vocabulary), written out from the specification. */
const VOCABULARY_KEYWORDS: Record<string, readonly string[]> = {
  applicator: ["prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties", "dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not"],
  unevaluated: ["unevaluatedItems", "unevaluatedProperties"],
  validation: ["type", "const", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required", "dependentRequired"],
  "meta-data": ["title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples"],
  "format-annotation": ["format"],
  content: ["contentEncoding", "contentMediaType", "contentSchema"],
};

/** A schema with the keywords of vocabularies not in use taken out, in every schema object that is still a schema. */
function withoutKeywords(schema: unknown, dropped: ReadonlySet<string>): unknown {
  const copy = structuredClone(schema);
  // Parents first: a dropped applicator takes its subschemas with it before they are visited.
  for (const [, object] of schemaObjects(copy)) for (const key of Object.keys(object)) if (dropped.has(key)) delete object[key];
  return copy;
}

const customMetaschema = fc.record({
  // Each optional vocabulary: not listed, listed as optional (false) or as required (true).
  uses: fc.record(Object.fromEntries(Object.keys(VOCABULARY_KEYWORDS).map((name) => [name, fc.constantFrom(undefined, false, true)]))),
  // An unknown vocabulary, and format-assertion (refused without `formats`): required in one case of six.
  unknown: fc.constantFrom(undefined, undefined, undefined, false, false, true),
  formatAssertion: fc.constantFrom(undefined, undefined, undefined, false, false, true),
  // The metaschema's own body: nothing, or the official metaschemas of the vocabularies it lists.
  body: fc.boolean(),
});

test("property: under a custom metaschema's $vocabulary, the keywords of the vocabularies left out are ignored; an unknown required one is refused", () => {
  const META = "https://schemagate.test/meta/custom";
  check(
    fc.property(withInstances, customMetaschema, ([generated, data], { uses, unknown, formatAssertion, body }) => {
      const listed = Object.keys(VOCABULARY_KEYWORDS).filter((name) => uses[name] !== undefined);
      const $vocabulary: Record<string, boolean> = { [vocabulary("core")]: true };
      for (const name of listed) $vocabulary[vocabulary(name)] = uses[name]!;
      if (unknown !== undefined) $vocabulary["https://schemagate.test/vocab/unknown"] = unknown;
      if (formatAssertion !== undefined) $vocabulary[vocabulary("format-assertion")] = formatAssertion;
      const meta = {
        $schema: DIALECT_2020_12,
        $id: META,
        $vocabulary,
        ...(body ? { allOf: ["core", ...listed].map((name) => ({ $ref: `https://json-schema.org/draft/2020-12/meta/${name}` })) } : {}),
      };
      const dropped = new Set(Object.keys(VOCABULARY_KEYWORDS).flatMap((name) => (uses[name] === undefined ? VOCABULARY_KEYWORDS[name]! : [])));
      const used = generated as Record<string, unknown>;
      const schema = { ...used, $schema: META };
      const custom = tryCompile(schema, { schemas: { [META]: meta } });
      // Without `formats`, a required format-assertion vocabulary cannot be honoured either.
      if (unknown === true || formatAssertion === true) {
        assert.ok(custom instanceof SchemaError && custom.code === "unsupported-vocabulary", `a required vocabulary schemagate lacks was accepted: ${text($vocabulary)}`);
        return;
      }
      const plain = tryCompile({ ...(withoutKeywords(used, dropped) as Record<string, unknown>), $schema: DIALECT_2020_12 });
      const what = `${text($vocabulary)}: ${text(schema)}`;
      if (custom instanceof SchemaError || plain instanceof SchemaError) {
        assert.is(custom instanceof SchemaError ? custom.code : "compiled", plain instanceof SchemaError ? plain.code : "compiled", what);
        return;
      }
      for (const x of data) assert.is(custom.isValid(x), plain.isValid(x), `${what} on ${text(x)}`);
    }),
    runs(300),
  );
});

// ---------------------------------------------------------------------------------------------
// JSON equality, through const, enum and uniqueItems

/** The reference: JSON texts with sorted keys, -0 written as 0 (so 1.0 and 1, -0 and 0 coincide). */
function canonical(value: unknown): string {
  if (typeof value === "number") return String(value === 0 ? 0 : value);
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
    .join(",")}}`;
}

/** A value changed in one leaf, or with every 0 turned into -0 (still equal). */
function negateZeros(value: unknown): unknown {
  if (value === 0) return -0;
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(negateZeros);
  return shuffleKeys(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, negateZeros(v)])), 7);
}

const pair = fc.oneof(
  fc.tuple(instance, instance),
  fc.tuple(instance, fc.nat()).map(([a, seed]) => [a, shuffleKeys(a, seed)] as [unknown, unknown]),
  instance.map((a) => [a, negateZeros(JSON.parse(JSON.stringify(a)))] as [unknown, unknown]),
  fc.tuple(jsonValue, jsonValue),
);

const equalBy = (keyword: "const" | "enum", a: unknown, b: unknown) => compile(keyword === "const" ? { const: a } : { enum: [a] }, { cache: false }).isValid(b);

test("property: equality (const, enum, uniqueItems) is reflexive and symmetric, and ignores key order and the sign of 0", () => {
  const unique = compile({ uniqueItems: true }, { cache: false });
  check(
    fc.property(pair, ([a, b]) => {
      for (const keyword of ["const", "enum"] as const) {
        assert.ok(equalBy(keyword, a, a), `${keyword}: a value is not equal to itself: ${text(a)}`);
        assert.ok(equalBy(keyword, a, structuredClone(a)), `${keyword}: a value is not equal to its copy: ${text(a)}`);
        const ab = equalBy(keyword, a, b);
        assert.is(equalBy(keyword, b, a), ab, `${keyword}: equality is not symmetric for ${text(a)} and ${text(b)}`);
        assert.is(ab, canonical(a) === canonical(b), `${keyword}: ${text(a)} and ${text(b)} judged ${ab ? "equal" : "different"}`);
      }
      const equal = canonical(a) === canonical(b);
      assert.not.ok(unique.isValid([a, structuredClone(a)]), `uniqueItems: [a, a] passed for ${text(a)}`);
      assert.is(unique.isValid([a, b]), !equal, `uniqueItems on [${text(a)}, ${text(b)}]`);
      assert.is(unique.isValid([b, a]), !equal, `uniqueItems on [${text(b)}, ${text(a)}]`);
    }),
    runs(500),
  );
});

// ---------------------------------------------------------------------------------------------

test("property: allErrors reports at least as many errors as first-error mode", () => {
  check(
    fc.property(withInstances, ([schema, data]) => {
      const v = tryCompile(schema);
      if (v instanceof SchemaError) return;
      for (const x of data) {
        const all = v.validate(x, { allErrors: true });
        const first = v.validate(x, { allErrors: false });
        assert.is(all.valid, first.valid);
        if (all.valid || first.valid) continue;
        // A reference cycle that consumes no input has no defined result (2020-12 core, "Guarding
        // Against Infinite Recursion"): collecting every error may run into it where stopping at
        // the first error does not, and the list then ends in the documented `$depth` unit.
        if (endsInAbort(all)) continue;
        assert.ok(first.errors.length >= 1, "first-error mode reported no error");
        assert.ok(all.errors.length >= first.errors.length, `allErrors: ${all.errors.length} errors, first-error mode: ${first.errors.length}, for ${text(x)}`);
      }
    }),
    runs(400),
  );
});

test("property: maxErrors keeps the first min(maxErrors, n) errors and says truncated exactly when it cut", () => {
  // (SG-2, fixed: units discarded later — failing branches of a passing anyOf — no longer count;
  // SG-4, fixed: a cut list that ends in the $depth unit is marked truncated too. Since the pass
  // ends when its output is full, a cut list never reaches the abort.)
  check(
    fc.property(withInstances, fc.integer({ min: 0, max: 4 }), ([schema, data], maxErrors) => {
      const v = tryCompile(schema);
      if (v instanceof SchemaError) return;
      for (const x of data) {
        const full = v.validate(x, { maxErrors: Number.MAX_SAFE_INTEGER });
        const capped = v.validate(x, { maxErrors });
        assert.is(capped.valid, full.valid, "the cap changed the verdict");
        if (full.valid || capped.valid) continue;
        if (isDepthAbort(full)) continue; // the verdict is the abort unit itself, whatever the cap
        assert.not.ok(full.truncated, "no cut under an unreachable cap");
        // A list that ends in the $depth unit: the cap applies to the units before it, and a pass
        // whose output fills up ends there, before the abort.
        const aborted = endsInAbort(full);
        const all = aborted ? full.errors.slice(0, -1) : full.errors;
        const n = all.length;
        assert.is(endsInAbort(capped), aborted && n <= maxErrors, "the capped pass ends in the abort exactly when the full one does and its output did not fill up first");
        const kept = endsInAbort(capped) ? capped.errors.slice(0, -1) : capped.errors;
        assert.ok(kept.length <= maxErrors, `${kept.length} errors under maxErrors ${maxErrors}`);
        assert.is(text(kept), text(all.slice(0, kept.length)), "the capped errors are not the first ones");
        assert.is(kept.length, Math.min(maxErrors, n), `${kept.length} of ${n} errors kept under maxErrors ${maxErrors}`);
        assert.is(capped.truncated === true, n > maxErrors, `truncated: ${capped.truncated} for ${n} errors under maxErrors ${maxErrors}`);
      }
    }),
    runs(400),
  );
});

// ---------------------------------------------------------------------------------------------
// Bounds: depth (objects and arrays, the root at level 1) and subschemas (every JSON object)

/** The deepest level of any object or array (the root is level 1; a scalar root is level 0). */
function depthOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let deepest = 0;
  for (const member of Array.isArray(value) ? value : Object.values(value)) deepest = Math.max(deepest, depthOf(member));
  return deepest + 1;
}

/** The number of JSON objects, data included. */
function objectsIn(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  const members = Array.isArray(value) ? value : Object.values(value);
  return members.reduce<number>((n, member) => n + objectsIn(member), Array.isArray(value) ? 0 : 1);
}

/** The value a JSON Pointer names, and its level (the root is 1). */
function at(document: unknown, pointer: string): [unknown, number] {
  let value = document;
  const segments = pointer === "" ? [] : pointer.slice(1).split("/");
  for (const segment of segments) value = (value as Record<string, unknown>)[segment.replaceAll("~1", "/").replaceAll("~0", "~")];
  return [value, segments.length + 1];
}

/**
 * A schema exactly `levels` deep along one random spine of keywords: single-schema keywords
 * (one level), schema arrays and maps (two levels), `const`/`enum`/`default` data, and shallower
 * side branches, all drawn from `choices`.
 */
function nested(levels: number, choices: number[]): unknown {
  let i = 0;
  const pick = (n: number) => choices[i++ % choices.length]! % n;
  const one = ["not", "items", "additionalProperties", "contains", "if", "then", "propertyNames", "unevaluatedItems", "contentSchema"];
  const many = ["allOf", "anyOf", "oneOf", "prefixItems"];
  const maps = ["properties", "patternProperties", "$defs", "dependentSchemas"];
  const leaf = () => [{}, { type: "string" }, { minimum: 1 }, { minItems: 1 }, { title: "t" }][pick(5)]!;
  const data = (l: number): unknown => (l === 1 ? [[], {}, [1], { a: null }][pick(4)] : pick(2) === 0 ? [pick(3), data(l - 1)] : { k: data(l - 1), n: 1 });
  const schema = (l: number): unknown => {
    if (l === 1) return leaf();
    const side = pick(3) === 0 && l > 2 ? { allOf: [leaf()] } : {}; // a shallower sibling (2 levels below here)
    switch (l >= 3 ? pick(6) : pick(2) * 5) {
      case 0:
      case 1:
        return { ...side, [one[pick(one.length)]!]: schema(l - 1) };
      case 2:
        return { [many[pick(many.length)]!]: pick(2) === 0 ? [schema(l - 2)] : [leaf(), schema(l - 2)] };
      case 3:
        return { ...side, [maps[pick(maps.length)]!]: { a: schema(l - 2) } };
      case 4:
        return { ...side, [["enum", "examples"][pick(2)]!]: [data(l - 2)] };
      default:
        return { [["const", "default"][pick(2)]!]: data(l - 1) };
    }
  };
  return schema(levels);
}

test("the nesting generator builds exactly the depth asked for", () => {
  for (let levels = 1; levels <= 70; levels++) {
    for (let seed = 0; seed < 5; seed++) {
      const choices = Array.from({ length: 50 }, (_, k) => (k * 7919 + seed * 104729 + levels) % 1009);
      assert.is(depthOf(nested(levels, choices)), levels, `levels ${levels}, seed ${seed}`);
    }
  }
});

test("property: a random nesting one level past maxDepth throws SchemaError 'depth' where it crosses; at maxDepth it compiles", () => {
  check(
    fc.property(fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(MAX_DEPTH)), fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), (maxDepth, choices) => {
      const bounds = maxDepth === MAX_DEPTH ? {} : { bounds: { maxDepth } };
      const over = nested(maxDepth + 1, choices);
      const refused = tryCompile(over, bounds);
      assert.instance(refused, SchemaError, `a schema ${maxDepth + 1} deep compiled under maxDepth ${maxDepth}: ${text(over)}`);
      const e = refused as SchemaError;
      assert.is(e.code, "depth", e.message);
      const [value, level] = at(over, e.schemaLocation);
      assert.ok(typeof value === "object" && value !== null && level === maxDepth + 1, `schemaLocation ${e.schemaLocation} is not the container at level ${maxDepth + 1}`);
      const fits = nested(maxDepth, choices);
      const v = tryCompile(fits, bounds);
      assert.not.instance(v, SchemaError, `a schema exactly ${maxDepth} deep was refused: ${(v as SchemaError).message}`);
    }),
    runs(200),
  );
});

test("property: any generated schema with maxDepth one below its depth throws 'depth'; with maxSubschemas one below its count of objects and boolean subschemas, 'subschemas'", () => {
  check(
    fc.property(schemas, (schema) => {
      const depth = depthOf(schema);
      const objects = objectsIn(schema) + booleanSubschemas(schema);
      const plain = tryCompile(schema, { bounds: false });
      if (depth > 1) {
        const e = tryCompile(schema, { bounds: { maxDepth: depth - 1 } });
        assert.ok(e instanceof SchemaError && e.code === "depth", `depth ${depth} under maxDepth ${depth - 1}: ${e instanceof SchemaError ? e.code : "compiled"}`);
      }
      if (objects > 1) {
        const e = tryCompile(schema, { bounds: { maxDepth: depth, maxSubschemas: objects - 1 } });
        assert.ok(e instanceof SchemaError && e.code === "subschemas", `${objects} objects under maxSubschemas ${objects - 1}: ${e instanceof SchemaError ? e.code : "compiled"}`);
        const [value] = at(schema, (e as SchemaError).schemaLocation);
        assert.ok((typeof value === "object" && value !== null && !Array.isArray(value)) || typeof value === "boolean", "schemaLocation is neither an object nor a boolean subschema");
      }
      // At exactly the bounds, the outcome is the unbounded one.
      const exact = tryCompile(schema, { bounds: { maxDepth: Math.max(depth, 1), maxSubschemas: Math.max(objects, 1) } });
      assert.is(exact instanceof SchemaError ? exact.code : "compiled", plain instanceof SchemaError ? plain.code : "compiled");
    }),
    runs(300),
  );
});

test("property: a schema with maxSubschemas + 1 objects and boolean subschemas (small custom bounds) throws 'subschemas'; with maxSubschemas it compiles", () => {
  // Objects in schema positions and in data (const/enum), spread over properties, allOf and $defs,
  // and boolean subschemas in anyOf.
  const place = fc.constantFrom("properties", "allOf", "$defs", "const", "enum", "anyOf");
  check(
    fc.property(fc.integer({ min: 1, max: 40 }), fc.array(place, { minLength: 40, maxLength: 40 }), (maxSubschemas, places) => {
      const build = (count: number): Record<string, unknown> => {
        const root: Record<string, any> = {};
        let n = 1;
        for (let k = 0; n < count; k++) {
          let where = places[k % places.length]!;
          // A new map and its first member are two objects: with one left, add an allOf member.
          if ((where === "properties" || where === "$defs") && root[where] === undefined && n + 2 > count) where = "allOf";
          if (where === "properties" || where === "$defs") {
            if (root[where] === undefined) {
              root[where] = {};
              n++;
            }
            root[where][`p${k}`] = {};
          } else if (where === "allOf") (root["allOf"] ??= []).push({});
          else if (where === "anyOf") (root["anyOf"] ??= []).push(n % 2 === 0);
          else if (where === "const") root["const"] = [...(root["const"] ?? []), {}];
          else (root["enum"] ??= [[]])[0].push({});
          n++;
        }
        assert.is(objectsIn(root) + booleanSubschemas(root), count);
        return root;
      };
      const over = build(maxSubschemas + 1);
      const e = tryCompile(over, { bounds: { maxSubschemas } });
      assert.ok(e instanceof SchemaError && e.code === "subschemas", `${maxSubschemas + 1} objects and booleans under maxSubschemas ${maxSubschemas}: ${text(over)}`);
      assert.not.instance(tryCompile(build(maxSubschemas), { bounds: { maxSubschemas } }), SchemaError);
    }),
    runs(200),
  );
});

test.run();
