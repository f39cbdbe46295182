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
}

/**
 * The schema locations a keyword location passes through, outermost first: "" and every
 * subschema entered (`/properties/a`, `/allOf/0`, `/$ref`, …), the keyword's own location excluded.
 */
function schemaLocations(keywordLocation: string): string[] {
  const segments = splitPointer(keywordLocation);
  const raw = keywordLocation.split("/");
  const found = [""];
  let i = 0;
  while (i < segments.length - 1) {
    const keyword = segments[i]!;
    const kind = childrenOf(keyword);
    // items before 2020-12 holds one schema or an array of them: an index after it says which.
    const indexed = kind === "schema-or-array" && /^\d+$/.test(segments[i + 1] ?? "");
    const step = kind === "schema" || (kind === "schema-or-array" && !indexed) ? 1 : kind === "array" || kind === "map" || indexed ? 2 : 0;
    if (step === 0 || i + step >= segments.length) break;
    i += step;
    found.push(raw.slice(0, i + 1).join("/"));
  }
  return found;
}

/** The longest instance location that every unit below shares. */
function commonInstance(units: readonly Unit[]): string {
  let common = units[0]!.instanceLocation.split("/");
  for (const unit of units) {
    const parts = unit.instanceLocation.split("/");
    let n = 0;
    while (n < common.length && n < parts.length && common[n] === parts[n]) n++;
    common = common.slice(0, n);
  }
  return common.join("/");
}

/** The absolute location of a subschema, from the $refs crossed above a unit beneath it. */
function absoluteOf(location: string, unit: Unit, trace: Trace): string | undefined {
  const frames = trace.get(unit) ?? [];
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i]!;
    if (location === frame.path) return frame.where.absolute;
    if (location.startsWith(frame.path + "/")) {
      const { base, baseLength, ptr } = frame.target;
      return base + "#" + pointerToFragment(ptr.slice(baseLength) + location.slice(frame.path.length));
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

function unitsBelow(branch: Branch): Unit[] {
  return branch.children.flatMap((c) => ("children" in c ? unitsBelow(c) : [c]));
}

function render(branch: Branch, valid: boolean, trace: Trace, collapse: boolean): OutputNode {
  const children = branch.children.map((c) => ("children" in c ? render(c, valid, trace, collapse) : leaf(c, valid)));
  if (collapse && children.length === 1) return children[0]!;
  const units = unitsBelow(branch);
  const node: OutputNode = { valid, keywordLocation: branch.location, instanceLocation: commonInstance(units) };
  const abs = absoluteOf(branch.location, units[0]!, trace);
  if (abs !== undefined) node.absoluteKeywordLocation = abs;
  node[valid ? "annotations" : "errors"] = children;
  return node;
}

/**
 * "detailed" (single-child units collapsed) and "verbose" (the whole hierarchy). A node repeats
 * locations as long as those of the units below it, so a deep unit makes a verbose tree of depth
 * × location characters: past MAX_OUTPUT_TEXT of them (the bound of the units' own text,
 * engine/report.ts full()), verbose collapses as detailed does, whose nodes are no more than its
 * units.
 */
export function hierarchicalOutput(valid: boolean, units: readonly Unit[], trace: Trace, verbose: boolean): OutputNode {
  const root: Branch = { location: "", children: [] };
  const branches = new Map<string, Branch>([["", root]]);
  let text = 0;
  for (const unit of units) {
    let parent = root;
    for (const location of schemaLocations(unit.keywordLocation).slice(1)) {
      let branch = branches.get(location);
      if (branch === undefined) {
        branch = { location, children: [] };
        branches.set(location, branch);
        parent.children.push(branch);
        text += location.length + unit.instanceLocation.length; // at most: its units' common instance location
      }
      parent = branch;
    }
    parent.children.push(unit);
  }
  if (root.children.length === 0) return { valid, keywordLocation: "", instanceLocation: "" };
  return render(root, valid, trace, !verbose || text > MAX_OUTPUT_TEXT);
}
