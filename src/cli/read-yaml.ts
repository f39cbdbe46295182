// Reading YAML with the optional `yaml` peer package, into data a schema can judge: what YAML has
// and JSON has not (a cycle through an alias, a set, a date, a key that is a list) is refused,
// never passed on changed. The package never writes to stderr itself: its messages quote the
// file's raw bytes, so only our own, escaped ones are printed.
import { lineColumn, NEAR_ZERO, readsAsZero } from "./json-position.js";
import { MESSAGE_MAX } from "./printable.js";
import { appendPointer } from "../json/pointer.js";
import { shortenMiddle } from "../output/shorten.js";

/** Thrown with the message to print (not yet escaped), the file already named. */
export class NotYaml extends Error {}

/** The optional peer package for YAML, named through a variable so bundlers leave the import alone. */
const YAML_PACKAGE = "yaml";

/** Uses of one anchor, each counted as often as its own aliases expand (the package's maxAliasCount): bounds what aliases multiply. */
export const MAX_ALIAS_COUNT = 100;

/** The package recurses: nesting some hundreds of levels deep exhausts the call stack. */
const TOO_DEEP = "nested too deeply for the YAML reader";

/**
 * The package's error codes in words, for --redact: its messages quote the file ("Block scalar
 * header includes extra characters: |hunter2", "Could not resolve tag: !hunter2!x"), so under
 * --redact a syntax error is its position and these words only, as JSON's are.
 */
const CODE_REASONS: Readonly<Record<string, string>> = {
  ALIAS_PROPS: "an alias with a tag or an anchor",
  BAD_ALIAS: "a bad alias",
  BAD_COLLECTION_TYPE: "a collection of the wrong kind for its tag",
  BAD_DIRECTIVE: "a bad directive",
  BAD_DQ_ESCAPE: "a bad escape in a double-quoted string",
  BAD_INDENT: "bad indentation",
  BAD_PROP_ORDER: "an anchor or a tag out of order",
  BAD_SCALAR_START: "a plain value that starts with a reserved character",
  BLOCK_AS_IMPLICIT_KEY: "a block collection as an implicit key",
  BLOCK_IN_FLOW: "a block collection inside a flow collection",
  DUPLICATE_KEY: "map keys must be unique",
  KEY_OVER_1024_CHARS: "an implicit key longer than 1024 characters",
  MISSING_CHAR: "a missing character (a closing quote or bracket)",
  MULTILINE_IMPLICIT_KEY: "an implicit key over more than one line",
  MULTIPLE_ANCHORS: "more than one anchor on a node",
  MULTIPLE_DOCS: "more than one document",
  MULTIPLE_TAGS: "more than one tag on a node",
  NON_STRING_KEY: "a key that is not a string",
  RESOURCE_EXHAUSTION: "aliases that expand too far",
  TAB_AS_INDENT: "a tab as indentation",
  TAG_RESOLVE_FAILED: "a tag that cannot be resolved",
  UNEXPECTED_TOKEN: "unexpected token",
};
/** Messages of the package's toJS() that quote nothing before a colon: an alias's name follows it. */
const QUOTING_NOTHING = /^(Unresolved alias \(the anchor must be set before the alias\)|Excessive alias count indicates a resource exhaustion attack)/;

/** The reason to print: the package's own message, cut (a block scalar header can be the whole file), or under --redact words that quote nothing. */
function reasonOf(message: string, code: unknown, redact: boolean): string {
  const first = message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
  if (/call stack/i.test(first)) return TOO_DEEP;
  if (!redact) return shortenMiddle(first, MESSAGE_MAX);
  const known = typeof code === "string" && Object.hasOwn(CODE_REASONS, code) ? CODE_REASONS[code] : QUOTING_NOTHING.exec(first)?.[1];
  return known ?? "syntax error";
}

/** The part of the package's Document used here. */
interface YamlDocument {
  readonly contents: unknown;
  readonly errors: readonly { message: string; code?: unknown; linePos?: readonly { line: number; col: number }[] }[];
  toJS(options: { maxAliasCount: number }): unknown;
}
/** A node of the package's syntax tree, as far as it is read here. */
interface Node {
  readonly items?: readonly unknown[];
  readonly key?: unknown;
  readonly value?: unknown;
  readonly source?: string;
  readonly anchor?: string;
  readonly range?: readonly number[];
}
interface YamlPackage {
  parseDocument(text: string, options: Record<string, unknown>): YamlDocument;
  isAlias(node: unknown): boolean;
  isCollection(node: unknown): boolean;
  isMap(node: unknown): boolean;
  isPair(node: unknown): boolean;
}

/**
 * Parses `text` (a leading byte order mark is ignored); throws NotYaml with the reason, and the
 * line and column when known. `redact`: the reason quotes nothing of the text.
 */
