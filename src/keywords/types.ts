// The contract every keyword module follows (see docs/architecture.md).
import { isObject, type TypeMask } from "../json/type-of.js";
import type { Check, EvalState, Explain, Where } from "../engine/types.js";
import type { Plan, Planning } from "../engine/plan.js";
import type { Matcher } from "../regex/matcher.js";

export type Vocabulary =
  | "core"
  | "applicator"
  | "unevaluated"
  | "validation"
  | "meta-data"
  | "format-annotation"
  | "format-assertion"
  | "content";

export type SchemaObject = Readonly<Record<string, unknown>>;

/** How a reference keyword resolves: statically ($ref), or through the dynamic scope. */
export type ReferenceKind = "static" | "dynamic" | "recursive";

/** What an identifying keyword declares: a resource ($id, id) or an anchor of one of three kinds. */
export type IdentifierKind = "resource" | "anchor" | "dynamic-anchor" | "recursive-anchor";

export interface Keyword {
  /** Exact spelling in the schema: "maxLength", "$ref". */
  readonly name: string;
  readonly vocabulary: Vocabulary;
  /** Instance types this keyword constrains; the node skips the check for other types. */
  readonly appliesTo?: TypeMask;
  /** Where the value holds subschemas: one, an array of them, a map of them, or one or an array (items before 2020-12). */
  readonly children?: "schema" | "array" | "map" | "schema-or-array";
  /** A reference: the gate applies the ref policy to it and the registry links it. */
  readonly reference?: ReferenceKind;
  /** An identifier: the registry indexes what it declares. */
  readonly identifies?: IdentifierKind;
  /** Read by that sibling keyword, and only when it is present (then and else by if). */
  readonly ownedBy?: string;
  /** Applies subschemas to the same instance (allOf, $ref, not, …): their annotations count for unevaluated* (not's are dropped). */
  readonly inPlace?: boolean;
  /**
   * Applies subschemas to the instance's property values or items: "property"/"item", each of its
   * subschemas may reach one value (patternProperties, contains); "one-property"/"one-item", at
   * most one of them does (properties, prefixItems, items, additionalItems: distinct names or
   * index ranges). Two subschemas that can reach one child value make the schema branch
   * (compiler.ts): references below it are remembered.
   */
  readonly reaches?: "property" | "one-property" | "item" | "one-item";
  /**
   * The items of an array it counts as evaluated for unevaluatedItems, as its tracking closure
   * does whether or not it holds: the first N (a number), all of them (true), none (false), or
   * those at the indexes listed (2020-12's contains: its matches, whether or not their count is
   * in bounds). `holds` and `plan` as for evaluatesProperties. Absent on a keyword that applies
   * to arrays and counts some other way; the explainer leaves an unevaluatedItems that meets one
   * to the closures.
   */
  readonly evaluatesItems?: (value: unknown, parent: SchemaObject, array: readonly unknown[], holds: (schema: unknown, value: unknown, plan: Plan | undefined) => boolean, plan: Plan | undefined) => number | boolean | readonly number[];
  /**
   * The properties of an object it counts as evaluated for unevaluatedProperties, as its tracking
   * closure does: the names (those present), all of them (true) or none (false). `holds` answers
   * whether a subschema (with its plan, when known: from `plan`, the schema object's) holds for a
   * value, for a keyword that counts only when it holds (additionalProperties). Absent on a
   * keyword that applies to objects and counts no other way than its subschemas' (the explainer
   * then leaves an unevaluatedProperties that meets it to the closures).
   */
  readonly evaluatesProperties?: (value: unknown, parent: SchemaObject, object: Readonly<Record<string, unknown>>, holds: (schema: unknown, value: unknown, plan: Plan | undefined) => boolean, plan: Plan | undefined, keys: readonly string[]) => readonly string[] | boolean;
  /**
   * Where its value holds the patterns its compile passes to ctx.regex (checked in definitions
   * that are not compiled, engine/definitions.ts): the value itself, or its keys (patternsIn).
   */
  readonly regexes?: "value" | "keys";
  /**
   * Runs once per schema object. Check `value`, precompute everything, and return a Check, or
   * undefined when the keyword can never fail (or is read by its owner keyword).
   */
  compile(value: unknown, ctx: CompileContext, parent: SchemaObject): Check | undefined;
  /**
   * For the boolean fast path (engine/plan.ts): record the compiled value in the plan and return
   * true, or return false to leave this keyword to its closure. Called only after compile
   * accepted the value and returned a Check.
   */
  plan?(value: unknown, into: Planning, parent: SchemaObject): boolean;
  /**
   * For the error pass over the schema's own objects (engine/explain.ts): whether `instance` (of
   * a kind `appliesTo` names) passes, reporting through `e` as the keyword's closure would, in
   * the same order. A schema whose reached keywords all have this hook is explained without a
   * second compile.
   */
  explain?(value: unknown, e: Explaining, instance: unknown, parent: SchemaObject): boolean;
  /**
   * What `explain` reads as its value, made once per schema object the explainer visits (what the
   * keyword's closure precomputes at compile); without it, the keyword's value as written.
   * PASSES: nothing to explain at this schema object (a sibling explains it).
   */
  prepare?(value: unknown, parent: SchemaObject): unknown;
}

