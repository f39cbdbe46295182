import type { OutputUnit } from "./engine/types.js";
import { dataDescriptor } from "./json/own-fields.js";
import type { ValidationErrorUnit } from "./output/units.js";
import type { DialectName } from "./keywords/dialects.js";
import { MAX_IDENTIFIER, MESSAGE_LENGTH, MESSAGE_POINTER_LENGTH, THROWN_TEXT_LENGTH } from "./limits.js";
import { shortenMiddle, shortenStart } from "./output/shorten.js";
import { printable } from "./output/printable.js";
import { resourceUri } from "./uri.js";
import { letGoOfMatches, matched } from "./json/last-match.js";
import { compiledBeforeUse } from "./regex/compiled-now.js";

const CALL_STACK = compiledBeforeUse(/call stack/i);

/** Why a schema was refused. Every code is produced by at least one spec. */
export type SchemaErrorCode =
  | "depth"
  | "subschemas"
  | "size"
  | "external-ref"
  | "unresolved-ref"
  | "invalid-schema"
  | "invalid-regex"
  | "unsupported-regex"
  | "not-json"
  | "unsupported-dialect"
  | "unsupported-vocabulary"
  | "ref-cycle"
  | "duplicate-identifier"
  | "long-identifier"
  | "input-root";

/**
 * Long pointers (a 65-deep nesting) are cut in messages; `schemaLocation` keeps them whole. Cut in
 * the middle, at segment boundaries where they fall within the bound: the end names the keyword
 * and the property refused.
 */
function shorten(pointer: string): string {
  if (pointer.length <= MESSAGE_POINTER_LENGTH) return pointer;
  const head = Math.max(0, pointer.lastIndexOf("/", Math.floor(MESSAGE_POINTER_LENGTH / 3)));
  const tail = pointer.indexOf("/", pointer.length - Math.ceil((MESSAGE_POINTER_LENGTH * 2) / 3));
  return tail > head ? `${pointer.slice(0, head)}/…${pointer.slice(tail)}` : shortenMiddle(pointer, MESSAGE_POINTER_LENGTH);
}

/** Every SchemaError this library made: a thrown look-alike (a Proxy, an object with its prototype) is not one. */
const MADE_HERE = new WeakSet<object>();
/** Each SchemaError's message before its location, for placedIn to word it again. */
const SAID = new WeakMap<SchemaError, string>();
/** Each SchemaError's message as cut but not escaped, for a JSON output that escapes it once (plainMessage). */
const PLAIN = new WeakMap<SchemaError, string>();
/** SchemaErrors whose document is decided (placedIn). */
const PLACED = new WeakSet<object>();

/** A schema that cannot be compiled: raised at compile time, never during validation. */
export class SchemaError extends Error {
  override readonly name = "SchemaError";
  readonly code: SchemaErrorCode;
  /** JSON Pointer into the schema document, or into `document` when that is set ("" is the root). */
  readonly schemaLocation: string;
  /** For "invalid-schema": what the metaschema check found. */
  readonly errors: OutputUnit[] | undefined;
  /** For "invalid-schema": the dialect whose metaschema refused the schema. */
  readonly dialect: DialectName | undefined;
  /**
   * The key in compile's `schemas` option of the document that `schemaLocation` points into, as
   * the caller wrote it (of keys that name one document, the first in sorted order); undefined
   * for the schema compiled.
   */
  readonly document: string | undefined;

  constructor(code: SchemaErrorCode, schemaLocation: string, message: string, errors?: OutputUnit[], dialect?: DialectName, document?: string) {
    // A message quotes what it refuses ($ref, $schema, an identifier, a pattern), as long as the
    // schema made it: cut in the middle, so that the explanation after the value stays. A hostile
    // schema's text reaches logs, terminals and a model's context (an MCP client's refusal of a
    // tool's schema): escaped as every text from data (printable), so it hides and forges nothing.
    const place = `${schemaLocation === "" ? "the schema root" : shorten(schemaLocation)}${document === undefined ? "" : ` in ${JSON.stringify(shortenMiddle(document, MESSAGE_POINTER_LENGTH))}`}`;
    super(`${escapedWithin(message, MESSAGE_LENGTH)} at ${printable(place)}`);
    PLAIN.set(this, `${shortenMiddle(message, MESSAGE_LENGTH)} at ${place}`);
    this.code = code;
    this.schemaLocation = schemaLocation;
    this.errors = errors;
    this.dialect = dialect;
    this.document = document;
    SAID.set(this, message);
    MADE_HERE.add(this);
  }
}

