// What the tool schemas' root rules need to know of each dialect, by the name `validator.dialect`
// gives. The MCP bundle reaches the engine only through the core bundle's public exports, which
// hold no dialect tables, so the few facts are restated here, in one place;
// spec/mcp/tool-schema-dialects.spec.ts holds them to the engine's tables.
import type { DialectName } from "../keywords/dialects.js";
import { DIALECT_2020_12 } from "./limits.js";
import type { SchemaObject } from "./tool-schema.js";

interface Facts {
  /** `$schema` as the dialect's own metaschema spells it (draft-04 to 07 with the empty fragment). */
  readonly uri: string;
  /**
   * Root keywords that say what the value is without `type`: the references, `type`, the
   * compositions, `const`, `enum`. One the dialect lacks (`const` in draft-04, `if` before
   * draft-07, `$dynamicRef` before 2020-12) is an unknown keyword there, which shapes nothing.
   */
  readonly shaping: readonly string[];
  /** A `$ref` makes its schema object a pure reference: every keyword beside it is ignored. */
  readonly refOverrides: boolean;
}

const ALWAYS = ["$ref", "type", "oneOf", "anyOf", "allOf", "not", "enum"];

const FACTS: Readonly<Record<DialectName, Facts>> = {
  "2020-12": { uri: DIALECT_2020_12, shaping: [...ALWAYS, "$dynamicRef", "if", "const"], refOverrides: false },
  "2019-09": { uri: "https://json-schema.org/draft/2019-09/schema", shaping: [...ALWAYS, "$recursiveRef", "if", "const"], refOverrides: false },
  "draft-07": { uri: "http://json-schema.org/draft-07/schema#", shaping: [...ALWAYS, "if", "const"], refOverrides: true },
  "draft-06": { uri: "http://json-schema.org/draft-06/schema#", shaping: [...ALWAYS, "const"], refOverrides: true },
  "draft-04": { uri: "http://json-schema.org/draft-04/schema#", shaping: ALWAYS, refOverrides: true },
};

/** The `$schema` that names the dialect, in its canonical spelling. */
export const schemaUriOf = (dialect: DialectName): string => FACTS[dialect].uri;

/** Whether a `type: "object"` added to this root would change what it means in its dialect. */
export function isShaped(dialect: DialectName, root: SchemaObject): boolean {
  return FACTS[dialect].shaping.some((name) => Object.hasOwn(root, name));
}

/** In draft-04 to 07 a root `$ref` hides its siblings: the root's `type` and `required` mean nothing there. */
export function refHidesSiblings(dialect: DialectName, root: SchemaObject): boolean {
  return FACTS[dialect].refOverrides && Object.hasOwn(root, "$ref");
}
