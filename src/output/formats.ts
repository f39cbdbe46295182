// The 2020-12 output formats: "flag", "basic", "detailed" and "verbose" (Core §12.4), built from
// the flat lists of error and annotation units an annotating evaluation records.
import { pointerToFragment, splitPointer } from "../json/pointer.js";
import { childrenOf } from "../keywords/dialects.js";
import type { AnnotationUnit, OutputUnit, RefFrame } from "../engine/types.js";
import { MAX_OUTPUT_TEXT } from "../limits.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

const DIGITS = compiledBeforeUse(/^\d+$/);

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
/** The innermost `$ref` crossed above each unit (engine/report.ts Trace). */
type Trace = ReadonlyMap<object, RefFrame | undefined>;

// A unit's optional members are read as its own (Object.hasOwn): through the prototype, an
// `absoluteKeywordLocation`, `error` or `children` set on Object.prototype was taken for the unit's.
// A node is made with its members (literals and spreads define them), never assigned one: an
// assignment runs a setter of that name on Object.prototype, or throws at a read-only one.
function leaf(unit: Unit, valid: boolean): OutputNode {
  const { keywordLocation, instanceLocation, keyword } = unit;
  const abs = Object.hasOwn(unit, "absoluteKeywordLocation") ? unit.absoluteKeywordLocation : undefined;
  const at: OutputNode = abs === undefined ? { valid, keywordLocation, instanceLocation } : { valid, keywordLocation, instanceLocation, absoluteKeywordLocation: abs };
  if (Object.hasOwn(unit, "error")) return { ...at, error: (unit as OutputUnit).error, keyword, params: (unit as OutputUnit).params };
  return { ...at, annotation: (unit as AnnotationUnit).annotation, keyword };
}

/** "basic": one root unit with the flat lists of errors or, for a valid instance, annotations. */
export function basicOutput(valid: boolean, errors: readonly OutputUnit[], annotations: readonly AnnotationUnit[]): OutputNode {
  if (!valid) return { valid, keywordLocation: "", instanceLocation: "", errors: errors.map((u) => leaf(u, false)) };
  if (annotations.length > 0) return { valid, keywordLocation: "", instanceLocation: "", annotations: annotations.map((u) => leaf(u, true)) };
  return { valid, keywordLocation: "", instanceLocation: "" };
}

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
    const indexed = kind === "schema-or-array" && DIGITS.test(segments[i + 1] ?? "");
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

/**
 * A run of subschemas one below the other that the units below it all pass through: a chain of
 * steps, spelled by the locations of the unit that first went down it. A branch is split where a
 * later unit leaves it, so a tree costs its units and the places where they part, not a branch
 * per step of each unit's location (a deep `$ref` chain under `items` made one per step and item).
 */
interface Branch {
  /** The unit whose locations the steps are offsets into (undefined at the root, which has none). */
  readonly unit: Unit | undefined;
  /** STRIDE numbers a step: where it ends in the keyword location, the value it is at, where it ends in the instance location, and its Reach. */
  steps: number[];
  /** Below the last step. */
  children: (Branch | Unit)[];
  /** The branches below the last step, by the step from it to each ("/properties/a", "/$ref"), below `many` also by value. */
  below: Map<string, Branch>;
  /** Set as the tree is rendered: its node (the first step's), and the unit below it its absolute locations are read from. */
  node: OutputNode | undefined;
  first: Unit | undefined;
}

const STRIDE = 4;
const END = 0;
const VALUE = 1;
const TO = 2;
const REACH = 3;

const newBranch = (unit: Unit | undefined): Branch => ({ unit, steps: [], children: [], below: new Map(), node: undefined, first: undefined });

/** What finds a step among its siblings: the step (and the value it is at, its length first, below a many-values keyword, as a property name can hold anything a step does). */
function stepKey(location: string, instance: string, from: number, end: number, at: number, value: number, many: boolean): string {
  const step = location.slice(from, end);
  return many ? `${value - at}${instance.slice(at, value)}${step}` : step;
}

/** Whether `a` from `i` and `b` from `j` hold the same `length` characters. */
function sameText(a: string, i: number, b: string, j: number, length: number): boolean {
  for (let n = 0; n < length; n++) if (a.charCodeAt(i + n) !== b.charCodeAt(j + n)) return false;
  return true;
}

