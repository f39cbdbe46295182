// Types from schemas: Infer<typeof schema> for a schema written `as const` (or passed straight to
// compile, whose `const` type parameter keeps the literals). Sound before precise: every keyword it
// cannot read adds no constraint, so the result is never narrower than what validates; a schema
// it cannot read at all is `unknown`. Recursion stops at MaxDepth levels (`unknown` below), so a
// deeply nested or recursive schema never reaches "type instantiation is excessively deep".

/** The levels of subschemas read before `unknown` (a `$ref` counts as a level). */
type MaxDepth = 12;
type Down = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

type IsAny<T> = 0 extends 1 & T ? true : false;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The type of the values a schema accepts: `type` (integer is number; a list is a union),
 * `properties`/`required`/`additionalProperties`/`patternProperties`, `items`/`prefixItems`
 * (tuples; `minItems` makes leading elements required), `enum`/`const` (literals), `anyOf`/`oneOf`
 * (unions), `allOf` (intersection), `$ref` to `#`, `#/$defs/…` and `#/definitions/…`. An object
 * without `additionalProperties: false` keeps an index signature of `unknown` for its other keys.
 */
export type Infer<S, Options = {}> = Node<S, S, MaxDepth, RootDialect<S, Options>>;

/**
 * What the inference needs of a dialect: draft-06 reads as draft-07 here. "other": a `$schema`
 * naming no known dialect (read in the default dialect under `unknownDialect: "default"`), or a
 * `dialect` option whose type names no one dialect (`CompileOptions`, `DialectName`), read by
 * what holds in every dialect: a `$ref` hides its siblings, no `const`, no `prefixItems`, and a
 * resource root (`$id` or `id`) is `unknown`. Each choice only makes the type wider. "custom": a
 * `$schema` (or `dialect` option) naming no known dialect when the options may hold `schemas`,
 * where it can be a custom metaschema whose vocabularies turn keywords off: `unknown`.
 */
type Dialect = "2020-12" | "2019-09" | "draft-07" | "draft-04" | "other" | "custom";

/** Whether T is a union (of literals, or with `undefined`): a value of it may be any of them. */
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

type DialectOfUri<U> =
  U extends `http${"" | "s"}://json-schema.org/${infer Path}/schema${"" | "#"}`
    ? Path extends "draft/2020-12" ? "2020-12"
      : Path extends "draft/2019-09" ? "2019-09"
      : Path extends "draft-07" | "draft-06" ? "draft-07"
      : Path extends "draft-04" ? "draft-04"
      : "other"
    : "other";

/** compile's `dialect` option: a name or a metaschema URI; 2020-12 without one; "other" when its type holds several. */
type OptionDialect<O> = "dialect" extends keyof O
  ? O[keyof O & "dialect"] extends infer N
    ? [IsUnion<N>] extends [false]
      ? N extends "2020-12" | undefined ? "2020-12"
        : N extends "2019-09" ? "2019-09"
        : N extends "draft-07" | "draft-06" ? "draft-07"
        : N extends "draft-04" ? "draft-04"
        : Custom<DialectOfUri<N>, O>
      : "other"
    : never
  : "2020-12";

/** The root's dialect: its `$schema` (one URI; of a union, "other"), else the option's. */
type RootDialect<S, O> = S extends { $schema: infer U } ? ([IsUnion<U>] extends [false] ? Custom<DialectOfUri<U>, O> : "other") : OptionDialect<O>;

/** A URI of no known dialect names a custom metaschema when the options may give `schemas` (compile refuses it otherwise, or reads the default dialect). */
type Custom<L extends Dialect, O> = L extends "other" ? ("schemas" extends keyof O ? (O[keyof O & "schemas"] extends undefined ? "other" : "custom") : "other") : L;

/** A draft-04 to 07 `$ref` hides its siblings (its `$id` too). */
type HidesSiblings<L extends Dialect> = L extends "draft-07" | "draft-04" | "other" | "custom" ? true : false;

