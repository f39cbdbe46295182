// Names the engine reads of its own objects, set on Object.prototype as plain data (what a JSON
// merge bug sets): found by a sweep of every name in the built bundle (a red-team probe). Each
// changed a result, refused a valid schema or threw. The keyword tables, descriptors, option
// objects, output units and the siblings the keywords read now hold or read their own members.
// (A README audit found two more: `truncated`, read of validate()'s result to mark an output cut,
// and `closest`, read of a compact line. A second sweep, over a broader set of scenarios, found
// `landings` and `truncated` again: the gate's walk state left its optional members unset, and
// compile() threw a TypeError for every schema, or pushed to an array set there; assert() read
// `truncated` of validate()'s result.)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, formatCompact, SchemaCache, SchemaError, type Validator } from "../src/index.js";
import { DIALECTS } from "../src/keywords/dialects.js";
import { OPTIONAL_MEMBERS } from "../src/keywords/completed.js";
import type { Keyword } from "../src/keywords/types.js";
import { EXPLAINED_INVALID, MAX_OUTPUT_TEXT } from "../src/limits.js";
import { LARGE_TEXT } from "../src/gate/walk.js";
import { usedExplainer } from "../src/validator.js";
import { whileOnPrototype } from "./helpers/pollution.js";
import { SchemagateJsonSchemaValidator, ToolInputSchema } from "../src/mcp/index.js";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const D4 = "http://json-schema.org/draft-04/schema#";

/** Schemas that met each name, with a valid and an invalid instance. */
const CASES: readonly [name: string, schema: Record<string, unknown>, valid: unknown, invalid: unknown][] = [
  ["contains + unevaluatedItems", { contains: { type: "number" }, unevaluatedItems: false }, [1], [1, true]],
  ["patternProperties", { patternProperties: { "^a": { type: "string" } } }, { ab: "x" }, { ab: 1 }],
  ["$ref to $defs", { $defs: { p: { type: "number", minimum: 1 } }, properties: { x: { $ref: "#/$defs/p" } } }, { x: 2 }, { x: 0 }],
  ["$dynamicRef", { $id: "https://example.test/t", $dynamicAnchor: "n", properties: { k: { $dynamicRef: "#n" }, v: { type: "string" } } }, { k: { v: "s" } }, { k: { v: 1 } }],
  ["properties + unevaluatedProperties", { properties: { a: { type: "string" } }, allOf: [{ properties: { b: true } }], unevaluatedProperties: false }, { a: "x", b: 1 }, { a: "x", c: 1 }],
  ["required + properties", { required: ["a"], properties: { b: { minimum: 0 } } }, { a: 1 }, { b: -1 }],
  ["draft-04 items", { $schema: D4, definitions: { a: { enum: [1, 2] } }, items: { $ref: "#/definitions/a" }, maxItems: 3 }, [1, 2], [3, 1, 2, 1]],
  ["draft-06 contains", { $schema: "http://json-schema.org/draft-06/schema#", contains: { const: 1 } }, [2, 1], [2, 3]],
];

const NAMES = ["appliesTo", "plan", "reference", "inPlace", "children", "prepare", "evaluatesProperties", "evaluatesItems", "prefixItems", "minContains", "metaschema", "absoluteKeywordLocation", "error", "get", "set", "maxEntries", "maxBytes", "truncated", "closest", "landings", "referencesReached", "hidden"];
const VALUES: readonly unknown[] = [true, 1, "x", [], {}, null, ["evil"], { type: "string" }];

