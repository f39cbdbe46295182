// The first tier of the error pass (src/validator.ts, #errorPass): no second compile. It walks
// the schema's own objects (the validator's private copy, in the caller's key order) and asks each
// keyword's explain hook, in the dialect's order, for the units its closure would report; a
// subschema whose plan passes is not walked. It serves the schemas whose every reached keyword
// has a hook, within one document (its resources in one dialect) where no reference's landing
// depends on the dynamic scope. Other schemas, and a validator past its first EXPLAINED_INVALID
// invalid instances, use the collecting variant (compile.ts); so does a pass that crosses
// references below a branching schema object more often than the closures would before they
// remember results (HANDOVER).
import { escapeSegment } from "../json/pointer.js";
import { PointerPlace } from "./place.js";
import { kindOf } from "./combine.js";
import { keywordsInUse, type Dialect } from "../keywords/dialects.js";
import type { EvaluatedItems, Explaining, Keyword, SchemaObject, Vocabulary } from "../keywords/types.js";
import { counted } from "./depth.js";
import { letGo, newState } from "./state.js";
import { COUNTED, COUNTED_BY_VALUE, REF, type Plan } from "./plan.js";
import { holds } from "./run-plan.js";
import { ownKeysOnly } from "./plain-objects.js";
import { duplicateIn, keysOf } from "./once-per-pass.js";
import { ERROR_WORK, MEMO_AFTER, QUIET_DEPTH } from "../limits.js";
import { branchErrors, pathTo, quiet, records, report, SILENT } from "./report.js";
import { enterRef } from "./ref-crossings.js";
import type { Check, EvalState, Explain, InstancePath, Where } from "./types.js";
import { loopKey, Witness, witnessedCount, witnessedItem, witnessedKey } from "./witness.js";
import { evaluatedItems, evaluatedProperties, type EvaluatedLookup } from "./explain-evaluated.js";
import { BRANCHES, explainable, FIRST_PAIR, flagged, OWNER, POINTER, REF_ONLY, Resources, SchemaObjects, type Keywords } from "./explain-objects.js";

/** What the explainer needs to know of the compiled schema besides its objects. */
export interface ExplainSettings {
  readonly dialect: Dialect;
  readonly vocabularies: ReadonlySet<Vocabulary>;
  /** The pointers of recursive `$ref` keywords (gate/recursion.ts), and whether they count by value. */
  readonly recursive: ReadonlySet<string>;
  readonly byValue: boolean;
  readonly formats: ReadonlyMap<string, (value: string) => boolean> | undefined;
  /** The document's resources, anchors and dynamic references' fixed landings (registry.resourcesOf()). */
  readonly resources: readonly string[];
  readonly anchors: readonly string[];
  readonly dynamic: readonly string[];
}

const FALSE_SCHEMA: Explain<undefined> = () => ({ error: "no value is allowed here (the schema is false)", params: {} });

/** The place given to report() when it records nothing (never read). */
const UNRECORDED: Where = { keyword: "", ptr: "", base: "", baseLength: 0, absolute: "", identified: false, data: undefined, explain: SILENT };

/** The error pass of `root` (a schema in its private copy), or undefined when a keyword it reaches has no explain hook. */
export function explainer(root: unknown, plan: Plan, settings: ExplainSettings): Check | undefined {
  const { dialect, vocabularies } = settings;
  // Each reference's landing is found once (a pass crosses the same references on every call).
  const objects = new SchemaObjects(new Resources(root, settings), dialect, vocabularies);
  if (!explainable(root, (schema) => keywordsInUse(schema, dialect, vocabularies), objects.resources)) return undefined;
  return (instance, state, at) => {
    const run = new Run(state, objects, settings);
    const valid = run.schema(root, "", plan, instance, at);
    run.release();
    return valid;
  };
}

/**
 * Thrown by a pass that crossed more references below a branching schema object (reach.ts, as the
 * compiler marks it `branching`, down to the next reference), or recursive ones, than MEMO_AFTER:
 * such references can be crossed along paths that double at every level (of the schema, or of
 * data that holds one value at many places), and past that count the closures remember results
 * (memo.ts) where this walk does not. The validator hands the pass to them.
 * So it does at the first such crossing when maxErrors reaches ERROR_WORK: only then can the
 * memo's work budget cut the closures' list where this walk would go on. And so it does at a
 * question without a plan below the instance's top QUIET_DEPTH levels (Run.holds).
 */
