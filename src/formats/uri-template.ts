// "uri-template" (RFC 6570 §2, levels 1-4). Only the syntax is checked, nothing is expanded.
// The apostrophe is accepted in literals (RFC 6570 erratum 6937: "'" is a sub-delim like the rest).
import { IPRIVATE, UCSCHAR } from "./uri.js";

const PCT = "%[0-9A-Fa-f]{2}";
// Any character but CTL, SP, DQUOTE, "%" (only as pct-encoded), "<", ">", "\", "^", "`", "{", "|", "}".
const LITERAL = `[!#$&'()*+,\\-./0-9:;=?@A-Z\\[\\]_a-z~${UCSCHAR}${IPRIVATE}]|${PCT}`;
const VARCHAR = `(?:[A-Za-z0-9_]|${PCT})`;
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9][0-9]{0,3}|\\*)?`;
// The operator set includes the ones reserved for future extensions ("=", ",", "!", "@", "|").
const EXPRESSION = `\\{[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*\\}`;
const URI_TEMPLATE = new RegExp(`^(?:${LITERAL}|${EXPRESSION})*$`, "u");

export const isUriTemplate = (value: string): boolean => URI_TEMPLATE.test(value);
