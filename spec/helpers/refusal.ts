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

/** The error `run` throws, whatever it is; fails the test when it throws nothing. */
export function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("did not throw");
}
