// Turns schema objects into Checks. One node per (document location, tracking mode, branching); a node is
// registered before its keywords compile, so reference cycles simply point back at it.
import { internalError, placedIn, SchemaError } from "../errors.js";
import { appendPointer } from "../json/pointer.js";
import { TextKeys, type TextToken } from "../json/text-keys.js";
import { LoopNumbers } from "./loop-numbers.js";
import { ownSettings, type CompileSettings } from "./compile-settings.js";
import { isObject, typeMask, type TypeMask } from "../json/type-of.js";
import { keywordsInUse, type Dialect } from "../keywords/dialects.js";
import type { CompileContext, ReferenceKind } from "../keywords/types.js";
import { combine, combineTyped, type SingleType, type Step } from "./combine.js";
import { branch, untracked } from "./evaluated.js";
import { evaluatedNames, type EvaluatedNames } from "./evaluated-names.js";
import { gatherOf } from "./gather.js";
import { countedPlan, finishPlan, followed, Plan, WHOLE, type Planning } from "./plan.js";
import { holds } from "./run-plan.js";
import { compileRef } from "./ref.js";
import { schemaMatcher } from "./regexes.js";
import type { Matcher } from "../regex/matcher.js";
import { checkDefinition } from "./definitions.js";
import type { Doc, Registry, Resource, Target } from "./registry.js";
import { counting, dropAnnotations, entering, withAnnotation } from "./node-wrappers.js";
import { reach } from "./reach.js";
import { unknownKeywordSteps } from "./unknown-keywords.js";
import { report, SILENT } from "./report.js";
import { makeWhere } from "./place.js";
import type { Check, EvalState, Explain, Where } from "./types.js";

interface Node {
  check: Check;
  /** The boolean fast path's view of the same schema (plan.ts). */
  readonly plan: Plan;
}

const PENDING: Check = () => {
  throw internalError("a schema node ran before it was compiled");
};
const TRUE: Check = () => true;
const WITHOUT_CLOSURES: Check = () => {
  throw internalError("errors were collected through a graph compiled with plans");
};

export type { CompileSettings } from "./compile-settings.js";

const FALSE_SCHEMA: Explain<undefined> = () => ({ error: "no value is allowed here (the schema is false)", params: {} });

export class Compiler {
  /** Nodes by document pointer (a long one by its token: a schema's long keys made V8 compare them all), one map per document, tracking mode and branching (index doc.id * 4 + ...). */
  private readonly nodes: Map<string | TextToken, Node>[] = [];
  private readonly pointers = new TextKeys();

  constructor(
    readonly registry: Registry,
    readonly settings: CompileSettings,
  ) {
    this.settings = ownSettings(settings);
    this.loops = this.settings.loops ?? new LoopNumbers();
  }

  /** The numbers of the schema objects whose loops a witness names. */
  readonly loops: LoopNumbers;

  /** The Check of a schema location; an indirection while that location is still compiling. */
  checkAt(target: Target, tracking: boolean, branching = false): Check {
    const node = this.node(target, tracking, branching);
    return node.check === PENDING ? (instance, state, at) => node.check(instance, state, at) : node.check;
  }

  node(target: Target, tracking: boolean, branching = false, later = false): Node {
    const index = target.doc.id * 4 + (tracking ? 2 : 0) + (branching ? 1 : 0);
    const nodes = Object.hasOwn(this.nodes, index) ? this.nodes[index]! : (this.nodes[index] = new Map()); // a hole would read Object.prototype
    const key = this.pointers.keyOf(target.ptr);
    let node = nodes.get(key);
    if (node === undefined) {
      // Plans run only once compiling is over, when every plan's check is set.
      const made: Node = (node = { check: PENDING, plan: new Plan(PENDING) });
      nodes.set(key, made);
      if (this.settings.count !== undefined) this.settings.count.compiled = (this.settings.count.compiled ?? 0) + 1;
      const compile = () => {
        try {
          made.check = counting(this.compileSchema(target, tracking, branching, made.plan), this.settings.count);
        } catch (error) {
          throw placedIn(error, target.doc.uri);
        }
      };
      if (later) this.#queue.push(compile);
      else compile();
    }
    return node;
  }

  /** A reference's target: compiled now, or queued (settings.deferRefs). */
  referred = (target: Target, tracking: boolean): Node => this.node(target, tracking, false, this.settings.deferRefs === true);

