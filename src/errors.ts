import type { OutputUnit } from "./engine/types.js";

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
  | "unsupported-vocabulary";

/** A schema that cannot be compiled: raised at compile time, never during validation. */
export class SchemaError extends Error {
  override readonly name = "SchemaError";
  readonly code: SchemaErrorCode;
  /** JSON Pointer into the schema document ("" is the root). */
  readonly schemaLocation: string;
  /** For "invalid-schema": what the metaschema check found. */
  readonly errors: OutputUnit[] | undefined;

  constructor(code: SchemaErrorCode, schemaLocation: string, message: string, errors?: OutputUnit[]) {
    super(`${message} at ${schemaLocation === "" ? "the schema root" : schemaLocation}`);
    this.code = code;
    this.schemaLocation = schemaLocation;
    this.errors = errors;
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
