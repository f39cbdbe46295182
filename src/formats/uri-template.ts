// "uri-template" (RFC 6570 §2, levels 1-4). Only the syntax is checked, nothing is expanded.
// The apostrophe is accepted in literals (RFC 6570 erratum 6937: "'" is a sub-delim like the rest).
// Read piece by piece rather than by one `^(?:literal|expression)*$`: V8 keeps a backtrack entry
// per repetition of a group, and its stack overflows (RangeError) past some eight million.
import { BAD_ESCAPE, charsAndEscapes, IPRIVATE, UCSCHAR } from "./uri.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

// Any character but CTL, SP, DQUOTE, "%" (only as pct-encoded), "<", ">", "\", "^", "`", "{", "|", "}".
const LITERALS = charsAndEscapes(`!#$&'()*+,\\-./0-9:;=?@A-Z\\[\\]_a-z~${UCSCHAR}${IPRIVATE}`);
// The operator set includes the ones reserved for future extensions ("=", ",", "!", "@", "|").
const OPERATOR = compiledBeforeUse(/^[+#./;?&=,!@|]/);
// varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded.
const VARNAME_CHARS = compiledBeforeUse(/^[A-Za-z0-9_.%]+$/);
const PREFIX_LENGTH = compiledBeforeUse(/^[1-9][0-9]{0,3}$/);

function isVarspec(spec: string): boolean {
  let name = spec;
  if (spec.endsWith("*")) name = spec.slice(0, -1);
  else {
    const colon = spec.indexOf(":");
    if (colon >= 0) {
      if (!PREFIX_LENGTH.test(spec.slice(colon + 1))) return false;
      name = spec.slice(0, colon);
    }
  }
  return VARNAME_CHARS.test(name) && !name.startsWith(".") && !name.endsWith(".") && !name.includes("..") && !BAD_ESCAPE.test(name);
}

/** "{" [ operator ] varspec *( "," varspec ) "}", given what is between the braces. */
function isExpression(body: string): boolean {
  const list = OPERATOR.test(body) ? body.slice(1) : body;
  return list.split(",").every(isVarspec);
}

export function isUriTemplate(value: string): boolean {
  for (let at = 0; at < value.length; ) {
    const open = value.indexOf("{", at);
    if (!LITERALS.test(open < 0 ? value.slice(at) : value.slice(at, open))) return false;
    if (open < 0) return true;
    const close = value.indexOf("}", open);
    if (close < 0 || !isExpression(value.slice(open + 1, close))) return false;
    at = close + 1;
  }
  return true;
}
