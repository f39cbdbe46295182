// Type-level specs for Infer and compile's inferred validators: checked by `tsc` (npm test's
// typecheck), never run. Each Expect<Equal<…>> must hold; each @ts-expect-error line must fail.
import { compile, type CompileOptions, type DialectName, type Infer, type Validator } from "../../src/index.js";
import { ToolInputSchema, ToolOutputSchema } from "../../src/mcp/index.js";

type Equal<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
declare const data: unknown;

// ---- type ----
export type TypeNames = [
  Expect<Equal<Infer<{ type: "string" }>, string>>,
  Expect<Equal<Infer<{ type: "number" }>, number>>,
  Expect<Equal<Infer<{ type: "integer" }>, number>>,
  Expect<Equal<Infer<{ type: "boolean" }>, boolean>>,
  Expect<Equal<Infer<{ type: "null" }>, null>>,
  Expect<Equal<Infer<{ type: readonly ["string", "null"] }>, string | null>>,
  Expect<Equal<Infer<{ type: readonly ["integer", "boolean"] }>, number | boolean>>,
  Expect<Equal<Infer<{ type: "string"; format: "email" }>, string>>,
  Expect<Equal<Infer<{ type: "array" }>, unknown[]>>,
  Expect<Equal<Infer<true>, unknown>>,
  Expect<Equal<Infer<false>, never>>,
];

// ---- what it cannot read is unknown, never a wrong type ----
export type Unreadable = [
  Expect<Equal<Infer<{}>, unknown>>,
  Expect<Equal<Infer<unknown>, unknown>>,
  Expect<Equal<Infer<any>, unknown>>,
  Expect<Equal<Infer<Record<string, unknown>>, unknown>>,
  Expect<Equal<Infer<{ type: string }>, unknown>>,
  Expect<Equal<Infer<{ type: "strng" }>, unknown>>,
  Expect<Equal<Infer<{ minLength: 1 }>, unknown>>,
  // `format` without `type` accepts numbers too.
  Expect<Equal<Infer<{ format: "email" }>, unknown>>,
  // `properties` without `type` accepts non-objects too.
  Expect<Equal<Infer<{ properties: { a: { type: "string" } } }>, unknown>>,
  Expect<Equal<Infer<{ $ref: "https://example.com/other.json" }>, unknown>>,
  Expect<Equal<Infer<{ $defs: { "a/b": { type: "string" } }; $ref: "#/$defs/a~1b" }>, unknown>>,
  Expect<Equal<Infer<{ $defs: { a: { type: "string" } }; $ref: "#/$defs/missing" }>, unknown>>,
  Expect<Equal<Infer<{ type: "string"; not: { const: "x" } }>, string>>,
];

// ---- objects ----
const user = {
  type: "object",
  properties: { name: { type: "string", minLength: 1 }, age: { type: "integer", minimum: 0 } },
  required: ["name"],
  additionalProperties: false,
} as const;
type User = Infer<typeof user>;
export type Objects = [
  Expect<Equal<User, { name: string; age?: number }>>,
  // required names `properties` does not describe are present with any value
  Expect<Equal<Infer<{ type: "object"; required: readonly ["id"]; additionalProperties: false }>, { id: unknown }>>,
  // open objects: other keys are unknown
  Expect<Equal<Infer<{ type: "object"; properties: { a: { type: "string" } } }>["other"], unknown>>,
  Expect<Equal<Infer<{ type: "object"; properties: { a: { type: "string" } }; required: readonly ["a"] }>["a"], string>>,
  Expect<Equal<Infer<{ type: "object"; properties: { a: { type: "string" } } }>["a"], string | undefined>>,
  Expect<Equal<Infer<{ type: "object"; additionalProperties: { type: "number" } }>[string], number | undefined>>,
  // a declared property keeps its own type beside an additionalProperties schema
  Expect<Equal<Infer<{ type: "object"; properties: { a: { type: "string" } }; required: readonly ["a"]; additionalProperties: { type: "number" } }>["a"], string>>,
  Expect<Equal<Infer<{ type: "object" }>, { [key: string]: unknown }>>,
];
// @ts-expect-error a closed object has no other properties
export const closedExtra: User = { name: "Ada", nickname: "A" };
// @ts-expect-error name is a string
export const wrongType: User = { name: 1 };
// @ts-expect-error name is required
export const missing: User = { age: 3 };
export const ok: User = { name: "Ada" };
export function readsClosed(u: User): void {
  // @ts-expect-error not declared on a closed object
  void u.nickname;
}