/** Everything a caller sees of the cases: verdicts, units of the first and a later call, both tree formats, a cache's stats. */
function outcome(): string {
  const seen: unknown[] = [];
  for (const [, schema, valid, invalid] of CASES) {
    try {
      const v: Validator = compile(structuredClone(schema), { cache: false });
      const first = v.validate(invalid);
      for (let call = 0; call < 18; call++) v.validate(invalid);
      seen.push(v.isValid(valid), v.isValid(invalid), first, v.validate(invalid), v.validate(invalid, { allErrors: false }), v.validate(invalid, { output: "basic" }), v.validate(invalid, { output: "detailed" }), v.validate(valid, { output: "detailed" }), v.validate(invalid, { output: "verbose" }));
      const result = v.validate(invalid);
      seen.push(result.valid ? "valid" : formatCompact(result.errors));
      try {
        v.assert(invalid);
      } catch (error) {
        seen.push((error as Error).message);
      }
    } catch (error) {
      seen.push(`threw ${(error as Error).name}: ${(error as Error).message}`);
    }
  }
  try {
    seen.push(new SchemaCache().stats);
  } catch (error) {
    seen.push(`SchemaCache threw ${(error as Error).message}`);
  }
  return JSON.stringify(seen);
}

test("a name the engine reads of its own objects, set on Object.prototype, changes no outcome", () => {
  const values = JSON.stringify(VALUES);
  const clean = outcome();
  for (const name of NAMES) {
    for (const value of VALUES) assert.is(whileOnPrototype([name], value, outcome), clean, `Object.prototype.${name} = ${JSON.stringify(value)}`);
  }
  assert.is(outcome(), clean, "and nothing is left behind");
  assert.is(JSON.stringify(VALUES), values, "nor added to a value set there (compile pushed to a `landings` array)");
});

// An enumerable name on Object.prototype holding a long string (a JSON merge of a large value)
// was weighed in every unit's params (report.ts paramsText read them by for…in): the output's
// text bound cut validate()'s list after one or two units, with the explainer and the closures.
test("a long string on Object.prototype does not cut validate()'s errors", () => {
  const v = compile({ items: { type: "string" } }, { cache: false });
  const data = Array.from({ length: 20 }, (_, i) => i);
  const clean = JSON.stringify(v.validate(data));
  // The explainer serves the first EXPLAINED_INVALID invalid instances, the closures the next.
  const calls = Array.from({ length: EXPLAINED_INVALID + 1 }, () => () => JSON.stringify(v.validate(data)));
  const seen = whileOnPrototype(["zzz"], "A".repeat(MAX_OUTPUT_TEXT), () => calls.map((call) => call()));
  assert.ok(usedExplainer(v));
  assert.ok(clean.includes('"instanceLocation":"/19"'), "20 units, clean");
  seen.forEach((result, call) => assert.is(result, clean, `call ${call + 1}`));
});

// `keyword` on Object.prototype (any value) made the definition checks take every Target for a
// keyword step (definitions.ts `"keyword" in step`): compile threw a TypeError, not the
// SchemaError, for a bad definition, and for a valid schema whose data a reference reaches. And
// `truncated` made a refused schema's message say its list of problems was cut.
test("`keyword` and `truncated` on Object.prototype change no refusal and no compile", () => {
  const schemas: unknown[] = [
    { $defs: { a: { $ref: "#/nope" } } },
    { $defs: { a: { pattern: "(" } } },
    { const: { $ref: "#/$defs/a" }, $defs: { a: { type: "string" } }, properties: { y: { $ref: "#/const" } } },
    { type: "object", properties: { a: { minimum: "1" }, b: { type: 5 } } },
  ];
  const outcome = (): string[] =>
    schemas.map((schema) => {
      try {
        const v = compile(schema, { cache: false });
        return `compiled: ${v.isValid({ y: 1 })} ${v.isValid({ y: "s" })}`;
      } catch (error) {
        return error instanceof SchemaError ? `${error.code} at ${error.schemaLocation}: ${error.message}` : `threw ${String(error)}`;
      }
    });
  const clean = outcome();
  assert.equal(clean.map((line) => line.split(" ")[0]), ["unresolved-ref", "invalid-regex", "compiled:", "invalid-schema"]);
  for (const [name, value] of [["keyword", "x"], ["keyword", {}], ["truncated", true]] as const) {
    assert.equal(whileOnPrototype([name], value, outcome), clean, `Object.prototype.${name} = ${JSON.stringify(value)}`);
  }
});

