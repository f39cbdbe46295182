// The 2020-12 output formats: "flag", "basic", "detailed" and "verbose" (Core §12.4), built from
// the flat lists of error and annotation units an annotating evaluation records.
import { pointerToFragment, splitPointer } from "../json/pointer.js";
import { childrenOf } from "../keywords/dialects.js";
import type { AnnotationUnit, OutputUnit, RefFrame } from "../engine/types.js";
import { MAX_OUTPUT_TEXT } from "../limits.js";

export type OutputFormat = "flag" | "basic" | "detailed" | "verbose";

/** An output unit of the standard formats. */
export interface OutputNode {
  valid: boolean;
  keywordLocation: string;
  absoluteKeywordLocation?: string;
  instanceLocation: string;
  error?: string;
  annotation?: unknown;
  keyword?: string;
  params?: Record<string, unknown>;
  errors?: OutputNode[];
  annotations?: OutputNode[];
  /** At the root only: the list was cut (`maxErrors`, or the output's text bound), as a ValidationResult's `truncated` says. */
  truncated?: true;
}

type Unit = OutputUnit | AnnotationUnit;
type Trace = ReadonlyMap<object, readonly RefFrame[]>;

// A unit's optional members are read as its own (Object.hasOwn): through the prototype, an
// `absoluteKeywordLocation`, `error` or `children` set on Object.prototype was taken for the unit's.
function leaf(unit: Unit, valid: boolean): OutputNode {
  const { keywordLocation, instanceLocation, keyword } = unit;
  const node: OutputNode = { valid, keywordLocation, instanceLocation };
  if (Object.hasOwn(unit, "absoluteKeywordLocation") && unit.absoluteKeywordLocation !== undefined) node.absoluteKeywordLocation = unit.absoluteKeywordLocation;
  if (Object.hasOwn(unit, "error")) Object.assign(node, { error: (unit as OutputUnit).error, keyword, params: (unit as OutputUnit).params });
  else Object.assign(node, { annotation: (unit as AnnotationUnit).annotation, keyword });
  return node;
}

/** "basic": one root unit with the flat lists of errors or, for a valid instance, annotations. */
export function basicOutput(valid: boolean, errors: readonly OutputUnit[], annotations: readonly AnnotationUnit[]): OutputNode {
  const root: OutputNode = { valid, keywordLocation: "", instanceLocation: "" };
  if (!valid) root.errors = errors.map((u) => leaf(u, false));
  else if (annotations.length > 0) root.annotations = annotations.map((u) => leaf(u, true));
  return root;
}

interface Branch {
  readonly location: string;
  /** The instance value its subschema is applied to (Core §12.4), not its units' common one. */
  readonly instance: string;
  /** It ends at a keyword that applies one subschema to many values: each branch below it is at one of them. */
  readonly many: boolean;
  readonly children: (Branch | Unit)[];
  /** The branches below, by the step from this one to each ("/properties/a", "/$ref"), below `many` also by value. */
  readonly below: Map<string, Branch>;
  /** Set as the tree is rendered: its node, and the first unit below it. */
  node?: OutputNode;
  first?: Unit;
}

const newBranch = (location: string, instance: string, many: boolean): Branch => ({ location, instance, many, children: [], below: new Map() });

/** How a step into a subschema moves in the instance: not at all (allOf, $ref, …), to one child value, or to each of many. */
const IN_PLACE = 0;
const ONE_VALUE = 1;
const MANY_VALUES = 2;
type Reach = typeof IN_PLACE | typeof ONE_VALUE | typeof MANY_VALUES;
// The applicators whose subschema meets many values. The dialect tables' `reaches` says whether two
// subschemas can meet one value, not this; the names are the same in every draft.
const MANY = new Set(["additionalProperties", "patternProperties", "items", "additionalItems", "unevaluatedProperties", "unevaluatedItems", "contains", "propertyNames"]);

interface Step {
  readonly end: number;
  readonly reach: Reach;
}