// ---- arrays and tuples ----
export type Arrays = [
  Expect<Equal<Infer<{ type: "array"; items: { type: "string" } }>, string[]>>,
  Expect<Equal<Infer<{ type: "array"; prefixItems: readonly [{ type: "string" }, { type: "number" }]; items: false }>, [string?, number?]>>,
  Expect<Equal<Infer<{ type: "array"; prefixItems: readonly [{ type: "string" }, { type: "number" }]; items: false; minItems: 2 }>, [string, number]>>,
  Expect<Equal<Infer<{ type: "array"; prefixItems: readonly [{ type: "string" }, { type: "number" }]; minItems: 1 }>, [string, number?, ...unknown[]]>>,
  Expect<Equal<Infer<{ type: "array"; prefixItems: readonly [{ type: "string" }]; items: { type: "boolean" } }>, [string?, ...boolean[]]>>,
  // draft-07 array form of items, with additionalItems
  Expect<Equal<Infer<{ type: "array"; items: readonly [{ type: "string" }]; additionalItems: false; minItems: 1 }>, [string]>>,
];
// @ts-expect-error a number is not a string element
export const badArray: Infer<{ type: "array"; items: { type: "string" } }> = [1];

// ---- enum, const, anyOf, oneOf, allOf ----
export type Literals = [
  Expect<Equal<Infer<{ enum: readonly ["a", "b", 1, null] }>, "a" | "b" | 1 | null>>,
  Expect<Equal<Infer<{ type: "string"; enum: readonly ["a", "b"] }>, "a" | "b">>,
  Expect<Equal<Infer<{ const: "x" }>, "x">>,
  Expect<Equal<Infer<{ anyOf: readonly [{ type: "string" }, { type: "number" }] }>, string | number>>,
  Expect<Equal<Infer<{ oneOf: readonly [{ const: 1 }, { type: "boolean" }] }>, 1 | boolean>>,
  Expect<Equal<Infer<{ allOf: readonly [{ type: "number" }, { const: 3 }] }>, 3>>,
  Expect<Equal<Infer<{ anyOf: readonly [{ type: "string" }, {}] }>, unknown>>,
];
// @ts-expect-error not one of the enum's values
export const badEnum: Infer<{ enum: readonly ["a", "b"] }> = "c";