// A getter or setter set on Object.prototype runs whenever the library reads or assigns a name
// its own objects lack: the output formats assigned their nodes' optional members and read a
// tree branch's before setting them, and the MCP provider's constructor named `onSchemaError` in
// a rest destructuring. Every name the library's source mentions gets an accessor that records
// each run; the cases' outcome, and constructing the provider, must run none.
test("no getter or setter on Object.prototype runs: every name the source mentions", () => {
  const names = sourceNames().filter((name) => !Object.hasOwn(Object.prototype, name) && !INHERENT.has(name));
  assert.ok(names.length > 900, `only ${names.length} names`);
  const clean = outcome();
  const ran = new Set<string>();
  const proto = Object.prototype as Record<string, unknown>;
  for (const name of names) {
    const accessor = { get: () => void ran.add(`get ${name}`), set: () => void ran.add(`set ${name}`), configurable: true };
    Object.defineProperty(proto, name, accessor);
    let seen: string;
    try {
      seen = outcome();
      new SchemagateJsonSchemaValidator({ onSchemaError: "reject" }).getValidator({ type: "object" })({});
    } finally {
      delete proto[name];
    }
    assert.equal([...ran], [], "accessors that ran");
    if (seen !== clean) {
      const at = [...seen].findIndex((char, i) => char !== clean[i]);
      assert.unreachable(`an accessor ${name} on Object.prototype changed the outcome at ${at}: ${seen.slice(at - 200, at + 100)}`);
    }
  }
});

// A schema past LARGE_TEXT characters is copied by the gate's walk itself, which assigned each
// member: a setter on Object.prototype took `type` (the copy lost it and accepted everything), a
// read-only value there made compile refuse the schema as not JSON. Also when a getter of the
// document defines the setter part-way through the walk.
test("a large schema's copy runs no setter and meets no read-only member on the prototypes", () => {
  const schema = { type: "object", required: ["a"], properties: { a: { type: "string", enum: ["x"] }, b: { prefixItems: [{ minimum: 1 }] } }, description: "x".repeat(LARGE_TEXT) };
  const outcome = (document: object = schema): string => {
    try {
      const v = compile(document, { cache: false });
      return JSON.stringify([v.validate({ a: 1, b: [0] }), v.validate({ a: "x" }), v.schema]);
    } catch (error) {
      return `threw ${String(error)}`;
    }
  };
  const clean = outcome();
  assert.ok(clean.includes('"keyword":"type"') && clean.includes('"keyword":"minimum"'), clean.slice(0, 300));
  const ran: string[] = [];
  for (const name of ["type", "required", "properties", "a", "b", "prefixItems", "minimum", "enum", "description"]) {
    for (const proto of [Object.prototype, Array.prototype] as Record<string, unknown>[]) {
      for (const descriptor of [{ get: () => undefined, set: () => void ran.push(name) }, { value: "read-only" }]) {
        Object.defineProperty(proto, name, { ...descriptor, configurable: true });
        let seen: string;
        try {
          seen = outcome();
        } finally {
          delete proto[name];
        }
        assert.is(seen, clean, `${proto === Object.prototype ? "Object" : "Array"}.prototype.${name}: ${"value" in descriptor ? "read-only" : "an accessor"}`);
      }
    }
  }
  assert.equal(ran, []);
  // Defined by a getter of the document part-way through the copying walk (`$comment` is read
  // first, by the walk that writes the text up to LARGE_TEXT, then by the one that copies): the
  // setter may run in that walk, whose copy is then made again by definition.
  const armed = { ...schema };
  let reads = 0;
  const define = (): unknown => Object.defineProperty(Object.prototype, "type", { get: () => undefined, set: () => void ran.push("type"), configurable: true });
  Object.defineProperty(armed, "$comment", { enumerable: true, get: () => (++reads === 2 && define(), "c") });
  let seen: string;
  try {
    seen = outcome(armed);
  } finally {
    delete (Object.prototype as Record<string, unknown>)["type"];
  }
  assert.is(seen.replace(',"$comment":"c"', ""), clean, "a setter defined during the walk");
  assert.ok(reads >= 2, `the copying walk read $comment (${reads} reads)`);
});