export const HANDOVER: object = Object.freeze({ handover: true });

/** A schema object's pointer, made only for a unit: the landing of a reference, or a keyword's subschema below its object. */
type SchemaPath = string | { readonly up: SchemaPath; readonly keyword: string; readonly index: string | number | undefined };

function pointerOf(path: SchemaPath): string {
  // Without recursion: below a chain of thousands of references the path is thousands deep. Joined
  // (one flat string), not concatenated: a kept pointer would keep every piece a `+` made.
  const parts: string[] = [];
  let step = path;
  for (; typeof step !== "string"; step = step.up) parts.push(step.index === undefined ? step.keyword : step.keyword + "/" + escapeSegment(step.index), "/");
  parts.push(step);
  return parts.reverse().join("");
}

/** One error pass: where it is in the schema (with the plan its parent holds for it) and in the instance. */
class Run implements Explaining {
  private path: SchemaPath = "";
  keyword = "";
  private at: InstancePath = undefined;
  plan: Plan | undefined = undefined;
  private object: SchemaObject | undefined = undefined;
  /** The boolean pass the explainer asks whether a subschema holds, so that only failures are explained (made on the first question). */
  private asking: EvalState | undefined = undefined;
  /** The value at which the boolean pass saw the last loop firstKey or firstItem looked up fail. */
  private witnessed: unknown = undefined;
  /** Below a branching schema object, down to the next reference (the compiler's `branching`). */
  private branching = false;
  /** Explaining.tracking: set at a schema object with an unevaluated keyword, kept in place, cleared for a property's or item's subschema. */
  tracking = false;
  /** References crossed while `branching`, and recursive ones: the closures count them too (memo.ts, MEMO_AFTER). */
  private crossings = 0;
  /** The quiet verdicts of schema objects with an unevaluated keyword, by schema object and instance (see schema()). */
  private verdicts: WeakMap<SchemaObject, WeakMap<object, boolean>> | undefined = undefined;
  /** evaluatedProperties()'s and evaluatedItems()'s questions to this run (see evaluatedLookup). */
  private lookup: EvaluatedLookup | undefined = undefined;

  constructor(
    private readonly state: EvalState,
    private readonly objects: SchemaObjects,
    private readonly settings: ExplainSettings,
  ) {}

  /** Hands the boolean state back for the next run (not after an exception: it may be mid-pass). */
  release(): void {
    const asking = this.asking;
    if (asking === undefined) return;
    asking.witness!.clear(); // it holds the instance's containers
    letGo(asking);
    idleAsking = asking;
  }

  get allErrors(): boolean {
    return this.state.allErrors;
  }

  get formats(): ReadonlyMap<string, (value: string) => boolean> | undefined {
    return this.settings.formats;
  }

  /** `tracking`: the closures' mode here, unless the schema object holds an unevaluated keyword (see Explaining.tracking). */
  schema(schema: unknown, path: SchemaPath, plan: Plan | undefined, instance: unknown, at: InstancePath, tracking = this.tracking): boolean {
    if (schema === true) return true;
    if (schema === false) return this.record(at, "false", path, "", FALSE_SCHEMA, undefined, instance);
    const object = schema as SchemaObject;
    const found = this.objects.keywordsOf(object);
    // A quiet question (no unit is recorded) to a schema object with an unevaluated keyword, on an
    // object or array: answered once per run, as the closures' memo would (explain-evaluated.ts).
    if (flagged(found, OWNER) && this.state.errors === undefined && typeof instance === "object" && instance !== null) {
      let verdicts = (this.verdicts ??= new WeakMap()).get(object);
      if (verdicts === undefined) this.verdicts.set(object, (verdicts = new WeakMap()));
      let verdict = verdicts.get(instance);
      if (verdict === undefined) verdicts.set(instance, (verdict = this.walk(found, object, path, plan, instance, at, tracking)));
      return verdict;
    }
    return this.walk(found, object, path, plan, instance, at, tracking);
  }

