// SEP-2106 lets structuredContent be any JSON value. Clients that read only `content` would see
// nothing for an array or a number, so the data is repeated there as text.

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
 * otherwise with `content`, so the value can be returned from an SDK tool handler as it is.
 */
export type WithFallback<R extends ToolResultLike> = R["structuredContent"] extends Record<string, unknown> | undefined
  ? R
  : Omit<R, "content"> & { content: (ContentOf<R> | TextContentLike)[] };

/**
 * When `structuredContent` is present and not a plain object, and `content` is absent or empty,
 * returns a new result whose `content` is `[{ type: "text", text: JSON.stringify(structuredContent) }]`.
 * Anything else is returned as it is. The input is never mutated.
 */
export function withStructuredContentFallback<R extends ToolResultLike>(result: R): WithFallback<R> {
  const data = result.structuredContent;
  const object = typeof data === "object" && data !== null && !Array.isArray(data);
  if (data === undefined || object || (result.content !== undefined && result.content.length > 0)) return result as WithFallback<R>;
  return { ...result, content: [{ type: "text", text: JSON.stringify(data) }] } as WithFallback<R>;
}