/** Cuts `branch` after its step `j`: the steps after it, with what is below them, become its one child. */
function split(branch: Branch, j: number): void {
  const steps = branch.steps;
  const s = j * STRIDE;
  const rest: Branch = { unit: branch.unit, steps: steps.slice(s + STRIDE), children: branch.children, below: branch.below, node: undefined, first: undefined };
  const { keywordLocation, instanceLocation } = branch.unit!;
  const key = stepKey(keywordLocation, instanceLocation, steps[s + END]!, rest.steps[END]!, steps[s + TO]!, rest.steps[VALUE]!, steps[s + REACH] === MANY_VALUES);
  branch.steps = steps.slice(0, s + STRIDE);
  branch.children = [rest];
  branch.below = new Map([[key, rest]]);
}

/**
 * The absolute location of a subschema, from a unit beneath it: cut from the unit's own, or from
 * the reference crossed nearest below the location (each is exact where the location lies in the
 * same resource), else from the reference crossed above it; null when the unit is in a resource
 * embedded below the location and no reference above says more.
 */
function absoluteOf(location: string, unit: Unit, trace: Trace): string | undefined | null {
  let below: RefFrame | undefined;
  for (let frame = trace.get(unit); frame !== undefined; frame = frame.outer) {
    const path = frame.path;
    // A reference crossed below this location: its path is longer (each frame's extends the one before).
    if (path.length > location.length) {
      below = frame;
      continue;
    }
    if (location === path) return frame.where.absolute;
    if (location.startsWith(path) && location.charCodeAt(path.length) === SLASH) {
      const cut = below === undefined ? ownCut(location, unit) : cutAbsolute(below.where.absolute, stepsBetween(location, below.path));
      if (typeof cut === "string") return cut;
      const { base, baseLength, ptr } = frame.target;
      return base + "#" + pointerToFragment(ptr.slice(baseLength) + location.slice(path.length));
    }
  }
  // No reference above: the keyword location is the static one, in the root's resource (none
  // where that resource has no URI, as a unit's own absolute location is then left out).
  if (below === undefined) return ownCut(location, unit);
  return below.where.absolute.startsWith("#") ? undefined : cutAbsolute(below.where.absolute, stepsBetween(location, below.path));
}

/** The unit's own absolute location cut to `location` (a prefix of its keyword location, no reference between). */
function ownCut(location: string, unit: Unit): string | undefined | null {
  const abs = Object.hasOwn(unit, "absoluteKeywordLocation") ? unit.absoluteKeywordLocation : undefined;
  return abs === undefined ? undefined : cutAbsolute(abs, stepsBetween(location, unit.keywordLocation));
}

/** How many segments `longer` (which starts with `location`) has past it. */
function stepsBetween(location: string, longer: string): number {
  let steps = 0;
  for (let i = location.length; i < longer.length; i++) if (longer.charCodeAt(i) === SLASH) steps++;
  return steps;
}

/** An absolute location with its fragment's last `drop` segments cut; null when it has fewer (the location is above its resource's root). */
function cutAbsolute(abs: string, drop: number): string | null {
  const hash = abs.indexOf("#");
  let end = abs.length;
  for (let n = 0; n < drop; n++) {
    end = abs.lastIndexOf("/", end - 1);
    if (end <= hash) return null;
  }
  return abs.slice(0, end);
}

/**
 * Renders the tree from its leaves up (the reverse of a preorder, kept in a list: a tree as deep
 * as its units would overflow the stack as a recursion): a branch's children are rendered before
 * it, and each passes up its first unit, so no branch reads every unit below it again.
 */