  /** schema()'s walk of a schema object's keywords. */
  private walk(found: Keywords, object: SchemaObject, path: SchemaPath, plan: Plan | undefined, instance: unknown, at: InstancePath, tracking: boolean): boolean {
    const { path: outer, keyword: outerKeyword, at: outerAt, plan: outerPlan, object: outerObject, branching: outerBranching, tracking: outerTracking } = this;
    this.branching = outerBranching || flagged(found, BRANCHES);
    this.tracking = tracking || flagged(found, OWNER);
    this.object = object;
    this.path = path;
    this.at = at;
    this.plan = plan;
    const kind = kindOf(instance);
    let valid = true;
    for (let i = FIRST_PAIR; i < found.length; i += 2) {
      const keyword = found[i] as Keyword;
      if (keyword.appliesTo !== undefined && (keyword.appliesTo & kind) === 0) continue;
      this.keyword = keyword.name;
      if (keyword.explain!(found[i + 1], this, instance, object)) continue;
      valid = false;
      if (!this.state.allErrors) break;
    }
    this.path = outer;
    this.keyword = outerKeyword;
    this.at = outerAt;
    this.plan = outerPlan;
    this.object = outerObject;
    this.branching = outerBranching;
    this.tracking = outerTracking;
    return valid;
  }

  report<D>(explain: Explain<D>, data: D, instance: unknown, detail?: unknown): false {
    return this.reportSibling(this.keyword, explain, data, instance, detail);
  }

  reportSibling<D>(keyword: string, explain: Explain<D>, data: D, instance: unknown, detail?: unknown): false {
    return this.record(this.at, keyword, undefined, "/" + keyword, explain, data, instance, detail);
  }

  /** report() at the schema object `path` (undefined: the one walked; plus `below`), its place made only when a unit is recorded. */
  private record<D>(at: InstancePath, keyword: string, path: SchemaPath | undefined, below: string, explain: Explain<D>, data: D, instance: unknown, detail?: unknown): false {
    const state = this.state;
    // Past maxErrors (and in a quiet pass) report() only counts: the place, whose pointer is made
    // from the whole path, is not needed (a large instance fails far more often than it reports).
    if (!records(state)) return report(state, at, UNRECORDED, instance, detail);
    return report(state, at, this.place(keyword, path === undefined ? this.pointer() : pointerOf(path), below, explain, data), instance, detail);
  }

  /**
   * The pointer of the schema object the walk is at: kept with the object from its second use
   * (a validator that reports there once keeps nothing; every path to an object writes its one
   * pointer, as references land where a walk's pointer names: registry.ts landingPointer). A
   * quiet question (holds() without a plan) walks a subschema under a path that is not its
   * place, as it records nothing: such a path is never kept.
   */
  private pointer(): string {
    if (!records(this.state)) return pointerOf(this.path);
    const found = this.objects.keywordsOf(this.object!);
    const kept = found[POINTER];
    if (typeof kept === "string") return kept;
    const pointer = pointerOf(this.path);
    found[POINTER] = kept === undefined ? false : pointer;
    return pointer;
  }

  sibling(name: string): unknown {
    return this.member(this.object!, name);
  }

  private member(schema: SchemaObject, name: string): unknown {
    // The object first: the walks ask for many names a schema object seldom has.
    if (!Object.hasOwn(schema, name)) return undefined;
    const keyword = this.settings.dialect.keywords.get(name);
    return keyword !== undefined && this.settings.vocabularies.has(keyword.vocabulary) ? schema[name] : undefined;
  }

  evaluatedProperties(object: Record<string, unknown>): ReadonlySet<string> {
    return evaluatedProperties(this.object!, this.plan, object, (this.lookup ??= this.evaluatedLookup()));
  }

  evaluatedItems(array: readonly unknown[]): EvaluatedItems {
    return evaluatedItems(this.object!, this.plan, array, (this.lookup ??= this.evaluatedLookup()));
  }

  /** What the walk of explain-evaluated.ts asks, made on its first walk. */
  private evaluatedLookup(): EvaluatedLookup {
    return {
      member: (schema, name) => this.member(schema, name),
      evaluating: (schema) => this.objects.evaluating(schema),
      verdict: (schema, plan, instance) => this.holds(schema, instance, this.keyword, undefined, plan),
      keys: (object) => keysOf(object, this.state),
      landing: (schema, plan) => {
        const landing = this.objects.resources.resolve(schema, this.member(schema, this.settings.dialect.ref.name));
        return landing === undefined ? undefined : { schema: landing.schema, plan: this.landingPlan(plan, schema) };
      },
      dynamicLanding: (schema) => {
        const reference = this.settings.dialect.dynamicRef && this.member(schema, this.settings.dialect.dynamicRef.name);
        return reference === undefined ? undefined : this.objects.resources.resolve(schema, reference, true)?.schema;
      },
    };
  }