// Two more a red-team probe found: the MCP schemas' Standard Schema issue list weighed its own
// closing issue, made without a `path`, by reading `path` (Object.prototype.path = 1 made
// ~standard.validate throw); and a custom metaschema's root snapshot was assigned `$schema`,
// `$vocabulary` and each vocabulary URI, and read them back.
test("`path`, `$schema` and `$vocabulary` on Object.prototype: the issue list and a custom metaschema", () => {
  const tool = new ToolInputSchema({ properties: { city: { type: "string", minLength: 1 }, hours: { type: "integer", maximum: 48 } }, required: ["city"] });
  const issues = (): string => JSON.stringify(tool["~standard"].validate({ hours: 100 }));
  const V = "https://json-schema.org/draft/2020-12/vocab/";
  const meta = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "https://ex.test/meta", $dynamicAnchor: "meta", $vocabulary: { [V + "core"]: true, [V + "applicator"]: true, [V + "validation"]: true }, allOf: [{ $ref: "https://json-schema.org/draft/2020-12/meta/core" }, { $ref: "https://json-schema.org/draft/2020-12/meta/applicator" }, { $ref: "https://json-schema.org/draft/2020-12/meta/validation" }] };
  const custom = (): string => JSON.stringify(compile({ $schema: "https://ex.test/meta", properties: { n: { minimum: 5 } } }, { schemas: { "https://ex.test/meta": meta }, refs: "document", cache: false }).validate({ n: 1 }));
  const clean = [issues(), custom()];
  assert.ok(clean[0]!.includes('"path":["hours"]') && clean[1]!.includes('"keyword":"minimum"'), clean.join("\n"));
  for (const value of [1, "x", ["x".repeat(990)], {}]) assert.equal(whileOnPrototype(["path"], value, () => [issues(), custom()]), clean, `Object.prototype.path = ${JSON.stringify(value).slice(0, 20)}`);
  const ran: string[] = [];
  const proto = Object.prototype as Record<string, unknown>;
  const names = ["path", "$schema", "$vocabulary", V + "core", V + "validation"];
  for (const name of names) Object.defineProperty(proto, name, { get: () => void ran.push(`get ${name}`), set: () => void ran.push(`set ${name}`), configurable: true });
  let seen: string[];
  try {
    seen = [issues(), custom()];
  } finally {
    for (const name of names) delete proto[name];
  }
  assert.equal(seen, clean);
  assert.equal(ran, []);
});

/**
 * Names whose accessor runs by the language's own rules, not by a read of the library's: JSON.stringify
 * asks every object it writes for `toJSON`.
 */
const INHERENT = new Set(["toJSON"]);

/** Every identifier-like name in src/ (member accesses and quoted names). */
function sourceNames(): string[] {
  const names = new Set<string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith(".ts")) {
        const text = readFileSync(path, "utf8");
        for (const m of text.matchAll(/\.([A-Za-z_$][\w$]*)|["'`]([A-Za-z_$][\w$]{0,40})["'`]/g)) names.add(m[1] ?? m[2]!);
      }
    }
  };
  visit("src");
  return [...names].sort();
}

test("every keyword of every dialect holds each optional member of Keyword as its own property", () => {
  for (const dialect of DIALECTS) {
    for (const keyword of dialect.keywords.values()) {
      for (const member of OPTIONAL_MEMBERS) assert.ok(Object.hasOwn(keyword, member), `${dialect.name} ${keyword.name}.${member}`);
    }
  }
  // The list names every optional member (a new one must join it: tsc fails here otherwise).
  type OptionalOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
  const listed: [Exclude<OptionalOf<Keyword>, (typeof OPTIONAL_MEMBERS)[number]>] extends [never] ? true : false = true;
  assert.ok(listed);
});

test.run();