/**
 * The error, when it is a SchemaError of this library, as found in `document` (a Doc's uri: ""
 * for the schema compiled). Only the innermost place counts: compiling one document compiles
 * those it refers to, and an error thrown on through them keeps the document it was found in.
 */
export function placedIn(error: unknown, document: string): unknown {
  if (!isOwnSchemaError(error) || PLACED.has(error)) return error;
  const placed = document === "" || error.document !== undefined ? error : inDocument(error, document);
  PLACED.add(placed);
  return placed;
}

/**
 * An error of a compile whose root is the `schemas` document `document` (a custom metaschema, compiled
 * to check a schema), as the compile that holds it among its documents sees it.
 */
export function fromRootOf(error: unknown, document: string): unknown {
  return isOwnSchemaError(error) && error.document === undefined ? inDocument(error, document) : error;
}

/**
 * `error` with its document named by the key the caller gave it in `schemas` (the first in sorted
 * order, of keys that name one resource) where that key is not the resource URI it was read by.
 */
export function namedByKey(error: unknown, schemas: Readonly<Record<string, unknown>>): unknown {
  if (!isOwnSchemaError(error) || error.document === undefined || Object.hasOwn(schemas, error.document)) return error;
  const key = Object.keys(schemas)
    .sort()
    .find((key) => resourceUri(key) === error.document);
  if (key === undefined) return error;
  return inDocument(error, key);
}

function inDocument(error: SchemaError, document: string): SchemaError {
  const placed = new SchemaError(error.code, error.schemaLocation, SAID.get(error)!, error.errors, error.dialect, document);
  PLACED.add(placed);
  return placed;
}

/**
 * Makes `instanceof` hold across copies of this library in one program (its ESM and CommonJS
 * builds, both loaded by one app): the class's prototype carries a brand under a registered
 * symbol, and `instanceof` asks for the brand. For the caller's convenience only: schemagate
 * itself tells its own errors apart with madeHere, which cannot be forged.
 */
export function brand(type: abstract new (...args: never[]) => Error, name: string): void {
  const key = Symbol.for(`schemagate.${name}`);
  Object.defineProperty(type.prototype, key, dataDescriptor(true, false, false, false));
  const hasInstance = (value: unknown): boolean => typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[key] === true;
  Object.defineProperty(type, Symbol.hasInstance, dataDescriptor(hasInstance, false, false, false));
}

brand(SchemaError, "SchemaError");

/** The ref policy's refusal, with what to do about it (the gate, the registry and compileRef give the same). */
export function externalRef(ptr: string, keyword: string, reference: string): SchemaError {
  return new SchemaError(
    "external-ref",
    ptr,
    `${keyword} "${reference}" leaves the document; with refs: "fragment" (the default) only references starting with "#" are followed. ` +
      `To follow it, compile with refs: "document" and give the document it names in the schemas option, which is read only then (the five dialects' metaschemas are built in)`,
  );
}

/** A schema resource whose URI is longer than MAX_IDENTIFIER (`at`: the identifier that declared it; "" for a document's own URI). */
export function longIdentifier(uri: string, at: string): SchemaError {
  const shown = uri.length <= 60 ? uri : shortenStart(uri, 57) + "…";
  return new SchemaError("long-identifier", at, `the resource URI "${shown}" has ${uri.length} characters; at most ${MAX_IDENTIFIER} are allowed`);
}

/** Two documents (`schemas`, the schema) declare one resource URI: a reference to it could mean either. */
export function declaredByTwo(uri: string, at: string): SchemaError {
  const shown = uri.length <= 200 ? uri : shortenStart(uri, 197) + "…";
  return new SchemaError("duplicate-identifier", at, `"${shown}" is declared by two documents (an $id, or a key of the schemas option): a reference to it could mean either; give each resource one URI`);
}

/**
 * A SchemaError's message with its characters as they are (cut as the message is): for JSON
 * outputs, which escape what JSON leaves raw once (printableJson); the message's own escapes would
 * be escaped again there (`\\u001b`).
 */
export function plainMessage(error: SchemaError): string {
  return PLAIN.get(error) ?? error.message;
}

/** What words an invalid result whose list was cut before its first unit (maxErrors 0, or a unit past the output's bound). */
export const NONE_LISTED = "no error is listed (maxErrors, or the output's bound, cut the list)";

