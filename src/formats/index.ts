// schemagate/formats: checkers for the 19 formats of JSON Schema 2020-12 (Validation §7.3).
// A module of its own, so validators that only annotate "format" (the 2020-12 default) do not
// ship them: pass `formats` to compile() to make "format" assert. Each checker is a pure function
// of a string; callers apply "format" to strings only, and a name with no checker always passes.
import { isDate, isDateTime, isDuration, isTime } from "./date-time.js";
import { isEmail, isIdnEmail } from "./email.js";
import { isHostname, isIdnHostname } from "./hostname.js";
import { isIpv4, isIpv6 } from "./ip.js";
import { isJsonPointer, isRelativeJsonPointer } from "./json-pointer.js";
import { isRegex } from "./regex.js";
import { isUriTemplate } from "./uri-template.js";
import { isIri, isIriReference, isUri, isUriReference } from "./uri.js";
import { isUuid } from "./uuid.js";
import { compilePending } from "../regex/compiled-now.js";

export type FormatCheck = (value: string) => boolean;
/** Format checkers by format name, as compile()'s `formats` option takes them. */
export type FormatCheckers = Readonly<Record<string, FormatCheck>>;

/** The checkers of every 2020-12 format; spread it to add your own (`{ ...formats, semver }`). */
export const formats: FormatCheckers = Object.freeze({
  "date-time": isDateTime,
  date: isDate,
  time: isTime,
  duration: isDuration,
  email: isEmail,
  "idn-email": isIdnEmail,
  hostname: isHostname,
  "idn-hostname": isIdnHostname,
  ipv4: isIpv4,
  ipv6: isIpv6,
  uri: isUri,
  "uri-reference": isUriReference,
  iri: isIri,
  "iri-reference": isIriReference,
  "uri-template": isUriTemplate,
  uuid: isUuid,
  "json-pointer": isJsonPointer,
  "relative-json-pointer": isRelativeJsonPointer,
  regex: isRegex,
});

// Every RegExp the checkers test, compiled for both string widths as this module loads, not
// where deep data first reaches a checker (src/regex/compiled-now.ts).
compilePending();