export async function parseYaml(text: string, file: string, redact = false): Promise<unknown> {
  let yaml: YamlPackage;
  try {
    yaml = (await import(YAML_PACKAGE)) as YamlPackage;
  } catch {
    throw new NotYaml(`${file}: cannot read: install the yaml package to read .yaml files (npm install yaml)`);
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const fail = (reason: string, offset?: number, what = "invalid YAML") => {
    const where = offset === undefined ? undefined : lineColumn(body, offset);
    return new NotYaml(`${file}${where ? `:${where.line}:${where.column}` : ""}: ${what}: ${reason}`);
  };
  try {
    // logLevel "error": warnings are not printed (errors are kept). uniqueKeys: the package's check
    // compares each key with every other one, so treeProblem() does it instead, by a Set.
    const doc = yaml.parseDocument(body, { logLevel: "error", uniqueKeys: false });
    const error = doc.errors[0];
    if (error !== undefined) {
      const where = error.linePos?.[0];
      throw new NotYaml(`${file}${where ? `:${where.line}:${where.col}` : ""}: invalid YAML: ${reasonOf(error.message, error.code, redact)}`);
    }
    if (doc.contents === null) throw fail(/\S/.test(body) ? "the file holds no value, only comments" : "the file is empty", 0);
    const problem = treeProblem(doc.contents, yaml, redact);
    if (problem !== undefined) throw fail(problem[1], problem[0], problem[2]);
    const value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    const found = notJson(value);
    if (found !== undefined) throw new NotYaml(`${file}: ${found[0] === "" ? "(root)" : shortenMiddle(found[0], 200)}: ${found[1]}`);
    return value;
  } catch (error) {
    if (error instanceof NotYaml) throw error;
    if (error instanceof RangeError && /call stack/i.test(error.message)) throw fail(TOO_DEEP);
    throw fail(reasonOf(String((error as Error)?.message ?? error), undefined, redact));
  }
}

/**
 * The first mapping key that JSON cannot hold as the package would read it: one written twice in
 * a mapping (the last would win unseen), or a list or mapping (it would become its YAML text); or
 * the first number the package reads as 0 though it is not 0 (`1e-400`, refused in JSON too).
 * Returns its offset, the reason and what kind of refusal it is. One pass over the syntax tree, a
 * Set of names per mapping.
 */
function treeProblem(root: unknown, yaml: YamlPackage, redact: boolean): [offset: number | undefined, reason: string, what?: string] | undefined {
  const anchors = new Map<string, Node>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node | null;
    if (typeof node !== "object" || node === null) continue;
    if (node.anchor !== undefined) anchors.set(node.anchor, node); // the last one before an alias is the one it names
    if (typeof node.value === "number" && typeof node.source === "string" && readsAsZero(node.value, node.source)) {
      return [node.range?.[0], `${redact ? "a number" : shortenMiddle(node.source, 40)} is ${NEAR_ZERO}`, "number out of range"];
    }
    if (yaml.isPair(node)) stack.push(node.value, node.key); // its key first
    if (!yaml.isCollection(node)) continue;
    const names = yaml.isMap(node) ? new Set<string>() : undefined; // !!pairs may repeat a key
    for (const item of node.items as Node[]) {
      if (!yaml.isPair(item)) continue;
      const written = item.key as Node | null;
      const key = written !== null && yaml.isAlias(written) ? anchors.get(written.source!) : written;
      if (yaml.isCollection(key)) return [written?.range?.[0], "a key that is a list or a mapping has no JSON form"];
      const value = key?.value ?? null;
      if (typeof value === "symbol" || (typeof value === "object" && value !== null)) continue; // a merge key (<<), or a key refused later with its value
      const name = value === null ? "" : String(value);
      if (names?.has(name)) return [written?.range?.[0], "map keys must be unique"];
      names?.add(name);
    }
    for (let i = node.items!.length - 1; i >= 0; i--) stack.push(node.items![i]);
  }
  return undefined;
}

/** What a value that is not JSON data is, in a message: "a set (!!set)". */
function kindOf(value: object): string {
  if (value instanceof Set) return "a set (!!set)";
  if (value instanceof Map) return "an ordered map (!!omap)";
  if (value instanceof Date) return "a timestamp (!!timestamp)";
  if (value instanceof Uint8Array) return "binary data (!!binary)";
  return `a ${value.constructor?.name ?? "special"} object`;
}

/** An object being walked: its keys (undefined for an array) and the next one to look at. */
interface Frame {
  readonly value: object;
  readonly keys: readonly string[] | undefined;
  next: number;
}

/** Why a value that holds no other is not JSON data, or undefined. */
function leafProblem(value: unknown): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : `${value} is not a JSON number`;
  if (typeof value === "string" || typeof value === "boolean" || value === null) return undefined;
  return `a ${typeof value} is not JSON data`;
}

/**
 * The first value in `root` that is not JSON data, with its JSON Pointer and why, or undefined.
 * An alias may make the value cyclic (refused) or share a subtree many times: each object is
 * walked once. Iterative, one frame per level: the depth of the value costs no call stack.
 */
export function notJson(root: unknown): [at: string, reason: string] | undefined {
  const open = new Set<object>(); // the objects around the one looked at: met again, they close a cycle
  const done = new Set<object>();
  const frames: Frame[] = [];
  // The path to the value looked at is the current key of each frame.
  const here = () => frames.reduce((at, f) => appendPointer(at, f.keys === undefined ? f.next - 1 : f.keys[f.next - 1]!), "");
  for (let value = root; ; ) {
    if (typeof value === "object" && value !== null && !done.has(value)) {
      if (open.has(value)) return [here(), "a YAML alias refers to a node that contains it (the data would be infinite)"];
      const proto = Object.getPrototypeOf(value) as unknown;
      if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return [here(), `${kindOf(value)} is not JSON data`];
      open.add(value);
      frames.push({ value, keys: Array.isArray(value) ? undefined : Object.keys(value), next: 0 });
    } else if (typeof value !== "object") {
      const problem = leafProblem(value);
      if (problem !== undefined) return [here(), problem];
    }
    // The next value: the next child of the innermost object not yet finished.
    let frame = frames.at(-1);
    while (frame !== undefined && frame.next === (frame.keys ?? (frame.value as unknown[])).length) {
      frames.pop();
      open.delete(frame.value);
      done.add(frame.value);
      frame = frames.at(-1);
    }
    if (frame === undefined) return undefined;
    const key = frame.keys === undefined ? frame.next : frame.keys[frame.next]!;
    frame.next++;
    value = (frame.value as Record<string | number, unknown>)[key];
  }
}