  child(schema: unknown, value: unknown, key: string | number | undefined, keyword: string, index?: string | number, plan?: Plan | null): boolean {
    const at = this.at;
    // The witnessed value fails (a loop of the same plan failed at it): explained without asking.
    // Should another value be the same (a number, or a subschema's value met again), it is
    // explained without asking too, which finds what asking would have.
    if (plan != null && value !== this.witnessed && (at === undefined || at.depth < QUIET_DEPTH) && this.decided(plan, value)) return true;
    // As the compiler passes tracking down: to subschemas in place and references' targets, not to those of a property or item.
    return key === undefined
      ? this.schema(schema, { up: this.path, keyword, index }, plan ?? undefined, value, at)
      : this.schema(schema, { up: this.path, keyword, index }, plan ?? undefined, value, pathTo(at, key, undefined), false);
  }

  holds(schema: unknown, instance: unknown, keyword: string, index?: number, plan?: Plan): boolean {
    if (plan !== undefined) return this.decided(plan, instance);
    // Without a plan the question walks the value's whole subtree, slowly: asked at every level
    // of deep data (anyOf at a recursive reference's target) it cost depth × size. Past the
    // instance's top QUIET_DEPTH levels the closures, whose questions are compiled, take over.
    if (this.at !== undefined && this.at.depth > QUIET_DEPTH) throw HANDOVER;
    return quiet(() => this.child(schema, instance, undefined, keyword, index), instance, this.state, this.at);
  }

  branches(schemas: readonly unknown[], instance: unknown, keyword: string, plans: readonly Plan[] | undefined): void {
    // A quiet question (a subschema of not, or one without a plan) collects no units, as the
    // closures collect none there.
    const errors = this.state.errors;
    if (errors === undefined) return;
    // The hook asked every branch: none holds, and none is asked again.
    const at = this.at;
    const checks = schemas.map((schema, i): Check => () => this.schema(schema, { up: this.path, keyword, index: i }, plans?.[i], instance, at));
    errors.push(...branchErrors(checks, instance, this.state, this.at));
  }

  keys(object: object): readonly string[] {
    return keysOf(object, this.state);
  }

  duplicate(array: readonly unknown[]): readonly [number, number] | undefined {
    return duplicateIn(array, this.state);
  }

  // The plan is the one the boolean pass and this run's questions ran: its loop key (witness.ts)
  // names the loops they recorded. The value a loop failed at is explained without asking (see child()).
  firstKey(object: object, keys: readonly string[], needs: number): number {
    const key = this.plan === undefined ? undefined : loopKey(this.plan);
    let at = witnessedKey(this.state.witness, object, keys, key, needs);
    if (at < 0 && this.asking !== undefined) at = witnessedKey(this.asking.witness, object, keys, key, needs);
    if (at >= 0 && at < keys.length) this.witnessed = (object as Record<string, unknown>)[keys[at]!];
    return Math.max(0, at);
  }

  firstItem(array: readonly unknown[], start: number): number {
    const key = this.plan === undefined ? undefined : loopKey(this.plan);
    let at = witnessedItem(this.state.witness, array, start, key);
    if (at < 0 && this.asking !== undefined) at = witnessedItem(this.asking.witness, array, start, key);
    if (at >= 0 && at < array.length) this.witnessed = array[at];
    return at < 0 ? start : at;
  }

  witnessedCount(array: readonly unknown[]): number | undefined {
    const key = this.plan === undefined ? undefined : loopKey(this.plan);
    return witnessedCount(this.state.witness, array, key) ?? (this.asking === undefined ? undefined : witnessedCount(this.asking.witness, array, key));
  }

  /** The place of `keyword` at `below` the schema object at `ptr`, in that object's resource. */
  private place<D>(keyword: string, ptr: string, below: string, explain: Explain<D>, data: D): Where {
    const { uri, ptr: root } = this.objects.resources.at(ptr);
    return new PointerPlace(keyword, ptr + below, uri, root.length, data, explain as Explain<unknown>);
  }

