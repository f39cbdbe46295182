// Shared by the MCP specs: schemas in the shapes SEP-2106 allows, and a helper for refusals.
import * as assert from "uvu/assert";
import { SchemaError, type SchemaErrorCode } from "../../src/index.js";

/** An input schema that uses much of 2020-12 below an object root, in a deliberate key order. */
export const richInput = {
  title: "Book a trip",
  $defs: {
    city: { type: "string", minLength: 2, $anchor: "city" },
    date: { type: "string", format: "date" },
  },
  properties: {
    from: { $ref: "#/$defs/city" },
    to: { $ref: "#city" },
    when: { $ref: "#/$defs/date" },
    travellers: { type: "array", items: { type: "integer", minimum: 0 }, minItems: 1, uniqueItems: false },
    mode: { oneOf: [{ const: "train" }, { const: "plane" }] },
    seat: { enum: ["window", "aisle", null] },
  },
  required: ["from", "to"],
  if: { properties: { mode: { const: "plane" } }, required: ["mode"] },
  then: { required: ["seat"] },
  else: { not: { required: ["seat"] } },
  allOf: [{ dependentRequired: { when: ["from"] } }, { propertyNames: { maxLength: 16 } }],
  anyOf: [{ required: ["when"] }, { properties: { mode: { const: "train" } } }],
  additionalProperties: false,
};

/** A valid call of richInput. */
export const richArguments = { from: "Paris", to: "Rome", when: "2025-05-01", travellers: [30, 31], mode: "plane", seat: "aisle" };

/** Runs `make`, which must throw a SchemaError with `code` (and `location`, when given). */
export function refused(make: () => unknown, code: SchemaErrorCode, location?: string): SchemaError {
  try {
    make();
  } catch (error) {
    assert.instance(error, SchemaError, `expected a SchemaError, got ${String(error)}`);
    const e = error as SchemaError;
    assert.is(e.code, code, e.message);
    if (location !== undefined) assert.is(e.schemaLocation, location, e.message);
    return e;
  }
  assert.unreachable(`expected SchemaError "${code}"`);
  throw new Error("unreachable");
}

/** The error a promise rejects with (fails the spec if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

/** The JSON text of a value: pins key order, and sidesteps uvu's misreading of "constructor" keys. */
export const text = (value: unknown): string => JSON.stringify(value);