/**
 * Whether the inference reads this schema object: not when its `$schema` names another dialect
 * than the one it is read in (the validator may read it in either, by where it sits), nor a
 * resource root of a dialect not known.
 */
type Readable<S, L extends Dialect> =
  S extends { $schema: infer U } ? ([DialectOfUri<U>] extends [L] ? ([L] extends [DialectOfUri<U>] ? Known<S, L> : false) : false) : Known<S, L>;
type Known<S, L extends Dialect> = L extends "other" ? (S extends { $id: unknown } | { id: unknown } ? false : true) : IdKnown<S>;
/** An identifier whose type is no one string (`any`, `string`, a union): whether it starts a resource, and which, is not known. */
type IdKnown<S> = S extends { $id: infer I } ? OneString<I> : S extends { id: infer I } ? OneString<I> : true;
type OneString<I> = IsAny<I> extends true ? false : [IsUnion<I>] extends [true] ? false : I extends string ? (string extends I ? false : true) : true;

/** The resource a `$ref` of `S` resolves in: `S` when it declares one (draft-04: `id`; beside a hiding `$ref`, none). */
type BaseOf<S, Root, L extends Dialect> =
  HidesSiblings<L> extends true ? (S extends { $ref: unknown } ? Root : IdBase<S, Root, L extends "draft-04" ? "id" : "$id">) : IdBase<S, Root, "$id">;
type IdBase<S, Root, K extends string> = S extends { [Q in K]: `#${string}` } ? Root : S extends { [Q in K]: string } ? S : Root;

type Node<S, Root, D extends number, L extends Dialect> =
  IsAny<S> extends true ? unknown
  : D extends 0 ? unknown
  : S extends true ? unknown
  : S extends false ? never
  : S extends readonly unknown[] ? unknown
  : L extends "custom" ? unknown
  : S extends object ? (Readable<S, L> extends true ? Keywords<S, BaseOf<S, Root, L>, Down[D], L> : unknown)
  : unknown;

type Keywords<S, Root, D extends number, L extends Dialect> =
  HidesSiblings<L> extends true ? (S extends { $ref: unknown } ? RefPart<S, Root, D, L> : Each<S, Root, D, L>) : Each<S, Root, D, L>;

type Each<S, Root, D extends number, L extends Dialect> =
  TypePart<S, Root, D, L> & EnumPart<S> & (L extends "draft-04" | "other" ? unknown : ConstPart<S>) & AnyOfPart<S, Root, D, L> & OneOfPart<S, Root, D, L> & AllOfPart<S, Root, D, L> & RefPart<S, Root, D, L>;

// ---- type ----

type TypePart<S, Root, D extends number, L extends Dialect> = S extends { type: infer T }
  ? T extends string ? TypeNamed<T, S, Root, D, L>
    : T extends readonly (infer U)[] ? TypeNamed<U, S, Root, D, L>
    : unknown
  : unknown;

type TypeNamed<N, S, Root, D extends number, L extends Dialect> =
  N extends "string" ? string
  : N extends "number" | "integer" ? number
  : N extends "boolean" ? boolean
  : N extends "null" ? null
  : N extends "object" ? ObjectOf<S, Root, D, L>
  : N extends "array" ? ArrayOf<S, Root, D, L>
  : unknown;

// ---- enum, const ----

type EnumPart<S> = S extends { enum: readonly (infer E)[] } ? Mutable<E> : unknown;
type ConstPart<S> = S extends { const: infer C } ? Mutable<C> : unknown;
type Mutable<T> = T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;

// ---- anyOf, oneOf, allOf ----

type EachOf<List, Root, D extends number, L extends Dialect> = List extends readonly (infer E)[] ? (E extends unknown ? Node<E, Root, D, L> : never) : unknown;
type AnyOfPart<S, Root, D extends number, L extends Dialect> = S extends { anyOf: infer List } ? EachOf<List, Root, D, L> : unknown;
type OneOfPart<S, Root, D extends number, L extends Dialect> = S extends { oneOf: infer List } ? EachOf<List, Root, D, L> : unknown;
type AllOfPart<S, Root, D extends number, L extends Dialect> = S extends { allOf: infer List } ? (Long<List> extends true ? unknown : AllOf<List, Root, D, L>) : unknown;

