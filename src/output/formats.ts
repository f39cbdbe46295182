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

function leaf(unit: Unit, valid: boolean): OutputNode {
  const { keywordLocation, instanceLocation, absoluteKeywordLocation, keyword } = unit;
  const node: OutputNode = { valid, keywordLocation, instanceLocation };
  if (absoluteKeywordLocation !== undefined) node.absoluteKeywordLocation = absoluteKeywordLocation;
  if ("error" in unit) Object.assign(node, { error: unit.error, keyword, params: unit.params });
  else Object.assign(node, { annotation: unit.annotation, keyword });
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
  readonly children: (Branch | Unit)[];
  /** The branches below, by the step from this one to each ("/properties/a", "/$ref"). */
  readonly below: Map<string, Branch>;
  /** Set as the tree is rendered: its node, and the first unit below it and their common instance location. */
  node?: OutputNode;
  first?: Unit;
  common?: string;
}

const newBranch = (location: string): Branch => ({ location, children: [], below: new Map() });

/**
 * Where the schema locations a keyword location passes through end in it, outermost first, from
 * `from` (the end of one of them, or 0): each subschema entered (`/properties/a`, `/allOf/0`,
 * `/$ref`, …), the root and the keyword's own location excluded. Offsets, not strings: a deep
 * unit's locations, written out, would cost its depth times its length.
 */
function schemaLocationEnds(keywordLocation: string, from: number): number[] {
  const segments = splitPointer(keywordLocation.slice(from));
  // starts[j]: the "/" that begins segment j; the location of the first i segments ends there.
  const starts: number[] = [];
  for (let at = keywordLocation.indexOf("/", from); at >= 0; at = keywordLocation.indexOf("/", at + 1)) starts.push(at);
  const ends: number[] = [];
  let i = 0;
  while (i < segments.length - 1) {
    const keyword = segments[i]!;
    const kind = childrenOf(keyword);
    // items before 2020-12 holds one schema or an array of them: an index after it says which.
    const indexed = kind === "schema-or-array" && /^\d+$/.test(segments[i + 1] ?? "");
    const step = kind === "schema" || (kind === "schema-or-array" && !indexed) ? 1 : kind === "array" || kind === "map" || indexed ? 2 : 0;
    if (step === 0 || i + step >= segments.length) break;
    i += step;
    ends.push(starts[i]!);
  }
  return ends;
}

/** The longest instance location, in whole segments, that `a` and `b` both start with. */
function commonInstance(a: string, b: string): string {
  if (a === b) return a;
  const n = Math.min(a.length, b.length);
  let m = 0;
  while (m < n && a.charCodeAt(m) === b.charCodeAt(m)) m++;
  const ends = (s: string): boolean => m === s.length || s.charCodeAt(m) === SLASH;
  return ends(a) && ends(b) ? a.slice(0, m) : a.slice(0, Math.max(0, a.lastIndexOf("/", m - 1)));
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
  const abs = unit.absoluteKeywordLocation;
  if (abs === undefined || frames.length > 0) return undefined;
  const hash = abs.indexOf("#");
  const drop = splitPointer(unit.keywordLocation).length - splitPointer(location).length;
  const fragment = abs.slice(hash + 1).split("/");
  return fragment.length - 1 >= drop ? abs.slice(0, hash + 1) + fragment.slice(0, fragment.length - drop).join("/") : undefined;
}

/**
 * Renders `branches` (each made after the branch above it) from the last: a branch's children
 * are rendered before it, and each passes up its first unit and the instance location its units
 * share, so no branch reads every unit below it again (a deep chain of them made that cost the
 * depth times the units).
 */
function render(branches: readonly Branch[], valid: boolean, trace: Trace, collapse: boolean): OutputNode {
  for (let k = branches.length - 1; k >= 0; k--) {
    const branch = branches[k]!;
    const children: OutputNode[] = [];
    let first: Unit | undefined;
    let common = "";
    for (const child of branch.children) {
      const isBranch = "children" in child;
      children.push(isBranch ? child.node! : leaf(child, valid));
      const location = isBranch ? child.common! : child.instanceLocation;
      common = first === undefined ? location : commonInstance(common, location);
      first ??= isBranch ? child.first! : child;
    }
    branch.first = first;
    branch.common = common;
    if (collapse && children.length === 1) {
      branch.node = children[0]!;
      continue;
    }
    const node: OutputNode = { valid, keywordLocation: branch.location, instanceLocation: common };
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
  const root = newBranch("");
  const branches: Branch[] = [root];
  let text = 0;
  // The branches the last unit went down (root first) and where each ends in its location: the
  // next unit, mostly a neighbour, goes down the same ones as far as its location starts with theirs.
  let previous = "";
  const path: Branch[] = [root];
  const ends: number[] = [0];
  for (const unit of units) {
    const location = unit.keywordLocation;
    const n = Math.min(previous.length, location.length);
    let shared = 0;
    while (shared < n && previous.charCodeAt(shared) === location.charCodeAt(shared)) shared++;
    // A branch of the last unit is this one's when this location goes on past its end with a new segment.
    let k = path.length - 1;
    while (k > 0 && !(ends[k]! <= shared && location.charCodeAt(ends[k]!) === SLASH)) k--;
    path.length = ends.length = k + 1;
    let parent = path[k]!;
    let from = ends[k]!;
    for (const end of schemaLocationEnds(location, from)) {
      // A branch is found from the one above by the step between them: the same location is reached by the same steps.
      const step = location.slice(from, end);
      let branch = parent.below.get(step);
      if (branch === undefined) {
        branch = newBranch(location.slice(0, end));
        parent.below.set(step, branch);
        parent.children.push(branch);
        branches.push(branch);
        text += end + unit.instanceLocation.length; // at most: its units' common instance location
      }
      path.push(branch);
      ends.push(end);
      parent = branch;
      from = end;
    }
    parent.children.push(unit);
    previous = location;
  }
  if (root.children.length === 0) return { valid, keywordLocation: "", instanceLocation: "" };
  return render(branches, valid, trace, !verbose || text > MAX_OUTPUT_TEXT);
}
