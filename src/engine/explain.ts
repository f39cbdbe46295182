// The first tier of the error pass (src/validator.ts, #errorPass): no second compile. It walks
// the schema's own objects (the validator's private copy, in the caller's key order) and asks each
// keyword's explain hook, in the dialect's order, for the units its closure would report; a
// subschema whose plan passes is not walked. It serves the schemas whose every reached keyword
// has a hook, within one resource (a root `$id` at most) without dynamic references, with no reference
// below a branching schema object (so nothing needs the memo). Other schemas, and a validator
// past its first EXPLAINED_INVALID invalid instances, use the collecting variant (compile.ts).
import { appendPointer, escapeSegment, fragmentToPointer, splitPointer } from "../json/pointer.js";
import { PointerPlace } from "./place.js";
import { MISSING, valueAt } from "./registry.js";
import { isObject } from "../json/type-of.js";
import { kindOf } from "./combine.js";
import { keywordsInUse, type Dialect } from "../keywords/dialects.js";
import { PASSES, type Explaining, type Keyword, type SchemaObject, type Vocabulary } from "../keywords/types.js";
import { counted } from "./depth.js";
import { newState } from "./state.js";
import { reach } from "./reach.js";
import { COUNTED, COUNTED_BY_VALUE, REF, type Plan } from "./plan.js";
import { holds } from "./run-plan.js";
import { ownKeysOnly } from "./plain-objects.js";
import { QUIET_DEPTH } from "../limits.js";
import { branchErrors, enterRef, quiet, records, report, SILENT } from "./report.js";
import type { Check, EvalState, Explain, InstancePath, Location, Where } from "./types.js";
import { witnessedCount, witnessedItem, witnessedKey } from "./witness.js";

/** What the explainer needs to know of the compiled schema besides its objects. */
export interface ExplainSettings {
  readonly dialect: Dialect;
  readonly vocabularies: ReadonlySet<Vocabulary>;
  /** The pointers of recursive `$ref` keywords (gate/recursion.ts), and whether they count by value. */
  readonly recursive: ReadonlySet<string>;
  readonly byValue: boolean;
  readonly formats: ReadonlyMap<string, (value: string) => boolean> | undefined;
  /** The URI of the document's one resource ("" without a root `$id`). */
  readonly base: string;
}

const FALSE_SCHEMA: Explain<undefined> = () => ({ error: "no value is allowed here (the schema is false)", params: {} });

/** The state of a run between instances. */
const NO_STATE = newState(undefined, false, 0, 0);

/** The place given to report() when it records nothing (never read). */
const UNRECORDED: Where = { keyword: "", ptr: "", base: "", baseLength: 0, absolute: "", identified: false, data: undefined, explain: SILENT };

/** The error pass of `root` (a schema in its private copy), or undefined when a keyword it reaches has no explain hook. */
export function explainer(root: unknown, plan: Plan, settings: ExplainSettings): Check | undefined {
  const nodes = new WeakMap<object, Keywords>();
  const keywordsOf = (schema: SchemaObject): Keywords => {
    let found = nodes.get(schema);
    if (found === undefined) nodes.set(schema, (found = new Keywords(schema, keywordsInUse(schema, settings.dialect, settings.vocabularies))));
    return found;
  };
  // Each reference is resolved once (a document holds as many as it holds). Each schema object
  // keeps its pointer, so every reference must land on the pointer a walk from the root writes
  // ("/~2" names the key "~2", which a walk writes "/~02"): else the closures serve.
  const landings = new Map<unknown, Landing | undefined>();
  let canonical = true;
  const resolve = (reference: unknown): Landing | undefined => {
    let landing = landings.get(reference);
    if (landing === undefined && !landings.has(reference)) {
      landing = target(root, settings.base, reference);
      if (landing !== undefined && appendPointer("", ...splitPointer(landing.ptr)) !== landing.ptr) canonical = false;
      landings.set(reference, landing);
    }
    return landing;
  };
  if (!explainable(root, (schema) => keywordsInUse(schema, settings.dialect, settings.vocabularies), resolve) || !canonical) return undefined;
  let idle: Run | undefined;
  return (instance, state, at) => {
    const run = idle ?? new Run(keywordsOf, resolve, settings);
    idle = undefined;
    run.start(state);
    const valid = run.enter(root, "", plan, instance, at);
    run.release();
    idle = run;
    return valid;
  };
}

/**
 * What the explainer keeps of a schema object it visited: its keywords that can fail, in
 * evaluation order, with the kinds of instance each applies to, its hook and its value (prepared,
 * for the keywords with a `prepare` hook); its pointer; its keywords' places once units needed them.
 */