/** What unevaluatedItems finds evaluated: the first `prefix` items, those at `indexes`, or `all`. */
export interface EvaluatedItems {
  readonly prefix: number;
  readonly indexes: ReadonlySet<number>;
  readonly all: boolean;
}

/** What an explain hook reports through: the keyword's place, its subschemas, the references it follows. */
export interface Explaining {
  /** Go on after the first failure. */
  readonly allErrors: boolean;
  /** The keyword being explained. */
  readonly keyword: string;
  /** The plan compile() made for this schema object, when known: its subschemas' plans answer whether they hold. */
  readonly plan: Plan | undefined;
  /**
   * At or below a schema object with an unevaluated keyword: the closures there are compiled to
   * track what they evaluate (CompileContext.tracking), which keeps `properties` and
   * additionalProperties apart and has `properties` follow its declared names.
   */
  readonly tracking: boolean;
  /** compile's format checkers (CompileContext.formats). */
  readonly formats: ReadonlyMap<string, (value: string) => boolean> | undefined;
  /** Records the keyword's error (as report() does for its closure); returns false. */
  report<D>(explain: Explain<D>, data: D, instance: unknown, detail?: unknown): false;
  /** Records an error at a sibling keyword this one owns (ctx.where with `sibling`). */
  reportSibling<D>(sibling: string, explain: Explain<D>, data: D, instance: unknown, detail?: unknown): false;
  /** A sibling's value when it is a keyword of this schema object's dialect (as the compiler's `parent` holds it), else undefined. */
  sibling(name: string): unknown;
  /**
   * Explains a subschema of this schema object, at `keyword` (and `index` below it), applied to
   * `value`: the item or property `key` of the instance, or the instance itself (key undefined).
   * With the subschema's plan, a value the plan passes is not explained.
   */
  child(schema: unknown, value: unknown, key: string | number | undefined, keyword: string, index?: string | number, plan?: Plan | null): boolean;
  /** Explains the target of a static reference on the instance, through the reference's frame. */
  ref(reference: string, instance: unknown): boolean;
  /** Whether a subschema of this keyword holds for the instance itself, no unit made (its plan's verdict, when known). */
  holds(schema: unknown, instance: unknown, keyword: string, index?: number, plan?: Plan): boolean;
  /** Explains each of the subschemas apart, every one of which `holds` found failing, and adds their units in order (what anyOf and oneOf show when none matches); nothing within a quiet question (holds). */
  branches(schemas: readonly unknown[], instance: unknown, keyword: string, plans: readonly Plan[] | undefined): void;
  /** Where a loop over the object's `keys`, checking `needs` (engine/witness.ts), starts: past the keys validate()'s boolean pass saw pass, else 0. */
  firstKey(object: object, keys: readonly string[], needs: number): number;
  /** The object's own keys (Object.keys), listed once per pass for an object of many (engine/once-per-pass.ts keysOf). */
  keys(object: object): readonly string[];
  /** Two equal items of the array (json/duplicates.ts findDuplicate), found once per pass (engine/once-per-pass.ts). */
  duplicate(array: readonly unknown[]): readonly [number, number] | undefined;
  /** Where a loop over the array's items from `start` starts: past the items validate()'s boolean pass saw pass, else `start`. */
  firstItem(array: readonly unknown[], start: number): number;
  /**
   * The properties of `object` that this schema object's other keywords and in-place subschemas
   * evaluated, as unevaluatedProperties reads them (engine/explain-evaluated.ts).
   */
  evaluatedProperties(object: Record<string, unknown>): ReadonlySet<string>;
  /** The items of `array` the same keywords and subschemas evaluated, as unevaluatedItems reads them: the first `prefix`, those at `indexes`, or `all`. */
  evaluatedItems(array: readonly unknown[]): EvaluatedItems;
  /** How many items matched `contains` when validate()'s boolean pass saw its plan fail over the array (out of bounds), else undefined. */
  witnessedCount(array: readonly unknown[]): number | undefined;
}

