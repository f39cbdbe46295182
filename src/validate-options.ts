// validate()'s and assert()'s options, read once as own properties and checked by kind.
import { kindOf } from "./json/type-of.js";
import { isPlainOptions, notPlain, plainOrAny } from "./plain-options.js";
import { printable } from "./output/printable.js";
import { shortenMiddle } from "./output/shorten.js";
import type { OutputFormat } from "./output/formats.js";

export interface ValidateOptions {
  /** Collect every error (the default) or stop at the first. */
  allErrors?: boolean;
  /** The most output units recorded (default 1,000): a non-negative integer or Infinity. Past it the result has `truncated: true`. */
  maxErrors?: number;
  /**
   * Leave the instance's values out of error messages: "must match format \"email\", but is a
   * string (value hidden)". For logs that must not echo secrets; params and locations are kept.
   */
  redact?: boolean;
}

/** A standard output format: "flag", or "basic"/"detailed"/"verbose" with annotations (Core §12.4). */
export interface OutputOptions extends ValidateOptions {
  output: OutputFormat;
}

/** validate()'s and assert()'s options as read: own properties only, each read once. */
export interface ReadOptions {
  readonly allErrors: boolean | undefined;
  readonly maxErrors: number | undefined;
  readonly redact: boolean | undefined;
  readonly output: unknown;
}

/**
 * validate()'s or assert()'s options (`by`), read once as own properties and checked as compile's
 * are: one of the wrong kind is the caller's mistake, a TypeError or RangeError naming it. Taken
 * as given, a negative maxErrors made an invalid result that lists no error, and a string "true"
 * left `redact` off; read twice, a getter passed the check and then gave such a value; read
 * through the prototype, an `output` set on Object.prototype changed every result's shape.
 */
export function readOptions(options: object, by: "validate" | "assert"): ReadOptions {
  // A Map, a Promise or a class instance holds no own options: taken, it would be the defaults.
  if (!isPlainOptions(options)) throw new TypeError(`${by}'s options must be ${plainOrAny(options)}, not ${notPlain(options)}`);
  // Each own property read once by its name (one shape per read, as V8 sees it); listing the own
  // names costs less than asking hasOwn of each name, most of which a call leaves out.
  const given = options as Record<string, unknown>;
  let maxErrors: unknown, allErrors: unknown, redact: unknown, output: unknown;
  const names = Object.getOwnPropertyNames(given);
  for (let i = 0; i < names.length; i++) {
    switch (names[i]) {
      case "maxErrors":
        maxErrors = given.maxErrors;
        break;
      case "allErrors":
        allErrors = given.allErrors;
        break;
      case "redact":
        redact = given.redact;
        break;
      case "output":
        output = given.output;
        break;
      default:
        // A misspelt name (`redacted`) would leave the option meant off: the secret in the message.
        if (Object.prototype.propertyIsEnumerable.call(given, names[i]!)) throw new TypeError(`${by} has no option ${printable(JSON.stringify(shortenMiddle(names[i]!, 40)))}: its options are allErrors, maxErrors, redact and output${by === "validate" ? "" : ' ("basic")'}`);
    }
  }
  if (maxErrors !== undefined && maxErrors !== Infinity && !(Number.isInteger(maxErrors) && (maxErrors as number) >= 0)) {
    throw typeof maxErrors === "number" ? new RangeError(`maxErrors must be a non-negative integer or Infinity, not ${maxErrors}`) : new TypeError(`maxErrors must be a number, not ${kindOf(maxErrors)}`);
  }
  if (allErrors !== undefined && typeof allErrors !== "boolean") throw new TypeError(`allErrors must be a boolean, not ${kindOf(allErrors)}`);
  if (redact !== undefined && typeof redact !== "boolean") throw new TypeError(`redact must be a boolean, not ${kindOf(redact)}`);
  return { allErrors, maxErrors: maxErrors as number | undefined, redact, output };
}