/**
 * Where the schema locations a keyword location passes through end in it, outermost first, from
 * `from` (the end of one of them, or 0), with how each moves in the instance: each subschema
 * entered (`/properties/a`, `/allOf/0`, `/$ref`, …), the root and the keyword's own location
 * excluded. Offsets, not strings: a deep unit's locations, written out, would cost its depth
 * times its length. Keywords and their arguments alternate, so a property named "items" is an argument.
 */
function schemaLocationEnds(keywordLocation: string, from: number): Step[] {
  const segments = splitPointer(keywordLocation.slice(from));
  // starts[j]: the "/" that begins segment j; the location of the first i segments ends there.
  const starts: number[] = [];
  for (let at = keywordLocation.indexOf("/", from); at >= 0; at = keywordLocation.indexOf("/", at + 1)) starts.push(at);
  const steps: Step[] = [];
  let i = 0;
  while (i < segments.length - 1) {
    const keyword = segments[i]!;
    const kind = childrenOf(keyword);
    // items before 2020-12 holds one schema or an array of them: an index after it says which.
    const indexed = kind === "schema-or-array" && /^\d+$/.test(segments[i + 1] ?? "");
    const step = kind === "schema" || (kind === "schema-or-array" && !indexed) ? 1 : kind === "array" || kind === "map" || indexed ? 2 : 0;
    if (step === 0 || i + step >= segments.length) break;
    const reach = keyword === "properties" || keyword === "prefixItems" || indexed ? ONE_VALUE : MANY.has(keyword) ? MANY_VALUES : IN_PLACE;
    i += step;
    steps.push({ end: starts[i]!, reach });
  }
  return steps;
}

/** Where the instance location segment that starts at `at` ends (`at` itself at the end). */
function segmentEnd(instance: string, at: number): number {
  if (at >= instance.length) return instance.length;
  const next = instance.indexOf("/", at + 1);
  return next < 0 ? instance.length : next;
}

/** The number of leading characters `a` and `b` share. */
function sharedLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let m = 0;
  while (m < n && a.charCodeAt(m) === b.charCodeAt(m)) m++;
  return m;
}

const SLASH = 0x2f;

/** The absolute location of a subschema, from the $refs crossed above a unit beneath it. */
function absoluteOf(location: string, unit: Unit, trace: Trace): string | undefined {
  const frames = trace.get(unit) ?? [];
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i]!;
    const path = frame.path;
    // A reference crossed below this location: its path is longer (each frame's extends the one before).
    if (path.length > location.length) continue;
    if (location === path) return frame.where.absolute;
    if (location.startsWith(path) && location.charCodeAt(path.length) === SLASH) {
      const { base, baseLength, ptr } = frame.target;
      return base + "#" + pointerToFragment(ptr.slice(baseLength) + location.slice(path.length));
    }
  }
  // No reference above: the keyword location is the static one, in the root's resource.
  const abs = Object.hasOwn(unit, "absoluteKeywordLocation") ? unit.absoluteKeywordLocation : undefined;
  if (abs === undefined || frames.length > 0) return undefined;
  const hash = abs.indexOf("#");
  const drop = splitPointer(unit.keywordLocation).length - splitPointer(location).length;
  const fragment = abs.slice(hash + 1).split("/");
  return fragment.length - 1 >= drop ? abs.slice(0, hash + 1) + fragment.slice(0, fragment.length - drop).join("/") : undefined;
}

/**
 * Renders `branches` (each made after the branch above it) from the last: a branch's children
 * are rendered before it, and each passes up its first unit, so no branch reads every unit below
 * it again (a deep chain of them made that cost the depth times the units).
 */
