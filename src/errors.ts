import type { OutputUnit } from "./engine/types.js";
import type { DialectName } from "./keywords/dialects.js";
import { MESSAGE_POINTER_LENGTH } from "./limits.js";

/** Why a schema was refused. Every code is produced by at least one spec. */
export type SchemaErrorCode =
  | "depth"
  | "subschemas"
  | "external-ref"
  | "unresolved-ref"
  | "invalid-schema"
  | "invalid-regex"
  | "not-json"
  | "unsupported-dialect"
  | "unsupported-vocabulary"
  | "ref-cycle"
  | "duplicate-identifier"
  | "input-root";

/** Long pointers (a 65-deep nesting) are cut in messages; `schemaLocation` keeps them whole. */
function shorten(pointer: string): string {
  return pointer.length <= MESSAGE_POINTER_LENGTH ? pointer : pointer.slice(0, pointer.lastIndexOf("/", MESSAGE_POINTER_LENGTH) + 1) + "…";
}

/** A schema that cannot be compiled: raised at compile time, never during validation. */
export class SchemaError extends Error {
  override readonly name = "SchemaError";
  readonly code: SchemaErrorCode;
  /** JSON Pointer into the schema document ("" is the root). */
  readonly schemaLocation: string;
  /** For "invalid-schema": what the metaschema check found. */
  readonly errors: OutputUnit[] | undefined;
  /** For "invalid-schema": the dialect whose metaschema refused the schema. */
  readonly dialect: DialectName | undefined;

  constructor(code: SchemaErrorCode, schemaLocation: string, message: string, errors?: OutputUnit[], dialect?: DialectName) {
    super(`${message} at ${schemaLocation === "" ? "the schema root" : shorten(schemaLocation)}`);
    this.code = code;
    this.schemaLocation = schemaLocation;
    this.errors = errors;
    this.dialect = dialect;
  }
}

/** Thrown by `Validator.assert` for an invalid instance. */
export class ValidationError extends Error {
  override readonly name = "ValidationError";
  readonly errors: OutputUnit[];

  constructor(errors: OutputUnit[]) {
    const first = errors[0];
    const where = first === undefined ? "" : ` at ${first.instanceLocation === "" ? "the root" : first.instanceLocation}`;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    super(`Invalid data${where}: ${first?.error ?? "invalid"}${more}`);
    this.errors = errors;
  }
}