function render(root: Branch, valid: boolean, trace: Trace, collapse: boolean, budget = Infinity): OutputNode | undefined {
  const order: Branch[] = [];
  for (const stack = [root]; stack.length > 0; ) {
    const branch = stack.pop()!;
    order.push(branch);
    for (const child of branch.children) if (isBranch(child)) stack.push(child);
  }
  for (let k = order.length - 1; k >= 0; k--) {
    const branch = order[k]!;
    const children: OutputNode[] = [];
    let first: Unit | undefined;
    for (const child of branch.children) {
      const below = isBranch(child);
      children.push(below ? child.node! : leaf(child, valid));
      first ??= below ? child.first! : child;
    }
    // Collapsed, a step with one child is that child: so is every step of a chain but its last.
    const last = branch.steps.length / STRIDE - 1;
    // The unit a node's absolute location is read from: the first, or (its resource embedded below
    // the last step) the first child's that is in the node's own; the steps above, and the branch
    // above (it is passed up), read the same one.
    let read = first!;
    if (!(collapse && children.length === 1) && absoluteOf(stepLocation(branch, last), read, trace) === null) read = inOwnResource(branch, last, first!, trace);
    branch.first = read;
    let node = collapse && children.length === 1 ? children[0]! : nodeAt(branch, last, valid, children, read, trace);
    budget -= absoluteLength(node);
    if (!collapse) for (let j = last - 1; j >= 0 && budget >= 0; j--) budget -= absoluteLength((node = nodeAt(branch, j, valid, [node], read, trace)));
    // Past the budget (a long resource pointer repeated by every node of a deep chain), not finished.
    if (budget < 0) return undefined;
    branch.node = node;
  }
  return root.node!;
}

const absoluteLength = (node: OutputNode): number => (Object.hasOwn(node, "absoluteKeywordLocation") ? node.absoluteKeywordLocation!.length : 0);

const isBranch = (child: Branch | Unit): child is Branch => Object.hasOwn(child, "children");

const stepLocation = (branch: Branch, j: number): string => (j < 0 ? "" : branch.unit!.keywordLocation.slice(0, branch.steps[j * STRIDE + END]));

/** The first unit among the children's first units that gives step `j` an absolute location (each child asked once); else `first`. */
function inOwnResource(branch: Branch, j: number, first: Unit, trace: Trace): Unit {
  const location = stepLocation(branch, j);
  for (const child of branch.children) {
    const unit = isBranch(child) ? child.first! : child;
    if (unit !== first && typeof absoluteOf(location, unit, trace) === "string") return unit;
  }
  return first;
}

/** The node of a branch's step `j` (-1: the root's), over `children`, its absolute location read from `unit`. */
function nodeAt(branch: Branch, j: number, valid: boolean, children: OutputNode[], unit: Unit, trace: Trace): OutputNode {
  const location = stepLocation(branch, j);
  const instance = j < 0 ? "" : branch.unit!.instanceLocation.slice(0, branch.steps[j * STRIDE + TO]);
  const abs = absoluteOf(location, unit, trace);
  const at: OutputNode = typeof abs === "string" ? { valid, keywordLocation: location, instanceLocation: instance, absoluteKeywordLocation: abs } : { valid, keywordLocation: location, instanceLocation: instance };
  return valid ? { ...at, annotations: children } : { ...at, errors: children };
}

/**
 * "detailed" (single-child units collapsed) and "verbose" (the whole hierarchy). A node repeats
 * locations as long as those of the units below it, so a deep unit makes a verbose tree of depth
 * × location characters: past MAX_OUTPUT_TEXT of them, absolute locations included (the bound
 * of the units' own text, engine/report.ts full()), verbose collapses as detailed does, whose
 * nodes are no more than its units. Building the tree reads each unit's locations once, keeps a few numbers a step of the
 * chains it makes, and rendering it costs its nodes.
 */