class Keywords {
  readonly names: readonly string[];
  readonly applies: readonly number[];
  readonly hooks: readonly NonNullable<Keyword["explain"]>[];
  readonly values: readonly unknown[];
  /** Nothing but a reference can fail here: compile() plans such a schema as its target's plan. */
  readonly refOnly: boolean;
  /** Set as the explainer first enters it (it has one: see explainer()). */
  ptr: string | undefined = undefined;
  /** One per keyword and message builder (the last data it reported with). */
  places: PointerPlace[] | undefined = undefined;

  constructor(
    readonly schema: SchemaObject,
    all: readonly Keyword[],
  ) {
    const active: Keyword[] = [];
    const values: unknown[] = [];
    for (const keyword of all) {
      if (keyword.explain === PASSES) continue;
      const value = keyword.prepare === undefined ? schema[keyword.name] : keyword.prepare(schema[keyword.name], schema);
      if (value === PASSES) continue; // nothing to explain here (a sibling explains it)
      active.push(keyword);
      values.push(value);
    }
    this.names = active.map((keyword) => keyword.name);
    this.applies = active.map((keyword) => keyword.appliesTo ?? ANY_KIND);
    this.hooks = active.map((keyword) => keyword.explain!);
    this.values = values;
    this.refOnly = active.length > 0 && active.every((keyword) => keyword.reference !== undefined);
  }
}

/** Every kind of instance (kindOf's bits). */
const ANY_KIND = -1;

/** A reference's target: its schema and, for the reference's frame, its location. */
interface Landing extends Location {
  readonly schema: unknown;
}

/** A same-document reference by JSON Pointer ("#" or "#/…"): its pointer and schema, or undefined. */
function target(root: unknown, base: string, reference: unknown): Landing | undefined {
  if (typeof reference !== "string" || !reference.startsWith("#") || (reference.length > 1 && reference[1] !== "/")) return undefined;
  const ptr = fragmentToPointer(reference.slice(1));
  if (ptr === undefined) return undefined;
  const schema = valueAt(root, ptr); // as the registry finds a compiled reference's target
  return schema !== MISSING && (typeof schema === "boolean" || isObject(schema)) ? { ptr, schema, base, baseLength: 0 } : undefined;
}

/** Every schema object the root reaches has only keywords with explain hooks, and each reference lands by pointer. */
function explainable(root: unknown, keywordsOf: (schema: SchemaObject) => readonly Keyword[], resolve: (reference: unknown) => { schema: unknown } | undefined): boolean {
  // A reference below a schema object two of whose subschemas reach one value (reach.ts, as the
  // compiler marks it `branching`, down to the next reference) can be crossed along paths that
  // double at every level: the closures remember results there (memo.ts), this walk does not,
  // so such a schema is left to them.
  const seen = [new Set<object>(), new Set<object>()];
  const pending: [unknown, boolean][] = [[root, false]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [schema, above] = next;
    if (!isObject(schema) || seen[above ? 1 : 0]!.has(schema)) continue;
    seen[above ? 1 : 0]!.add(schema);
    const all = keywordsOf(schema);
    const branching = above || reach(schema, all) >= 2;
    for (const keyword of all) {
      if (keyword.explain === undefined) return false;
      const value = schema[keyword.name];
      if (keyword.reference !== undefined) {
        const landing = keyword.reference === "static" && !branching ? resolve(value) : undefined;
        if (landing === undefined) return false;
        pending.push([landing.schema, false]);
      } else if (keyword.children !== undefined && (keyword.appliesTo !== undefined || keyword.inPlace === true)) {
        const children = keyword.children === "schema" || (keyword.children === "schema-or-array" && !Array.isArray(value)) ? [value] : keyword.children === "map" ? Object.values(value as object) : (value as unknown[]);
        for (const child of children) pending.push([child, branching]);
      }
    }
  }
  return true;
}

/** One error pass: where it is in the schema (with the plan its parent holds for it) and in the instance. */
class Run implements Explaining {
  keyword = "";
  private instancePath: InstancePath = undefined;
  plan: Plan | undefined = undefined;
  private node: Keywords | undefined = undefined;
  private state = NO_STATE;
  /** The boolean pass the explainer asks whether a subschema holds, so that only failures are explained (made on the first question). */
  private asking: EvalState | undefined = undefined;
  /** This run asked the boolean pass: its state is set up for this instance. */
  private asked = false;
  /** The value at which the boolean pass saw the last loop firstKey or firstItem looked up fail. */
  private witnessed: unknown = undefined;

  constructor(
    private readonly keywordsOf: (schema: SchemaObject) => Keywords,
    private readonly resolve: (reference: unknown) => Landing | undefined,
    private readonly settings: ExplainSettings,
  ) {}

  start(state: EvalState): void {
    this.state = state;
  }

