// Suite cases that are expected NOT to pass, each with its reason. Such a case must fail in
// exactly the stated way (a typed SchemaError with this code), so an accidental pass is caught.
import type { SchemaErrorCode } from "../src/errors.js";

export interface Expectation {
  readonly file: string;
  readonly group: string;
  readonly code: SchemaErrorCode;
  readonly reason: string;
}

export const EXPECTED_UNSUPPORTED: readonly Expectation[] = [
  {
    file: "optional/cross-draft.json",
    group: "refs to historic drafts are processed as historic drafts",
    code: "unsupported-dialect",
    reason: "needs a per-resource 2019-09 dialect; older dialects arrive in a later issue",
  },
];