/** The patterns a keyword's value holds (Keyword.regexes): only strings among them are patterns. */
export function patternsIn(keyword: Keyword, value: unknown): readonly unknown[] {
  return keyword.regexes === "value" ? [value] : keyword.regexes === "keys" && isObject(value) ? Object.keys(value) : [];
}

/** The explain hook of a keyword that never fails (annotations, definitions). */
export const PASSES = (): boolean => true;

export interface CompileContext {
  /** JSON Pointer of the keyword in its document. */
  readonly schemaPath: string;
  /** This schema feeds an unevaluated* keyword: keywords record what they evaluate in state.ev. */
  readonly tracking: boolean;
  /** Format checkers, when "format" asserts (compile's `formats` option); undefined: it annotates. */
  readonly formats: ReadonlyMap<string, (value: string) => boolean> | undefined;
  /** Annotations are being collected (an output format asks for them): every branch must run. */
  readonly annotating: boolean;
  /**
   * The schema object's loop number (engine/loop-numbers.ts) when it is in the root document and neither tracks nor annotates:
   * a key or item loop here may start where validate()'s boolean pass saw its loop fail (engine/witness.ts).
   */
  readonly location: number | undefined;
  /** When annotating: this keyword's annotation, made from the instance after the keyword succeeded. */
  annotate(produce: (instance: unknown, state: EvalState) => unknown): void;
  /** This keyword's location (or a sibling's, for owned keywords), and how its failures read. */
  where<D>(explain: Explain<D>, data: D, sibling?: string): Where;
  /** A subschema applied to another instance (a property value, an item). */
  subschema(value: unknown, ...segments: (string | number)[]): Check;
  /**
   * When a subschema is nothing but `type` (and annotations), its type mask: the caller can test
   * `typeOf(value) & mask` inline and call the subschema's Check only to report a failure.
   */
  typeOnly(value: unknown): TypeMask | undefined;
  /** A subschema of a sibling keyword this keyword owns, applied to another instance. */
  siblingSubschema(keyword: string, value: unknown, ...segments: (string | number)[]): Check;
  /** A subschema applied to the same instance, whose annotations count (allOf, anyOf, …). */
  applicator(value: unknown, ...segments: (string | number)[]): Check;
  /** The subschema of a sibling keyword this keyword owns, applied to the same instance (then, else). */
  siblingApplicator(keyword: string, value: unknown): Check;
  /** A subschema applied to the same instance whose annotations are dropped (not). */
  probe(value: unknown, ...segments: (string | number)[]): Check;
  /**
   * A subschema kept for references ($defs): checked as compile would check it (references,
   * patterns; the metaschema check has read the rest), but compiled only where a reference lands.
   */
  definition(value: unknown, ...segments: (string | number)[]): void;
  /** A reference, resolved now under the ref policy, of the kind its keyword declares. */
  ref(reference: unknown, kind: ReferenceKind): Check;
  /** A `u`-flag regular expression that tests in bounded time (src/regex/), or a SchemaError "invalid-regex" / "unsupported-regex" here. */
  regex(pattern: unknown): Matcher;
  /** Throws SchemaError "invalid-schema" at this keyword. */
  fail(message: string): never;
}