  /** Places checkDefinition (definitions.ts) has checked in this compile. */
  readonly checked = new Set<object>();

  /** Compiles the queued targets (and what they queue in turn). */
  drain(): void {
    for (let job = this.#queue.pop(); job !== undefined; job = this.#queue.pop()) job();
  }

  readonly #queue: (() => void)[] = [];

  private compileSchema(target: Target, tracking: boolean, branching: boolean, plan: Plan): Check {
    const { schema, ptr, resource } = target;
    if (schema === true) {
      plan.rules = 0; // an empty plan: everything passes
      plan.rest = undefined;
      finishPlan(plan);
      return TRUE;
    }
    if (schema === false) {
      // As a plan: no type matches (a SCALAR plan, so tuples and item loops test it inline).
      plan.rules = 0;
      plan.types = 0;
      plan.rest = undefined;
      finishPlan(plan);
      const where = makeWhere("false", ptr, undefined, resource, FALSE_SCHEMA, undefined);
      return (instance, state, at) => report(state, at, where, instance);
    }
    if (!isObject(schema)) throw new SchemaError("invalid-schema", ptr, "a schema must be an object or a boolean");
    const { dialect, vocabularies } = resource;
    const keywords = keywordsInUse(schema, dialect, vocabularies);
    const owner = keywords.some((k) => k.vocabulary === "unevaluated");
    const plans = this.settings.plans !== false && this.settings.annotating !== true;
    const closures = this.settings.closures === true;
    // In the boolean pass, unevaluatedProperties alone may not need a tracker: see evaluated-names.ts.
    // (Closures that collect errors need it.)
    const names = plans && !closures && owner && !tracking && !keywords.some((k) => k.name === "unevaluatedItems") ? evaluatedNames(target, this.registry) : undefined;
    const ctx = new NodeContext(this, target, tracking || (owner && names === undefined), this.settings.fixedPaths !== true && (branching || reach(schema, keywords) >= 2));
    const steps: Step[] = [];
    let single: SingleType | undefined;
    // The boolean fast path: only where nothing but the verdict matters (no annotations, no
    // evaluated-property tracking, no dynamic scope to keep).
    const planning = plans && !ctx.tracking && !(this.registry.usesDynamic && ptr === resource.ptr && target.doc === resource.doc);
    const rest: Step[] = [];
    let planned = false;
    const into = planning ? ctx.planning(plan, names) : undefined;
    // Keywords read their siblings from a copy without a prototype that holds only the keywords in
    // use here: a name set on Object.prototype (even for the length of one compile), a keyword of a
    // vocabulary the metaschema leaves out, or a sibling of a draft-07 $ref is never read as one.
    const parent: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const keyword of keywords) parent[keyword.name] = schema[keyword.name];
    for (const keyword of keywords) {
      ctx.enter(keyword.name);
      const check = keyword.compile(parent[keyword.name], ctx, parent);
      const annotated = ctx.annotating ? withAnnotation(check, ctx.annotation, ctx.where(SILENT, undefined)) : check;
      if (annotated === undefined) continue;
      if (into !== undefined && keyword.plan?.(parent[keyword.name], into, parent) === true) planned = true;
      else rest.push({ check: annotated, appliesTo: keyword.appliesTo });
      const mask = keyword.name === "type" && !ctx.annotating && typeof parent["type"] === "string" ? typeMask(parent["type"]) : undefined;
      if (mask !== undefined) single = { mask, check: annotated };
      else steps.push({ check: annotated, appliesTo: keyword.appliesTo });
    }
    if (ctx.annotating) for (const step of unknownKeywordSteps(schema, dialect, vocabularies, ptr, resource)) steps.push(step); // no spread: an object may have 100,000 of them
    ctx.release();
    // Only a plan whose keywords asked for the location (their loops record where they failed,
    // witness.ts) keeps it. The collecting variant's plans only answer its questions, which record nothing.
    if (ctx.locationAsked && !closures) plan.location = ctx.location;
    if (planned) {
      plan.rest = rest.length === 0 ? undefined : combine(rest);
      plan.rules &= ~WHOLE;
      finishPlan(plan);
      if (plan.applied !== undefined) plan.applied.gather = gatherOf(plan);
      // The graph compile() returns only decides validity: errors are collected by a variant
      // (see Validator), so there a planned schema keeps no closures but those of `rest`.
      if (!closures) return (instance, state, at) => (state.errors === undefined ? holds(plan, instance, state) : WITHOUT_CLOSURES(instance, state, at));
    }
    let check = single !== undefined ? combineTyped(single, steps) : combine(steps);
    if (ctx.annotating) check = dropAnnotations(check);
    if (owner) check = branch(check);
    if (this.registry.usesDynamic && ptr === resource.ptr && target.doc === resource.doc) check = entering(resource, check);
    if (planned) {
      const collecting = check;
      return (instance, state, at) => (state.errors === undefined ? holds(plan, instance, state) : collecting(instance, state, at));
    }
    return (plan.rest = check);
  }
}