// ---- $ref, $defs, definitions, recursion ----
const tree = {
  $defs: {
    node: {
      type: "object",
      properties: { value: { type: "number" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
      required: ["value"],
      additionalProperties: false,
    },
  },
  $ref: "#/$defs/node",
} as const;
type Tree = Infer<typeof tree>;
export type Refs = [
  Expect<Equal<Tree["value"], number>>,
  Expect<Equal<NonNullable<Tree["children"]>[number]["value"], number>>,
  Expect<Equal<Infer<{ definitions: { id: { type: "string" } }; type: "object"; properties: { id: { $ref: "#/definitions/id" } }; required: readonly ["id"]; additionalProperties: false }>, { id: string }>>,
  Expect<Equal<Infer<{ $defs: { n: { type: ["string", "null"] } }; $ref: "#/$defs/n" }>, string | null>>,
  // draft-07: a $ref hides its siblings, so `type` adds nothing
  Expect<Equal<Infer<{ $schema: "http://json-schema.org/draft-07/schema#"; definitions: { a: { type: readonly ["string", "number"] } }; $ref: "#/definitions/a"; type: "string" }>, string | number>>,
  // the same below a draft-07 root, under compile's dialect option, and for a $schema naming no known dialect
  Expect<Equal<Infer<{ $schema: "http://json-schema.org/draft-07/schema#"; definitions: { a: { type: readonly ["string", "number"] } }; type: "object"; properties: { p: { $ref: "#/definitions/a"; type: "string" } }; required: readonly ["p"]; additionalProperties: false }>, { p: string | number }>>,
  Expect<Equal<Infer<{ definitions: { a: { type: readonly ["string", "number"] } }; $ref: "#/definitions/a"; type: "string" }, { dialect: "draft-07" }>, string | number>>,
  Expect<Equal<typeof draft07, Validator<string | number>>>,
  Expect<Equal<typeof draft2019, Validator<string>>>,
  Expect<Equal<Infer<{ $schema: "https://example.com/custom"; definitions: { a: { type: readonly ["string", "number"] } }; $ref: "#/definitions/a"; type: "string" }>, string | number>>,
  Expect<Equal<Infer<{ $schema: "https://json-schema.org/draft/2020-12/schema"; $defs: { a: { type: readonly ["string", "number"] } }; $ref: "#/$defs/a"; type: "string" }>, string>>,
  // 2020-12: siblings apply beside a $ref
  Expect<Equal<Infer<{ $defs: { a: { type: readonly ["string", "number"] } }; $ref: "#/$defs/a"; type: "string" }>, string>>,
];
const draft07 = compile({ definitions: { a: { type: ["string", "number"] } }, $ref: "#/definitions/a", type: "string" }, { dialect: "draft-07" });
const draft2019 = compile({ $defs: { a: { type: ["string", "number"] } }, $ref: "#/$defs/a", type: "string" }, { dialect: "2019-09", cache: false });
export const deepTree: Tree = { value: 1, children: [{ value: 2, children: [{ value: 3 }] }] };
// @ts-expect-error a child's value is a number
export const badTree: Tree = { value: 1, children: [{ value: "2" }] };

// A root that recurses through "#" and a 64-level schema: no "excessively deep" error, unknown past the cap.
const list = { type: "object", properties: { next: { $ref: "#" }, v: { type: "string" } }, required: ["v"], additionalProperties: false } as const;
export const longList: Infer<typeof list> = { v: "a", next: { v: "b", next: { v: "c" } } };

type Nest<N extends unknown[]> = N["length"] extends 64 ? { type: "string" } : { type: "object"; properties: { a: Nest<[...N, 0]> }; required: readonly ["a"]; additionalProperties: false };
type Deep64 = Infer<Nest<[]>>;
export type Deep = [Expect<Equal<Deep64["a"]["a"]["a"]["a"]["a"], Infer<Nest<[0, 0, 0, 0, 0]>>>>];
export const deep64: Deep64 = { a: { a: { a: { a: { a: {} as never } } } } };
// 24 levels written inline: compile infers the literal without `as const`
export const deep64Validator = compile({ type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "object", properties: { a: { type: "string" } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } } });

// ---- compile ----
const v = compile(user);
export function narrows(x: unknown): string | undefined {
  if (v.isValid(x)) {
    // @ts-expect-error not declared on a closed object
    void x.nickname;
    return x.name;
  }
  return undefined;
}
export type Compiled = [
  Expect<Equal<typeof v, Validator<{ name: string; age?: number }>>>,
  Expect<Equal<ReturnType<typeof compile<{ type: "string" }>>, Validator<{ type: "string" }>>>,
  // without `as const` the literals are kept too (compile's type parameter is `const`)
  Expect<Equal<typeof inline, Validator<string | null>>>,
  // an explicit type argument is taken as given
  Expect<Equal<typeof explicit, Validator<{ id: number }>>>,
  // a schema typed as unknown gives unknown
  Expect<Equal<typeof opaque, Validator<unknown>>>,
];
const inline = compile({ type: ["string", "null"] });
const explicit = compile<{ id: number }>({ type: "object" });
const opaque = compile(data);
// assert narrows through a validator with an explicit type (TS2775 otherwise, as for every assertion method)
const typed: Validator<User> = compile(user);
export function asserts(x: unknown): string {
  typed.assert(x);
  return x.name;
}

// ---- ToolInputSchema ----
const input = new ToolInputSchema({ properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"] });
const inputExplicit = new ToolInputSchema<{ city: string }>({ type: "object", properties: { city: { type: "string" } } });
const inputDefault = new ToolInputSchema(data);
const inputDraft07 = new ToolInputSchema({ definitions: { a: { type: "object", properties: { x: { type: "number" } }, required: ["x"], additionalProperties: false } }, $ref: "#/definitions/a", type: "object", required: ["y"] }, { dialect: "draft-07" });
export type Inputs = [
  Expect<Equal<ReturnType<typeof input.assertArguments>["city"], string>>,
  Expect<Equal<ReturnType<typeof input.assertArguments>["days"], number | undefined>>,
  Expect<Equal<ReturnType<typeof inputExplicit.assertArguments>, { city: string }>>,
  Expect<Equal<ReturnType<typeof inputDefault.assertArguments>, Record<string, unknown>>>,
  Expect<Equal<ReturnType<typeof inputDraft07.assertArguments>, { x: number }>>,
];
export const inputIsInstance = (x: unknown): boolean => x instanceof ToolInputSchema;
// @ts-expect-error city is a string
export const badArgs: ReturnType<typeof input.assertArguments> = { city: 1 };

// ---- ToolOutputSchema ----
const output = new ToolOutputSchema({ type: "object", properties: { temp: { type: "number" } }, required: ["temp"], additionalProperties: false });
const outputExplicit = new ToolOutputSchema<{ temp: number }>({ properties: { temp: { type: "number" } } });
const outputDefault = new ToolOutputSchema(data);
export type Outputs = [
  Expect<Equal<ReturnType<typeof output.assertResult>, { temp: number }>>,
  Expect<Equal<ReturnType<typeof outputExplicit.assertResult>, { temp: number }>>,
  Expect<Equal<ReturnType<typeof outputDefault.assertResult>, unknown>>,
];
export const outputIsInstance = (x: unknown): boolean => x instanceof ToolOutputSchema;

// ---- found by a probe: never a type narrower than what validates ----
const someRequired: string[] = [];
declare const strict: boolean;
const req = new ToolInputSchema({ type: "object", properties: { path: { type: "string" } }, required: someRequired });
const D4 = "http://json-schema.org/draft-04/schema#";
const D7 = "http://json-schema.org/draft-07/schema#";
export type ProbeFound = [
  // A: a `required` known only as string[] requires nothing; of a union of lists, the names in each
  Expect<Equal<Infer<{ type: "object"; properties: { a: { type: "string" }; b: { type: "number" } }; required: string[] }>, { [x: string]: unknown; a?: string; b?: number }>>,
  Expect<Equal<Infer<{ type: "object"; properties: { a: { type: "string" }; b: { type: "number" } }; required: readonly ["a", "b"] | readonly ["a"] }>, { [x: string]: unknown; a: string; b?: number }>>,
  Expect<Equal<ReturnType<typeof req.assertArguments>["path"], string | undefined>>,
  // (compile's const parameter reads the conditional as one array of both names: none required)
  Expect<Equal<typeof strictOrNot, Validator<{ [x: string]: unknown; a?: string; b?: number }>>>,
  // B: prefixItems is 2020-12's: before it, an unknown keyword (items and additionalItems are read)
  Expect<Equal<Infer<{ $schema: typeof D7; type: "array"; prefixItems: readonly [{ type: "string" }]; items: { type: "number" } }>, number[]>>,
  Expect<Equal<Infer<{ $schema: "https://json-schema.org/draft/2019-09/schema"; type: "array"; prefixItems: readonly [{ type: "string" }] }>, unknown[]>>,
  Expect<Equal<Infer<{ type: "array"; prefixItems: readonly [{ type: "string" }] }, { dialect: "draft-07" }>, unknown[]>>,
  // C: draft-04 has no const
  Expect<Equal<Infer<{ $schema: typeof D4; const: "a" }>, unknown>>,
  Expect<Equal<Infer<{ type: "object"; properties: { kind: { const: "x" } }; required: readonly ["kind"] }, { dialect: "draft-04" }>, { [x: string]: unknown; kind: unknown }>>,
  // D: a `$schema` of another dialect below the root is not read (the validator may not switch there)
  Expect<Equal<Infer<{ $schema: typeof D7; definitions: { any: {} }; type: "object"; properties: { p: { $schema: "https://json-schema.org/draft/2020-12/schema"; $ref: "#/definitions/any"; type: "string" } }; required: readonly ["p"] }>, { [x: string]: unknown; p: unknown }>>,
  // E: in draft-07 an `$id` beside `$ref` is hidden too: the reference resolves in the outer resource
  Expect<Equal<Infer<{ $schema: typeof D7; definitions: { a: { type: "string" } }; type: "object"; properties: { p: { $id: "http://example.com/child"; definitions: { a: { type: "number" } }; $ref: "#/definitions/a" } }; required: readonly ["p"]; additionalProperties: false }>, { p: string }>>,
  // F, G: draft-04's resources are made by `id` (`$id` is an unknown keyword there)
  Expect<Equal<NonNullable<NonNullable<DraftFourId["child"]>["back"]>["c"], number>>,
  Expect<Equal<NonNullable<NonNullable<DraftFourDollarId["child"]>["back"]>["r"], string>>,
  // H: a `$schema` naming no known dialect, even one that looks like 2020-12's, hides siblings; a resource in it is unknown
  Expect<Equal<Infer<{ $schema: "https://example.com/draft/2020-12/mine"; definitions: { any: {} }; $ref: "#/definitions/any"; type: "string" }>, unknown>>,
  Expect<Equal<Infer<{ $schema: "https://example.com/custom"; type: "object"; properties: { p: { $id: "http://example.com/p"; type: "string" } }; required: readonly ["p"] }>, { [x: string]: unknown; p: unknown }>>,
];
type DraftFourId = Infer<{ $schema: typeof D4; type: "object"; properties: { child: { id: "http://example.com/c"; type: "object"; properties: { c: { type: "number" }; back: { $ref: "#" } }; required: readonly ["c"]; additionalProperties: false } }; additionalProperties: false }>;
type DraftFourDollarId = Infer<{ $schema: typeof D4; type: "object"; properties: { r: { type: "string" }; child: { $id: "http://example.com/c"; type: "object"; properties: { c: { type: "number" }; back: { $ref: "#" } }; additionalProperties: false } }; required: readonly ["r"]; additionalProperties: false }>;
const strictOrNot = compile({ type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, required: strict ? ["a", "b"] : ["a"] });

// ---- schemas and options whose types are not literals (from a probe: each was a wrong type) ----
declare const someDialect: DialectName;
const annotatedOptions: CompileOptions = { dialect: "draft-07" };
const hidden = { definitions: { a: {} }, $ref: "#/definitions/a", type: "string" } as const;
declare const name: string;
type Number60 = [...Number10, ...Number10, ...Number10, ...Number10, ...Number10, ...Number10];
type Number10 = [N, N, N, N, N, N, N, N, N, N];
type Number100 = [...Number10, ...Number10, ...Number10, ...Number10, ...Number10, ...Number10, ...Number10, ...Number10, ...Number10, ...Number10];
type Number1000 = [...Number100, ...Number100, ...Number100, ...Number100, ...Number100, ...Number100, ...Number100, ...Number100, ...Number100, ...Number100];
type Number800 = [...Number100, ...Number100, ...Number100, ...Number100, ...Number100, ...Number100, ...Number100, ...Number100];
type N = { type: "number" };
export type NotLiterals = [
  // A dialect option typed CompileOptions or DialectName names no one dialect: read by what holds
  // in every dialect, so a $ref hides its siblings (in draft-07 `type` beside it adds nothing).
  Expect<Equal<typeof annotatedDraft07, Validator<unknown>>>,
  Expect<Equal<typeof someDraft, Validator<unknown>>>,
  Expect<Equal<Infer<typeof hidden, CompileOptions>, unknown>>,
  // A $schema naming no known dialect, with options that may give `schemas`: a custom metaschema
  // may turn `type` off (no validation vocabulary), so nothing is read; without `schemas`, as before.
  Expect<Equal<Infer<{ $schema: "https://example.com/meta"; type: "string" }, { schemas: { "https://example.com/meta": {} } }>, unknown>>,
  Expect<Equal<Infer<{ type: "string" }, { dialect: "https://example.com/meta"; schemas: { "https://example.com/meta": {} } }>, unknown>>,
  Expect<Equal<Infer<{ $schema: "https://example.com/meta"; type: "string" }>, string>>,
  // A required name known only as `string` could be any name: it requires none.
  Expect<Equal<Infer<{ type: "object"; properties: { a: { type: "string" }; b: { type: "number" } }; required: readonly [string]; additionalProperties: false }>, { a?: string; b?: number }>>,
  Expect<Equal<Infer<{ type: "object"; properties: { a: { type: "string" }; c: { type: "boolean" } }; required: readonly ["c", string]; additionalProperties: false }>, { a?: string; c: boolean }>>,
  Expect<Equal<typeof requiredByName, Validator<{ [x: string]: unknown; a?: string; b?: number }>>>,
  // `properties` with an index signature (a Record, a computed key): which names it holds is not known.
  Expect<Equal<Infer<{ type: "object"; properties: Record<string, { type: "string" }> }>, { [key: string]: unknown }>>,
  Expect<Equal<Infer<{ type: "object"; properties: { [name]: { type: "string" } }; additionalProperties: { type: "number" } }>, { [key: string]: unknown }>>,
  // Item schemas known only as an array (not a tuple): how many is not known.
  Expect<Equal<Infer<{ type: "array"; prefixItems: readonly { type: "string" }[]; minItems: 1; items: false }>, unknown[]>>,
  Expect<Equal<Infer<{ $schema: typeof D7; type: "array"; items: readonly { type: "string" }[]; minItems: 1; additionalItems: false }>, unknown[]>>,
  // A wide allOf reads to the end (it was "excessively deep" from about 46 entries).
  Expect<Equal<Infer<{ allOf: Number60 }>, number>>,
  Expect<Equal<Infer<{ allOf: Number800 }>, number>>,
  // From 900 entries, what TypeScript would not follow (TS2589 at about 1,000) is read as nothing.
  Expect<Equal<Infer<{ allOf: Number1000 }>, unknown>>,
  Expect<Equal<Infer<{ type: "array"; prefixItems: Number1000; minItems: 1000 }>, unknown[]>>,
  // With no one dialect known, `items` beside prefixItems may cover only the later elements (as in
  // 2020-12): it was number[] here, and ["a", 1] validates.
  Expect<Equal<Infer<{ type: "array"; prefixItems: readonly [{ type: "string" }]; items: { type: "number" } }, CompileOptions>, unknown[]>>,
  Expect<Equal<Infer<{ type: "array"; items: { type: "number" } }, CompileOptions>, number[]>>,
  // An identifier of no one string may or may not start a resource: its $refs' targets are not
  // known (an `any` one was read as an anchor, a union as a new resource).
  Expect<Equal<Infer<{ $id: AnyValue; $defs: { a: { type: "string" } }; type: "object"; properties: { s: { $ref: "#/$defs/a" } } }>, unknown>>,
  Expect<Equal<Infer<{ $schema: typeof D7; type: "object"; properties: { s: { $id: "#here" | "http://x.test/sub"; definitions: { b: { type: "number" } }; type: "object"; properties: { b: { $ref: "#/definitions/b" } } } } }>["s"], unknown>>,
  Expect<Equal<Infer<{ $id: string; type: "string" }>, unknown>>,
  Expect<Equal<Infer<{ $id: "https://x.test/s"; type: "string" }>, string>>,
  // additionalProperties typed `any` could be false or a schema: an index signature of unknown.
  Expect<Equal<Infer<{ type: "object"; properties: { a: { type: "string" } }; additionalProperties: AnyValue }>, { [key: string]: unknown; a?: string }>>,
];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyValue = any;
const annotatedDraft07 = compile(hidden, annotatedOptions);
const someDraft = compile(hidden, { dialect: someDialect });
const requiredByName = compile({ type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, required: [name] });

// An optional property named after an Object.prototype member reads, when absent, as the
// inherited function ({}.constructor is Object): typed from its schema, `d.constructor?.toUpperCase()`
// type-checked and threw, and `{ a: 1 }` was not assignable where `toString` was typed number.
export type Inherited = [
  Expect<Equal<Infer<{ type: "object"; properties: { constructor: { type: "string" }; name: { type: "string" } }; additionalProperties: false }>, { constructor?: unknown; name?: string }>>,
  // required, it is the object's own value
  Expect<Equal<Infer<{ type: "object"; properties: { toString: { type: "number" } }; required: readonly ["toString"]; additionalProperties: false }>, { toString: number }>>,
];
export const anyObject: Infer<{ type: "object"; properties: { toString: { type: "number" } } }> = { a: 1 };