export function hierarchicalOutput(valid: boolean, units: readonly Unit[], trace: Trace, verbose: boolean): OutputNode {
  const root = newBranch(undefined);
  let text = 0;
  // The steps the last unit went down (the root first: a branch and a step of it, -1 at the root):
  // the next unit, mostly a neighbour, goes down the same ones as far as its locations start with theirs.
  let previous = "";
  let previousInstance = "";
  const pathBranch: Branch[] = [root];
  const pathStep: number[] = [-1];
  for (const unit of units) {
    const location = unit.keywordLocation;
    const instance = unit.instanceLocation;
    const shared = sharedLength(previous, location);
    const sharedInstance = sharedLength(previousInstance, instance);
    // A step of the last unit is this one's when this location goes on past its end with a new
    // segment, and this unit's value is the step's or below it (below a many-values keyword, two
    // units of one location can be at different values).
    let k = pathBranch.length - 1;
    while (k > 0 && !goesOn(pathBranch[k]!, pathStep[k]!, location, shared, instance, sharedInstance)) k--;
    pathBranch.length = pathStep.length = k + 1;
    let branch = pathBranch[k]!;
    let j = pathStep[k]!;
    let from = stepEnd(branch, j);
    let at = stepTo(branch, j);
    let many = j >= 0 && branch.steps[j * STRIDE + REACH] === MANY_VALUES;
    let made = false; // `branch` is a chain this unit started: its steps are this unit's own
    for (const { end, reach } of schemaLocationEnds(location, from)) {
      // Below a many-values keyword each subschema is at one value: the unit's next segment.
      const value = many ? segmentEnd(instance, at) : at;
      const to = reach === ONE_VALUE ? segmentEnd(instance, value) : value;
      if (made) {
        branch.steps.push(end, value, to, reach);
        j++;
        text += end + to;
      } else if (j < branch.steps.length / STRIDE - 1 && sameStep(branch, j, location, instance, from, end, at, value, many)) {
        j++;
      } else {
        if (j < branch.steps.length / STRIDE - 1) split(branch, j); // this unit leaves the chain here
        const key = stepKey(location, instance, from, end, at, value, many);
        let next = branch.below.get(key);
        if (next === undefined) {
          next = newBranch(unit);
          next.steps.push(end, value, to, reach);
          branch.below.set(key, next);
          branch.children.push(next);
          made = true;
          text += end + to;
        }
        branch = next;
        j = 0;
      }
      pathBranch.push(branch);
      pathStep.push(j);
      from = end;
      at = to;
      many = reach === MANY_VALUES;
    }
    if (j < branch.steps.length / STRIDE - 1) split(branch, j); // the unit's own keyword is at this step
    branch.children.push(unit);
    previous = location;
    previousInstance = instance;
  }
  // An invalid root cut to no units (maxErrors 0) still lists them: the output schema asks for `errors`.
  if (root.children.length === 0) return valid ? { valid, keywordLocation: "", instanceLocation: "" } : { valid, keywordLocation: "", instanceLocation: "", errors: [] };
  // The absolute locations count too, as each node makes its own: past the bound, verbose is
  // given up as it is rendered, and the tree is rendered again collapsed.
  const full = verbose && text <= MAX_OUTPUT_TEXT ? render(root, valid, trace, false, MAX_OUTPUT_TEXT - text) : undefined;
  return full ?? render(root, valid, trace, true)!;
}

/** Where a branch's step `j` ends in the keyword location, and in the instance location (the root's: 0). */
const stepEnd = (branch: Branch, j: number): number => (j < 0 ? 0 : branch.steps[j * STRIDE + END]!);
const stepTo = (branch: Branch, j: number): number => (j < 0 ? 0 : branch.steps[j * STRIDE + TO]!);

/** Whether a unit whose locations share `shared` and `sharedInstance` characters with the last unit's goes on below the branch's step `j`. */
function goesOn(branch: Branch, j: number, location: string, shared: number, instance: string, sharedInstance: number): boolean {
  const end = stepEnd(branch, j);
  return end <= shared && location.charCodeAt(end) === SLASH && within(instance, stepTo(branch, j), sharedInstance);
}

/** Whether the step after a branch's step `j` is the one a unit takes from there (the key stepKey would give them is the same). */
function sameStep(branch: Branch, j: number, location: string, instance: string, from: number, end: number, at: number, value: number, many: boolean): boolean {
  const steps = branch.steps;
  const s = j * STRIDE;
  const { keywordLocation, instanceLocation } = branch.unit!;
  const bFrom = steps[s + END]!;
  const bAt = steps[s + TO]!;
  const bEnd = steps[s + STRIDE + END]!;
  const bValue = steps[s + STRIDE + VALUE]!;
  if (bEnd - bFrom !== end - from || !sameText(keywordLocation, bFrom, location, from, end - from)) return false;
  return !many || (bValue - bAt === value - at && sameText(instanceLocation, bAt, instance, at, value - at));
}

/** `instance` is at the location of its first `length` characters or below it, which it shares with the last unit's. */
function within(instance: string, length: number, shared: number): boolean {
  return length <= shared && (length === instance.length || instance.charCodeAt(length) === SLASH);
}
