// SEP-2106 lets structuredContent be any JSON value. Clients that read only `content` would see
// nothing for an array or a number, so the data is repeated there as text.
import { describeThrown, isStackOverflow } from "../errors.js";
import { kindOf } from "../json/type-of.js";
import { printable } from "../output/printable.js";

/** The parts of a CallToolResult this function reads (structural: the MCP SDK is not imported). */
export interface ToolResultLike {
  structuredContent?: unknown;
  content?: readonly unknown[];
}

export interface TextContentLike {
  type: "text";
  text: string;
}

type ContentOf<R> = R extends { content?: readonly (infer C)[] } ? C : never;

/**
 * The result type: unchanged when structuredContent is typed as an object (nothing is added),
 * otherwise with `content`, so the value can be returned from an SDK tool handler as it is. Its
 * structuredContent is then the caller's value (an object on the wire is left as it is) or the
 * value read back from the text (JsonOf: a Date is a string there, a class instance has no methods).
 */
export type WithFallback<R extends ToolResultLike> = R["structuredContent"] extends Record<string, unknown> | undefined
  ? R
  : Omit<R, "content" | "structuredContent"> & { structuredContent: R["structuredContent"] | JsonOf<R["structuredContent"]>; content: (ContentOf<R> | TextContentLike)[] };

/** The type of JSON.parse(JSON.stringify(value)) for a value of type T, as far as types tell it. */
export type JsonOf<T> = 0 extends 1 & T
  ? T // any
  : T extends { toJSON(...args: never[]): infer J } ? JsonOf<J>
  : T extends string | number | boolean | null ? T
  : T extends undefined | symbol | bigint | ((...args: never[]) => unknown) ? never
  : T extends readonly unknown[] ? { -readonly [I in keyof T]: [JsonOf<T[I]>] extends [never] ? null : JsonOf<T[I]> }
  : T extends object ? { -readonly [K in keyof T as K extends symbol ? never : [JsonOf<T[K]>] extends [never] ? never : K]: JsonOf<T[K]> }
  : unknown;

/**
 * When `structuredContent` is present and not a JSON object on the wire, and `content` is absent or
 * empty, returns a new result whose `content` is `[{ type: "text", text: JSON.stringify(structuredContent) }]`.
 * Anything else is returned as it is. The input is never mutated. What JSON.stringify cannot
 * write at all (a cycle, a BigInt, a function) is a TypeError that says so. Only the result's own
 * members count: one on Object.prototype is not the result's.
 */
export function withStructuredContentFallback<R extends ToolResultLike>(result: R): WithFallback<R> {
  // A forgotten return value (undefined), or not a result at all.
  if (typeof result !== "object" || result === null) throw new TypeError(`withStructuredContentFallback takes a tool result (an object), not ${kindOf(result)}`);
  const data = needingText(result);
  if (data === undefined) return result as WithFallback<R>;
  // Not a plain object: what goes on the wire is what JSON.stringify writes (a Date is a string,
  // a class instance an object), so that decides.
  let text: string | undefined;
  try {
    text = JSON.stringify(data);
  } catch (error) {
    // JSON.stringify recurses: past the stack, the value is too deep to write, not unlike JSON.
    throw new TypeError(isStackOverflow(error) ? "structuredContent is nested too deep to write as JSON text" : `structuredContent is not JSON: ${reasonOf(error)}`);
  }
  if (text === undefined) throw new TypeError(`structuredContent is not JSON: ${typeof data === "object" ? "an object whose toJSON gives undefined" : `a ${typeof data}`} is left out by JSON.stringify`);
  // NaN and ±Infinity as the value itself (a boxed one, a toJSON's, an invalid Date's): JSON.stringify
  // writes null, a value the tool never meant.
  if (text === "null" && data !== null) throw new TypeError(`structuredContent is not JSON: ${typeof data === "number" ? `${data} is no JSON number` : "the value becomes null"} (JSON.stringify writes it as null)`);
  if (text.startsWith("{")) return result as WithFallback<R>;
  // The value returned is the one written, read back from the text: a getter or toJSON inside it,
  // asked again as the SDK writes the result, could answer otherwise (so could one at the root,
  // read again by the spread).
  const written: unknown = JSON.parse(text);
  return readResult(() => ({ ...result, structuredContent: written, content: [{ type: "text", text }] }) as WithFallback<R>);
}

/** The structuredContent that may need a text fallback, or undefined when the result stays as it is. */
function needingText(result: ToolResultLike): unknown {
  return readResult(() => {
    const data = Object.hasOwn(result, "structuredContent") ? result.structuredContent : undefined;
    const content: unknown = Object.hasOwn(result, "content") ? result.content : undefined;
    // Content given (not empty) is the author's, even malformed; null or [] is none.
    const explicit = content !== undefined && content !== null && (!Array.isArray(content) || content.length > 0);
    return data === undefined || isPlainObject(data) || explicit ? undefined : data;
  });
}

/** A result that fights being read (a revoked Proxy, a throwing getter or trap) is no JSON either. */
function readResult<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new TypeError(`the tool result could not be read: ${reasonOf(error)}`);
  }
}

/** An object whose JSON is its own properties: Object.prototype or no prototype, and no toJSON. */
function isPlainObject(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  const proto = Object.getPrototypeOf(data);
  return (proto === Object.prototype || proto === null) && typeof (data as { toJSON?: unknown }).toJSON !== "function";
}

/**
 * What was thrown, an Error's message or any other value's text, read without trusting it
 * (describeThrown: a getter or Proxy of the data may throw again): the SDKs send this text to the
 * client and the model, so it is cut (200 characters) and escaped as every other text of the layer.
 */
function reasonOf(error: unknown): string {
  return printable(describeThrown(error));
}