/** Thrown by `Validator.assert` for an invalid instance. */
export class ValidationError extends Error {
  override readonly name = "ValidationError";
  /** validate()'s units, typed per keyword: narrow on `keyword` to read `params`. */
  readonly errors: ValidationErrorUnit[];

  /** `truncated`: the result's list was cut (maxErrors or the output's bound), so more errors than listed were found. */
  constructor(errors: ValidationErrorUnit[], truncated = false) {
    const first = errors[0];
    // A thrown message goes to logs: the data's keys and values in it are escaped and cut as in messages.
    const where = first === undefined ? "" : ` at ${first.instanceLocation === "" ? "the root" : escapedWithin(first.instanceLocation, MESSAGE_POINTER_LENGTH)}`;
    const more = first === undefined ? "" : truncated ? (errors.length > 1 ? ` (and ${errors.length - 1}+ more)` : " (and more)") : errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    super(`Invalid data${where}: ${first === undefined ? NONE_LISTED : escapedWithin(first.error, MESSAGE_LENGTH)}${more}`);
    this.errors = errors;
    letGoOfMatches(); // the message quotes the data
  }
}

brand(ValidationError, "ValidationError");

/**
 * What a value thrown by caller-supplied code (a getter, a Proxy trap, a toString) says, read
 * without trusting it: reading it may throw again, and that must not escape either. Cut to
 * THROWN_TEXT_LENGTH characters: a message may be as long as the data likes.
 */
export function describeThrown(error: unknown): string {
  try {
    const message = error instanceof Error ? error.message : typeof error === "string" ? error : String(error);
    if (typeof message === "string") return message.length > THROWN_TEXT_LENGTH ? shortenStart(message, THROWN_TEXT_LENGTH - 1) + "…" : message;
  } catch {
    // The thrown value fights being read: say so instead.
  }
  return "a value that cannot be read";
}

/** A SchemaError made by this library, asked without running any code of the value's (no prototype read). */
export function isOwnSchemaError(value: unknown): value is SchemaError {
  return isMadeHere(value) && value instanceof SchemaError;
}

/** Registers an error this library throws, so that the catch sites can tell it from anything the caller's data throws. */
export function madeHere<E extends Error>(error: E): E {
  MADE_HERE.add(error);
  return error;
}

/** Thrown by this library (asked of a WeakSet: no code of the value's runs). */
export function isMadeHere(value: unknown): value is Error {
  return typeof value === "object" && value !== null && MADE_HERE.has(value);
}

/** A bug in schemagate: rethrown wherever caught, never turned into a result. */
export function internalError(message: string): Error {
  return madeHere(new Error(`schemagate internal error: ${message}`));
}

/** A RangeError of the stack (from this realm or another: data from a vm context may throw one). */
export function isStackOverflow(error: unknown): boolean {
  return isInstance(error, RangeError) && matched(CALL_STACK.test(describeThrown(error)));
}

/** The refusal for a walk the stack ran out on: "depth", as for a schema nested past the bounds (with bounds lifted, the schema's nesting may be why). */
export function stackDepth(): SchemaError {
  return new SchemaError("depth", "", "schema nesting is too deep to process");
}

/**
 * A validator's variant, compiled by `make` on first use inside validate(); or, when the stack ran
 * out compiling it, a pass that throws a stack overflow, which validate() answers with its
 * `$depth` unit as for one while evaluating. Nothing is kept: the next call compiles it. Any
 * other error of the compile is a bug, thrown on.
 */
export function variantOrSpent<C>(make: () => C): C {
  try {
    return make();
  } catch (error) {
    // A schema that compiled before is refused "depth" now only for the stack (stackDepth).
    if (!isStackOverflow(error) && !(error instanceof SchemaError && error.code === "depth")) throw error;
    return (() => {
      throw new RangeError("Maximum call stack size exceeded");
    }) as C;
  }
}

/** `value instanceof type`, or false when asking throws (a Proxy whose getPrototypeOf trap throws). */
export function isInstance(value: unknown, type: abstract new (...args: never[]) => unknown): boolean {
  try {
    return value instanceof type;
  } catch {
    return false;
  }
}

/**
 * `text` escaped (printable) and then cut in the middle to `max`: the bound holds for the escaped
 * text, as the MCP layer's does (a control character is six characters escaped). Cut first too,
 * so a huge text is not escaped whole: its start and end escape to at least what the cut keeps.
 */
function escapedWithin(text: string, max: number): string {
  return shortenMiddle(printable(shortenMiddle(text, max)), max);
}