  /**
   * The plans' verdict, at the depth the error pass has reached. The questions keep a witness of
   * their own: one that fails went down the failure's path, and the walk that explains it then
   * starts its loops where the question's failed, asking nothing along that path again.
   */
  private decided(plan: Plan, value: unknown): boolean {
    // A plan whose loop over the value failed (in validate()'s boolean pass, or in a question) fails.
    // A recursive reference's crossing stands for its target, whose loop records.
    if (typeof value === "object" && value !== null) {
      const key = loopKey(isCounted(plan) ? plan.applied!.ref! : plan);
      if (this.state.witness?.failedIn(value, key) === true || this.asking?.witness!.failedIn(value, key) === true) return false;
    }
    let asking = this.asking;
    if (asking === undefined) {
      asking = this.asking = idleAsking ?? newState(undefined, false, 0, this.state.maxDataDepth);
      idleAsking = undefined;
      asking.forIn = ownKeysOnly();
      asking.maxDataDepth = this.state.maxDataDepth;
      asking.witness ??= new Witness();
    }
    asking.depth = this.state.depth;
    asking.deepest = this.state.deepest;
    const witness = asking.witness!;
    witness.sealed = false; // it records while the question runs, and is read once it is over
    const holding = holds(plan, value, asking);
    witness.sealed = true;
    return holding;
  }

  ref(reference: string, instance: unknown): boolean {
    const dynamic = this.keyword !== this.settings.dialect.ref.name;
    const landing = this.objects.resources.resolve(this.object!, reference, dynamic)!;
    const state = this.state;
    const branching = this.branching;
    const at = this.pointer();
    const ptr = at + "/" + this.keyword;
    const recursive = this.settings.recursive.has(ptr);
    // The closures remember these crossings (memo.ts); the explainer does not, and hands over.
    if ((branching || recursive) && (++this.crossings > MEMO_AFTER || state.maxErrors >= ERROR_WORK)) throw HANDOVER;
    // A recursive subschema applied in place at every level of deep data (allOf: [{$ref}] beside
    // properties recursing too) walks the value's subtree at each: depth × size, interpreted.
    // Past the instance's top QUIET_DEPTH levels the compiled closures take over.
    if (recursive && this.at !== undefined && this.at.depth > QUIET_DEPTH) throw HANDOVER;
    const refs = state.refs;
    const { resource } = landing;
    enterRef(state, landing.ptr.length, this.place(this.keyword, at, "/" + this.keyword, SILENT, undefined), { base: resource.uri, baseLength: resource.ptr.length, ptr: landing.ptr });
    const plan = dynamic ? undefined : this.landingPlan(this.plan, this.object!); // a dynamic reference compiles to a closure, not a plan
    const cross: Check = () => this.schema(landing.schema, landing.ptr, plan, instance, this.at);
    // A recursive reference counts towards maxDataDepth as its closure does (depth.ts).
    this.branching = false; // the target starts afresh, as the compiler's referred() does
    const ok = recursive ? counted(cross, this.settings.byValue)(instance, state, this.at) : cross(instance, state, this.at);
    this.branching = branching;
    refs.pop();
    return ok;
  }

  /**
   * The plan of a reference's target, from the plan the parent holds for this schema object: a
   * schema that only follows a `$ref` is held as its target's plan (followed(), plan.ts), or as
   * the counted crossing of a recursive one; one with siblings holds its crossing in applied.ref.
   */
  private landingPlan(plan: Plan | undefined, object: SchemaObject): Plan | undefined {
    if (plan === undefined) return undefined;
    if (isCounted(plan)) return plan.applied!.ref;
    if (flagged(this.objects.keywordsOf(object), REF_ONLY)) return plan.rest !== undefined && (plan.rules & REF) === 0 ? undefined : plan;
    if ((plan.rules & REF) === 0) return undefined;
    const crossing = plan.applied!.ref!;
    return isCounted(crossing) ? crossing.applied!.ref : crossing;
  }
}

/** A boolean state kept between runs (a re-entrant run makes its own). */
let idleAsking: EvalState | undefined;

const isCounted = (plan: Plan): boolean => plan.kind === COUNTED || plan.kind === COUNTED_BY_VALUE;

