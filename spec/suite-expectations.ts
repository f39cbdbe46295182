// Suite cases that are expected NOT to pass, each with its reason. Such a case must still fail
// (a wrong verdict, or the stated SchemaError), so an accidental pass is caught. For 2020-12 the
// list is empty: every case passes.
import type { SchemaErrorCode } from "../src/errors.js";
import type { DialectName } from "../src/keywords/dialects.js";

export interface Expectation {
  readonly dialect: DialectName;
  readonly file: string;
  readonly group: string;
  /** One case of the group; every case when absent. */
  readonly description?: string;
  /** The case is refused with this code; absent: it compiles and gives the wrong verdict. */
  readonly code?: SchemaErrorCode;
  readonly reason: string;
}

const CONTENT =
  "contentEncoding and contentMediaType are annotations in every dialect: schemagate never decodes or parses string content (draft-07 lets an implementation choose)";

export const EXPECTED_FAILURES: readonly Expectation[] = [
  { dialect: "draft-07", file: "optional/content.json", group: "validation of string-encoded content based on media type", description: "an invalid JSON document", reason: CONTENT },
  { dialect: "draft-07", file: "optional/content.json", group: "validation of binary string-encoding", description: "an invalid base64 string (% is not a valid character)", reason: CONTENT },
  { dialect: "draft-07", file: "optional/content.json", group: "validation of binary-encoded media type documents", description: "a validly-encoded invalid JSON document", reason: CONTENT },
  { dialect: "draft-07", file: "optional/content.json", group: "validation of binary-encoded media type documents", description: "an invalid base64 string that is valid JSON", reason: CONTENT },
  {
    dialect: "draft-04",
    file: "optional/zeroTerminatedFloats.json",
    group: "some languages do not distinguish between different types of numeric value",
    reason: "JSON.parse reads 1.0 as the number 1: JavaScript cannot tell it from an integer",
  },
];

export function expectationOf(dialect: DialectName, file: string, group: string, description: string): Expectation | undefined {
  return EXPECTED_FAILURES.find((e) => e.dialect === dialect && e.file === file && e.group === group && (e.description === undefined || e.description === description));
}