  /** Readies the run for the next instance, holding none of this one's data (a run that threw is dropped: it may be mid-pass). */
  release(): void {
    this.state = NO_STATE;
    this.witnessed = undefined;
    const asking = this.asking;
    if (!this.asked || asking === undefined) return;
    this.asked = false;
    asking.memo = undefined;
    asking.calls = 0;
    asking.plain = undefined;
    asking.deepest = undefined;
  }

  get allErrors(): boolean {
    return this.state.allErrors;
  }

  get formats(): ReadonlyMap<string, (value: string) => boolean> | undefined {
    return this.settings.formats;
  }

  /** Explains `schema`, the root or a reference's target, whose pointer is `ptr`. */
  enter(schema: unknown, ptr: string, plan: Plan | undefined, instance: unknown, at: InstancePath): boolean {
    if (typeof schema === "boolean") return schema || this.falseSchema(ptr, instance, at);
    const node = this.keywordsOf(schema as SchemaObject);
    node.ptr ??= ptr;
    return this.visit(node, plan, instance, at);
  }

  private visit(node: Keywords, plan: Plan | undefined, instance: unknown, at: InstancePath): boolean {
    const { names, applies, hooks, values, schema } = node;
    const { keyword: outerKeyword, instancePath: outerAt, plan: outerPlan, node: outerNode } = this;
    this.node = node;
    this.instancePath = at;
    this.plan = plan;
    const kind = kindOf(instance);
    let valid = true;
    for (let i = 0; i < hooks.length; i++) {
      if ((applies[i]! & kind) === 0) continue;
      this.keyword = names[i]!;
      if (hooks[i]!(values[i], this, instance, schema)) continue;
      valid = false;
      if (!this.state.allErrors) break;
    }
    this.keyword = outerKeyword;
    this.instancePath = outerAt;
    this.plan = outerPlan;
    this.node = outerNode;
    return valid;
  }

  report<D>(explain: Explain<D>, data: D, instance: unknown, detail?: unknown): false {
    return this.reportSibling(this.keyword, explain, data, instance, detail);
  }

  reportSibling<D>(keyword: string, explain: Explain<D>, data: D, instance: unknown, detail?: unknown): false {
    const state = this.state;
    // Past maxErrors (and in a quiet pass) report() only counts: no place is needed.
    if (!records(state)) return report(state, this.instancePath, UNRECORDED, instance, detail);
    return report(state, this.instancePath, this.keywordPlace(keyword, explain as Explain<unknown>, data), instance, detail);
  }

  /** The place of a keyword of this schema object, kept with it for the next unit there. */
  private keywordPlace(keyword: string, explain: Explain<unknown>, data: unknown): PointerPlace {
    const node = this.node!;
    const places = (node.places ??= []);
    let i = 0;
    while (i < places.length && (places[i]!.keyword !== keyword || places[i]!.explain !== explain)) i++;
    if (i < places.length && places[i]!.data === data) return places[i]!;
    // Data made per call replaces the kept place: one per keyword and builder.
    return (places[i] = new PointerPlace(keyword, node.ptr + "/" + keyword, this.settings.base, data, explain));
  }

  /** The schema `false` at `ptr` failed. */
  private falseSchema(ptr: string, instance: unknown, at: InstancePath): false {
    const state = this.state;
    if (!records(state)) return report(state, at, UNRECORDED, instance);
    return report(state, at, new PointerPlace("false", ptr, this.settings.base, undefined, FALSE_SCHEMA as Explain<unknown>), instance);
  }

  sibling(name: string): unknown {
    const keyword = this.settings.dialect.keywords.get(name);
    const object = this.node!.schema;
    return keyword !== undefined && this.settings.vocabularies.has(keyword.vocabulary) && Object.hasOwn(object, name) ? object[name] : undefined;
  }

  child(schema: unknown, value: unknown, key: string | number | undefined, keyword: string, index?: string | number, plan?: Plan | null): boolean {
    const at = this.instancePath;
    // The witnessed value fails (a loop of the same plan failed at it): explained without asking.
    // Should another value be the same (a number, or a subschema's value met again), it is
    // explained without asking too, which finds what asking would have.
    if (plan != null && value !== this.witnessed && (at === undefined || at.depth < QUIET_DEPTH) && this.decided(plan, value)) return true;
    return this.failing(schema, value, key === undefined ? at : { parent: at, key, depth: at === undefined ? 1 : at.depth + 1 }, keyword, index, plan ?? undefined);
  }

  /** Explains a subschema known to fail (or without a plan to ask), at `below` in the instance. */
  private failing(schema: unknown, value: unknown, below: InstancePath, keyword: string, index: string | number | undefined, plan: Plan | undefined): boolean {
    if (typeof schema === "object") {
      const node = this.keywordsOf(schema as SchemaObject);
      node.ptr ??= this.childPointer(keyword, index);
      return this.visit(node, plan, value, below);
    }
    return schema === true || this.falseSchema(this.childPointer(keyword, index), value, below);
  }

