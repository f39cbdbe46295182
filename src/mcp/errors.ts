// What the MCP layer throws for invalid tool arguments and results. The message lists the
// errors with their JSON Pointers (the whole message cut at MAX_ERROR_MESSAGE_LENGTH); `.errors` keeps them all.
import type { OutputUnit } from "../engine/types.js";
import { brand } from "../errors.js";
import { describeErrors } from "./messages.js";
import { MAX_ERROR_MESSAGE_LENGTH } from "./limits.js";

/** The whole message within MAX_ERROR_MESSAGE_LENGTH, its head included. */
const message = (head: string, errors: OutputUnit[], truncated: boolean): string => head + describeErrors(errors, truncated, MAX_ERROR_MESSAGE_LENGTH - head.length);

/** Thrown by ToolInputSchema.assertArguments: "Invalid arguments: /city: must be string, but is number". */
export class InvalidArgumentsError extends Error {
  override readonly name = "InvalidArgumentsError";
  readonly errors: OutputUnit[];

  constructor(errors: OutputUnit[], truncated = false) {
    super(message("Invalid arguments: ", errors, truncated));
    this.errors = errors;
  }
}

/** Thrown by ToolOutputSchema.assertResult: "Invalid result: (root): must be array, but is object". */
export class InvalidResultError extends Error {
  override readonly name = "InvalidResultError";
  readonly errors: OutputUnit[];

  constructor(errors: OutputUnit[], truncated = false) {
    super(message("Invalid result: ", errors, truncated));
    this.errors = errors;
  }
}

brand(InvalidArgumentsError, "InvalidArgumentsError");
brand(InvalidResultError, "InvalidResultError");
