// The SchemaError a compile throws, for the specs that hold a schema to its refusal.
import { SchemaError } from "../../src/index.js";

/** The SchemaError `run` throws; fails when it compiles, rethrows anything else. */
export function refusal(run: () => unknown): SchemaError {
  try {
    run();
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw error;
  }
  throw new Error("compiled: a refusal was expected");
}