/**
 * A list of 900 entries or more: past what TypeScript follows of a recursive type (about 1,000
 * steps: TS2589), so a wide allOf or tuple is read as nothing rather than stop the compile.
 */
type Long<List> = List extends readonly [...Hundreds, ...unknown[]] ? true : false;
type Ten = [unknown, unknown, unknown, unknown, unknown, unknown, unknown, unknown, unknown, unknown];
type Hundred = [...Ten, ...Ten, ...Ten, ...Ten, ...Ten, ...Ten, ...Ten, ...Ten, ...Ten, ...Ten];
type Hundreds = [...Hundred, ...Hundred, ...Hundred, ...Hundred, ...Hundred, ...Hundred, ...Hundred, ...Hundred, ...Hundred];
/** Tail-recursive (an accumulator): a wide allOf list would otherwise be "excessively deep" at about 46 entries. */
type AllOf<List, Root, D extends number, L extends Dialect, Acc = unknown> = List extends readonly [infer H, ...infer T] ? AllOf<T, Root, D, L, Acc & Node<H, Root, D, L>> : Acc;

// ---- $ref ----

type RefPart<S, Root, D extends number, L extends Dialect> = S extends { $ref: infer P }
  ? P extends "#" ? Node<Root, Root, D, L>
    : P extends `#/$defs/${infer N}` ? Named<Root, "$defs", N, D, L>
    : P extends `#/definitions/${infer N}` ? Named<Root, "definitions", N, D, L>
    : unknown
  : unknown;

/** A plain name only: an escaped (`~0`, `~1`, `%…`) or deeper pointer is not read. */
type Named<Root, Where extends string, N extends string, D extends number, L extends Dialect> =
  N extends `${string}${"/" | "~" | "%"}${string}` ? unknown
  : Root extends { [K in Where]: infer Defs } ? (N extends keyof Defs ? Node<Defs[N], Root, D, L> : unknown)
  : unknown;

// ---- objects ----

type PropsOf<S> = S extends { properties: infer P extends object } ? P : {};
/** `properties` of a type with an index signature (`Record<string, S>`, a computed key): which names it holds is not known. */
type PropsUnknown<S> = S extends { properties: infer P extends object } ? (string extends keyof P ? true : number extends keyof P ? true : false) : false;
/**
 * The names every possible `required` list holds: a list known only as `string[]` requires none
 * that the type may count on, and of a union of lists (`strict ? ["a", "b"] : ["a"]`) only the
 * names in each.
 */
type RequiredOf<S> = S extends { required: infer R } ? { [K in NamesIn<R>]: InEvery<R, K> extends true ? K : never }[NamesIn<R>] : never;
type NamesIn<R> = R extends readonly unknown[] ? (number extends R["length"] ? never : LiteralNames<R>) : never;
/** A tuple's names that are literals: an entry known only as `string` (or a template) could be any name, so it requires none. */
type LiteralNames<R extends readonly unknown[]> = { [I in keyof R]: R[I] extends string ? (string extends R[I] ? never : {} extends Record<R[I], 1> ? never : R[I]) : never }[number];
type InEvery<R, K> = (R extends unknown ? (K extends NamesIn<R> ? true : false) : never) extends true ? true : false;

type ObjectOf<S, Root, D extends number, L extends Dialect> =
  PropsUnknown<S> extends true ? { [key: string]: unknown } : Simplify<Shape<PropsOf<S>, RequiredOf<S>, Root, D, L> & Others<S, Root, D, L>>;

type Shape<P, K extends string, Root, D extends number, L extends Dialect> =
  { -readonly [N in keyof P & K]: Node<P[N], Root, D, L> } &
  { -readonly [N in Exclude<keyof P, K>]?: N extends InheritedName ? unknown : Node<P[N], Root, D, L> } &
  { -readonly [N in Exclude<K, keyof P>]: unknown };