  /** The pointer of this schema object's subschema at `keyword` (and `index`). */
  private childPointer(keyword: string, index: string | number | undefined): string {
    const ptr = this.node!.ptr + "/" + keyword;
    return index === undefined ? ptr : ptr + "/" + escapeSegment(index);
  }

  holds(schema: unknown, instance: unknown, keyword: string, index?: number, plan?: Plan): boolean {
    if (plan !== undefined) return this.decided(plan, instance);
    return quiet(() => this.child(schema, instance, undefined, keyword, index), instance, this.state, this.instancePath);
  }

  branches(schemas: readonly unknown[], instance: unknown, keyword: string, plans: readonly Plan[] | undefined): void {
    // A quiet question (a subschema of not, or one without a plan) collects no units, as the
    // closures collect none there.
    const errors = this.state.errors;
    if (errors === undefined) return;
    // The hook asked every branch: none holds.
    const at = this.instancePath;
    const checks = schemas.map((schema, i): Check => () => this.failing(schema, instance, at, keyword, i, plans?.[i]));
    errors.push(...branchErrors(checks, instance, this.state, this.instancePath));
  }

  // The plan is the one the boolean pass ran: its location names the loops it recorded.
  // The value the loop failed at is explained without asking (see child()).
  firstKey(object: object, keys: readonly string[], needs: number): number {
    const at = witnessedKey(this.state.witness, object, keys, this.plan?.location, needs);
    if (at >= 0 && at < keys.length) this.witnessed = (object as Record<string, unknown>)[keys[at]!];
    return Math.max(0, at);
  }

  firstItem(array: readonly unknown[], start: number): number {
    const at = witnessedItem(this.state.witness, array, start, this.plan?.location);
    if (at >= 0 && at < array.length) this.witnessed = array[at];
    return at < 0 ? start : at;
  }

  witnessedCount(array: readonly unknown[]): number | undefined {
    return witnessedCount(this.state.witness, array, this.plan?.location);
  }

  /** The plans' verdict, at the depth the error pass has reached. */
  private decided(plan: Plan, value: unknown): boolean {
    // A plan whose loop over the value failed in validate()'s boolean pass fails (witness.ts).
    // A recursive reference's crossing stands for its target, whose loop records.
    if (typeof value === "object" && value !== null && this.state.witness?.failedIn(value, (isCounted(plan) ? plan.applied!.ref! : plan).location) === true) return false;
    let asking = this.asking;
    if (!this.asked || asking === undefined) {
      asking = this.asking ??= newState(undefined, false, 0, this.state.maxDataDepth);
      asking.forIn = ownKeysOnly(); // as each boolean pass starts
      asking.maxDataDepth = this.state.maxDataDepth;
      this.asked = true;
    }
    asking.depth = this.state.depth;
    asking.deepest = this.state.deepest;
    return holds(plan, value, asking);
  }

  ref(reference: string, instance: unknown): boolean {
    const landing = this.resolve(reference)!;
    const state = this.state;
    const where = this.keywordPlace(this.keyword, SILENT as Explain<unknown>, undefined);
    const refs = state.refs;
    enterRef(state, landing.ptr.length, where, landing);
    const plan = this.landingPlan();
    const at = this.instancePath;
    const cross: Check = () => this.enter(landing.schema, landing.ptr, plan, instance, at);
    // A recursive reference counts towards maxDataDepth as its closure does (depth.ts).
    const ok = this.settings.recursive.has(where.ptr) ? counted(cross, this.settings.byValue)(instance, state, at) : cross(instance, state, at);
    refs.pop();
    return ok;
  }

  /**
   * The plan of a reference's target, from the plan the parent holds for this schema object: a
   * schema that only follows a `$ref` is held as its target's plan (followed(), plan.ts), or as
   * the counted crossing of a recursive one; one with siblings holds its crossing in applied.ref.
   */
  private landingPlan(): Plan | undefined {
    const plan = this.plan;
    if (plan === undefined) return undefined;
    if (isCounted(plan)) return plan.applied!.ref;
    if (this.node!.refOnly) return plan.rest !== undefined && (plan.rules & REF) === 0 ? undefined : plan;
    if ((plan.rules & REF) === 0) return undefined;
    const crossing = plan.applied!.ref!;
    return isCounted(crossing) ? crossing.applied!.ref : crossing;
  }
}


const isCounted = (plan: Plan): boolean => plan.kind === COUNTED || plan.kind === COUNTED_BY_VALUE;