function render(branches: readonly Branch[], valid: boolean, trace: Trace, collapse: boolean): OutputNode {
  for (let k = branches.length - 1; k >= 0; k--) {
    const branch = branches[k]!;
    const children: OutputNode[] = [];
    let first: Unit | undefined;
    for (const child of branch.children) {
      const isBranch = Object.hasOwn(child, "children");
      children.push(isBranch ? (child as Branch).node! : leaf(child as Unit, valid));
      first ??= isBranch ? (child as Branch).first! : (child as Unit);
    }
    branch.first = first;
    if (collapse && children.length === 1) {
      branch.node = children[0]!;
      continue;
    }
    const node: OutputNode = { valid, keywordLocation: branch.location, instanceLocation: branch.instance };
    const abs = absoluteOf(branch.location, first!, trace);
    if (abs !== undefined) node.absoluteKeywordLocation = abs;
    node[valid ? "annotations" : "errors"] = children;
    branch.node = node;
  }
  return branches[0]!.node!;
}

/**
 * "detailed" (single-child units collapsed) and "verbose" (the whole hierarchy). A node repeats
 * locations as long as those of the units below it, so a deep unit makes a verbose tree of depth
 * × location characters: past MAX_OUTPUT_TEXT of them (the bound of the units' own text,
 * engine/report.ts full()), verbose collapses as detailed does, whose nodes are no more than its
 * units. Building and rendering the tree costs the units' text and its nodes, once each.
 */
export function hierarchicalOutput(valid: boolean, units: readonly Unit[], trace: Trace, verbose: boolean): OutputNode {
  const root = newBranch("", "", false);
  const branches: Branch[] = [root];
  let text = 0;
  // The branches the last unit went down (root first) and where each ends in its location: the
  // next unit, mostly a neighbour, goes down the same ones as far as its locations start with theirs.
  let previous = "";
  let previousInstance = "";
  const path: Branch[] = [root];
  const ends: number[] = [0];
  for (const unit of units) {
    const location = unit.keywordLocation;
    const instance = unit.instanceLocation;
    const shared = sharedLength(previous, location);
    const sharedInstance = sharedLength(previousInstance, instance);
    // A branch of the last unit is this one's when this location goes on past its end with a new
    // segment, and this unit's value is the branch's or below it (below a many-values keyword, two
    // units of one location can be at different values).
    let k = path.length - 1;
    while (k > 0 && !(ends[k]! <= shared && location.charCodeAt(ends[k]!) === SLASH && within(instance, path[k]!.instance.length, sharedInstance))) k--;
    path.length = ends.length = k + 1;
    let parent = path[k]!;
    let from = ends[k]!;
    let at = parent.instance.length;
    for (const { end, reach } of schemaLocationEnds(location, from)) {
      // Below a many-values keyword each subschema is at one value: the unit's next segment.
      const value = parent.many ? segmentEnd(instance, at) : at;
      const to = reach === ONE_VALUE ? segmentEnd(instance, value) : value;
      // A branch is found from the one above by the step between them (and the value, below many:
      // its length first, as a property name can hold anything a step does).
      const step = location.slice(from, end);
      const key = parent.many ? `${value - at}${instance.slice(at, value)}${step}` : step;
      let branch = parent.below.get(key);
      if (branch === undefined) {
        branch = newBranch(location.slice(0, end), instance.slice(0, to), reach === MANY_VALUES);
        parent.below.set(key, branch);
        parent.children.push(branch);
        branches.push(branch);
        text += end + to;
      }
      path.push(branch);
      ends.push(end);
      parent = branch;
      from = end;
      at = to;
    }
    parent.children.push(unit);
    previous = location;
    previousInstance = instance;
  }
  // An invalid root cut to no units (maxErrors 0) still lists them: the output schema asks for `errors`.
  if (root.children.length === 0) return valid ? { valid, keywordLocation: "", instanceLocation: "" } : { valid, keywordLocation: "", instanceLocation: "", errors: [] };
  return render(branches, valid, trace, !verbose || text > MAX_OUTPUT_TEXT);
}

/** `instance` is at the location of its first `length` characters or below it, which it shares with the last unit's. */
function within(instance: string, length: number, shared: number): boolean {
  return length <= shared && (length === instance.length || instance.charCodeAt(length) === SLASH);
}