/**
 * Whether validate()'s witness names this schema object (witness.ts): by its pointer, so only in the
 * root document, and only where no dynamic reference can make one object's verdict on a value
 * depend on the way it was reached.
 */
function witnessed(target: Target, registry: Registry): boolean {
  return target.doc.id === 0 && !registry.usesDynamic;
}

/** The CompileContext of one schema object; `enter` moves it from keyword to keyword. */
class NodeContext implements CompileContext {
  /** The current keyword's pointer, made when a keyword asks (for its subschemas or a SchemaError). */
  get schemaPath(): string {
    return (this.#schemaPath ??= appendPointer(this.base, this.keyword));
  }
  #schemaPath: string | undefined;
  private keyword = "";
  readonly formats: ReadonlyMap<string, (value: string) => boolean> | undefined;
  readonly annotating: boolean;
  /** The current keyword's annotation producer, if it registered one. */
  annotation: ((instance: unknown, state: EvalState) => unknown) | undefined;

  constructor(
    compiler: Compiler,
    target: Target,
    readonly tracking: boolean,
    /** An in-place ancestor (or this schema) applies several subschemas to one value. */
    readonly branching: boolean,
  ) {
    this.#target = target;
    this.#compiler = compiler;
    this.formats = compiler.settings.formats;
    this.annotating = compiler.settings.annotating === true;
    this.base = target.ptr;
    this.#located = witnessed(target, compiler.registry) && !tracking && !this.annotating;
  }

  get location(): number | undefined {
    if (!this.#located) return undefined;
    if (!this.locationAsked) {
      this.locationAsked = true;
      this.#location = this.compiler.loops.of(this.base);
    }
    return this.#location;
  }

  readonly #located: boolean;
  #location: number | undefined;
  /** A keyword read `location`: the plan keeps it too, for its loops' witness. */
  locationAsked = false;

  private readonly base: string;
  /**
   * Cleared once the schema object is compiled: runtime closures that share a keyword's scope with
   * `ctx` must not keep the compiler (and its registry) or the document alive.
   */
  #compiler: Compiler | undefined;
  #target: Target | undefined;

  private get compiler(): Compiler {
    if (this.#compiler === undefined) throw internalError("a compile context was used after its schema was compiled");
    return this.#compiler;
  }

  private get doc(): Doc {
    return this.target.doc;
  }

  private get resource(): Resource {
    return this.target.resource;
  }

  private get target(): Target {
    if (this.#target === undefined) throw internalError("a compile context was used after its schema was compiled");
    return this.#target;
  }

  release(): void {
    this.#compiler = undefined;
    this.#target = undefined;
    this.#children = undefined;
  }

  enter(keyword: string): void {
    this.keyword = keyword;
    this.annotation = undefined;
    this.#schemaPath = undefined;
  }

  where<D>(explain: Explain<D>, data: D, sibling?: string): Where {
    if (sibling !== undefined) return makeWhere(sibling, this.base, sibling, this.resource, explain, data);
    return makeWhere(this.keyword, this.base, this.keyword, this.resource, explain, data);
  }

  annotate(produce: (instance: unknown, state: EvalState) => unknown): void {
    if (this.annotating) this.annotation = produce;
  }

  subschema(value: unknown, ...segments: (string | number)[]): Check {
    // Branching is kept below too: sibling branches can each descend into the same child value.
    const check = this.compileAt(value, appendPointer(this.schemaPath, ...segments), false, this.branching);
    return this.tracking ? untracked(check) : check;
  }

  typeOnly(value: unknown): TypeMask | undefined {
    const dialect: Dialect = this.resource.dialect;
    if (this.annotating || !isObject(value) || !this.resource.vocabularies.has("validation")) return undefined;
    let mask: TypeMask | undefined;
    for (const key of Object.keys(value)) {
      const keyword = dialect.keywords.get(key);
      if (key === "type") mask = typeMask(value[key]);
      else if (keyword === undefined ? key.startsWith("$") : keyword.vocabulary !== "meta-data") return undefined;
    }
    return mask;
  }

  applicator(value: unknown, ...segments: (string | number)[]): Check {
    return this.compileAt(value, appendPointer(this.schemaPath, ...segments), this.tracking, this.branching);
  }

  siblingSubschema(keyword: string, value: unknown, ...segments: (string | number)[]): Check {
    const check = this.compileAt(value, appendPointer(this.base, keyword, ...segments), false, this.branching);
    return this.tracking ? untracked(check) : check;
  }

  siblingApplicator(keyword: string, value: unknown): Check {
    return this.compileAt(value, appendPointer(this.base, keyword), this.tracking, this.branching);
  }

  probe(value: unknown, ...segments: (string | number)[]): Check {
    const check = this.compileAt(value, appendPointer(this.schemaPath, ...segments), false, this.branching);
    return this.tracking ? untracked(check) : check;
  }

  /** What a keyword's plan hook gets: this schema's plan, and the plans of its subschemas (untracked, as subschema() compiles them). */
  planning(plan: Plan, names: EvaluatedNames | undefined): Planning {
    this.#planning = true;
    return {
      plan,
      evaluatedNames: () =>
        names && {
          names: names.names,
          // The conditions are anyOf/oneOf branches and `if`s, compiled (or reached) as this schema's applicators compile them.
          conditions: names.conditions.map((target) => this.compiler.node(target, false, this.branching).plan),
        },
      subplan: (value, ...segments) => {
        // The keyword's compile just compiled this subschema: its node is known by the schema object.
        const known = typeof value === "object" && value !== null ? this.#children?.get(value) : undefined;
        if (known !== undefined) return followed(known.plan);
        return followed(this.compiler.node(this.targetAt(value, appendPointer(this.base, ...segments)), false, this.branching).plan);
      },
      // As compileRef's plain crossing: below several in-place subschemas it memoizes, and
      // under $dynamicRef it keeps the scope; those stay closures.
      refPlan: (reference) => {
        const { registry, settings } = this.compiler;
        if (this.branching || registry.usesDynamic || settings.deferRefs === true) return undefined;
        const target = registry.resolve(this.resource, reference);
        if (target === undefined) return undefined;
        const plan = followed(this.compiler.node(target, false).plan);
        return this.recursive() ? countedPlan(plan, registry.recursion.byValue) : plan;
      },
    };
  }

  ref(reference: unknown, kind: ReferenceKind): Check {
    if (typeof reference !== "string") this.fail(`${this.keyword} must be a string`);
    const recursive = this.recursive() ? this.compiler.registry.recursion : undefined;
    return compileRef(this.compiler, this.resource, reference, kind, this.tracking, this.branching, this.where(SILENT, undefined), recursive);
  }

  /** The current keyword is a reference that can lead back to itself (gate/recursion.ts). */
  private recursive(): boolean {
    return this.compiler.registry.recursion.at.has(`${this.doc.id}:${this.schemaPath}`);
  }

  regex(pattern: unknown): Matcher {
    if (typeof pattern !== "string") this.fail(`${this.keyword} must be a string`);
    return schemaMatcher(pattern, this.schemaPath);
  }

  definition(value: unknown, ...segments: (string | number)[]): void {
    checkDefinition(this.compiler, this.targetAt(value, appendPointer(this.schemaPath, ...segments)));
  }

  /** A subschema belongs to this schema's resource unless it starts one of its own ($id). */
  private targetAt(value: unknown, ptr: string): Target {
    return { doc: this.doc, ptr, resource: this.doc.roots.get(value) ?? this.resource, schema: value };
  }

  fail(message: string): never {
    throw new SchemaError("invalid-schema", this.schemaPath, message);
  }

  private compileAt(value: unknown, ptr: string, tracking: boolean, branching = false): Check {
    const node = this.compiler.node(this.targetAt(value, ptr), tracking, branching);
    if (this.#planning && !tracking && branching === this.branching && typeof value === "object" && value !== null) (this.#children ??= new Map()).set(value, node);
    return node.check === PENDING ? (instance, state, at) => node.check(instance, state, at) : node.check;
  }

  /** While planning: untracked subschema nodes compiled by this schema's keywords, by schema object (each object sits at one place in the private copy). */
  #children: Map<object, Node> | undefined;
  #planning = false;
}
