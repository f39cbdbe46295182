// The format checkers of the 2020-12 format-annotation and format-assertion vocabularies
// (JSON Schema Validation §7.3). Each is a pure function of a string: callers apply "format"
// to strings only, and an unknown format name is not in FORMATS (it always passes).
import { isDate, isDateTime, isDuration, isTime } from "./date-time.js";
import { isEmail, isIdnEmail } from "./email.js";
import { isHostname, isIdnHostname } from "./hostname.js";
import { isIpv4, isIpv6 } from "./ip.js";
import { isJsonPointer, isRelativeJsonPointer } from "./json-pointer.js";
import { isRegex } from "./regex.js";
import { isUriTemplate } from "./uri-template.js";
import { isIri, isIriReference, isUri, isUriReference } from "./uri.js";
import { isUuid } from "./uuid.js";

export type FormatCheck = (value: string) => boolean;

/** Known formats; a name that is not here is unknown (an unknown format always passes). */
export const FORMATS: ReadonlyMap<string, FormatCheck> = new Map<string, FormatCheck>([
  ["date-time", isDateTime],
  ["date", isDate],
  ["time", isTime],
  ["duration", isDuration],
  ["email", isEmail],
  ["idn-email", isIdnEmail],
  ["hostname", isHostname],
  ["idn-hostname", isIdnHostname],
  ["ipv4", isIpv4],
  ["ipv6", isIpv6],
  ["uri", isUri],
  ["uri-reference", isUriReference],
  ["iri", isIri],
  ["iri-reference", isIriReference],
  ["uri-template", isUriTemplate],
  ["uuid", isUuid],
  ["json-pointer", isJsonPointer],
  ["relative-json-pointer", isRelativeJsonPointer],
  ["regex", isRegex],
]);