/**
 * The names every object inherits from Object.prototype: an optional property of such a name,
 * when absent, reads as the inherited function (`{}.constructor` is `Object`), so its type is
 * `unknown`, not the schema's.
 */
type InheritedName = "constructor" | "toString" | "toLocaleString" | "valueOf" | "hasOwnProperty" | "isPrototypeOf" | "propertyIsEnumerable" | "__proto__" | "__defineGetter__" | "__defineSetter__" | "__lookupGetter__" | "__lookupSetter__";

/** The keys `properties` does not name: none with `additionalProperties: false` (and no patternProperties). */
type Others<S, Root, D extends number, L extends Dialect> =
  S extends { patternProperties: object } ? { [key: string]: unknown }
  : S extends { additionalProperties: infer A } ? (IsAny<A> extends true ? { [key: string]: unknown } : OthersBy<S, Root, D, L>)
  : { [key: string]: unknown };

/** additionalProperties of a type known (an `any` one could be `false` or a schema). */
type OthersBy<S, Root, D extends number, L extends Dialect> =
  S extends { additionalProperties: false } ? unknown
  : S extends { additionalProperties: infer A extends object }
    // A declared property's value also sits under the index signature, so it is part of the union.
    ? { [key: string]: Node<A, Root, D, L> | PropValues<PropsOf<S>, Root, D, L> | undefined }
  : { [key: string]: unknown };

type PropValues<P, Root, D extends number, L extends Dialect> = { [N in keyof P]: Node<P[N], Root, D, L> }[keyof P];

// ---- arrays ----

type ArrayOf<S, Root, D extends number, L extends Dialect> =
  L extends "2020-12" ? (S extends { prefixItems: infer P extends readonly unknown[] } ? TupleOf<P, RestOf<S, "items", Root, D, L>, MinItems<S>, Root, D, L> : ItemsOf<S, Root, D, L>)
  // In 2020-12 `items` after prefixItems covers only the elements after them: either reading may hold.
  : L extends "other" ? (S extends { prefixItems: unknown } ? unknown[] : ItemsOf<S, Root, D, L>)
  : ItemsOf<S, Root, D, L>;

/** `items` (an array of them, before 2020-12: a tuple, then `additionalItems`). */
type ItemsOf<S, Root, D extends number, L extends Dialect> =
  S extends { items: infer P extends readonly unknown[] } ? TupleOf<P, RestOf<S, "additionalItems", Root, D, L>, MinItems<S>, Root, D, L>
  : S extends { items: infer I } ? Node<I, Root, D, L>[]
  : unknown[];

type RestOf<S, K extends string, Root, D extends number, L extends Dialect> = S extends { [Q in K]: infer I } ? Node<I, Root, D, L> : unknown;
type MinItems<S> = S extends { minItems: infer N extends number } ? N : 0;

/** A list of item schemas known only as an array (not a tuple): how many, and which, is not known. */
type TupleOf<P extends readonly unknown[], Rest, Min extends number, Root, D extends number, L extends Dialect> = number extends P["length"] ? unknown[] : Long<P> extends true ? unknown[] : Tuple<P, Rest, Min, Root, D, L>;

/** prefixItems do not require their elements: only the first `minItems` are required. */
type Tuple<P extends readonly unknown[], Rest, Min extends number, Root, D extends number, L extends Dialect, Req extends unknown[] = []> =
  Req["length"] extends Min ? [...Req, ...Partial<Nodes<P, Root, D, L>>, ...RestArray<Rest>]
  : P extends readonly [infer H, ...infer T] ? Tuple<T, Rest, Min, Root, D, L, [...Req, Node<H, Root, D, L>]>
  : [...Req, ...RestArray<Rest>];

type Nodes<P extends readonly unknown[], Root, D extends number, L extends Dialect> = { -readonly [I in keyof P]: Node<P[I], Root, D, L> };
type RestArray<Rest> = [Rest] extends [never] ? [] : Rest[];
