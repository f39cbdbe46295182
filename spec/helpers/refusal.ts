import * as assert from "uvu/assert";
import { SchemaError } from "../../src/index.js";

/** The SchemaError that `run` throws; fails the test when it throws something else or nothing. */
export function refusal(run: () => unknown): SchemaError {
  try {
    run();
  } catch (error) {
    assert.instance(error, SchemaError);
    return error as SchemaError;
  }
  throw new Error("not refused");
}
