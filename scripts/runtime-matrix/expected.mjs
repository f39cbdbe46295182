// The answers example.mjs must give on every runtime, written down by hand (from the README and
// the dialects' rules), not recorded from any runtime.
export const EXPECTED_CHECKS = {
  "2020-12 isValid {name:'Ada'}": true,
  "2020-12 isValid {name:'',age:-1}": false,
  "2020-12 validate {name:'',age:-1}": ["/name /properties/name/minLength", "/age /properties/age/minimum"],
  "2020-12 validate {name:'Ada',x:1}": [" /additionalProperties"],
  "2020-12 assert {age:3}": [" /required"],
  "2020-12 prefixItems/items:false [1] [1,2]": [true, false],
  "2020-12 unevaluatedProperties {a,b}": ["b"],
  "2020-12 pattern ^\\p{L}+$ Ada Ada1 Zoë": [true, false, true],
  "2020-12 pattern ^(a+)+$ on 50,000 a's and a b": false,
  "2020-12 exclusiveMinimum:true": "invalid-schema at /exclusiveMinimum",
  "draft-07 $ref sibling ignored {n:5,tags:['a']}": true,
  "draft-07 $ref {n:-1,tags:[]}": false,
  "draft-07 dependencies {n:0}": false,
  "draft-07 validate {tags:['a',1]}": ["/tags/1 /properties/tags/additionalItems"],
  "draft-07 format date 2024-02-29 2024-02-30, formats": [true, false],
  "draft-07 format date 2024-02-30, no formats": true,
  "draft-07 $schema with prefixItems ignored": true,
  "draft-04 exclusiveMinimum:true 0 1": [false, true],
  "draft-04 validate 0 absoluteKeywordLocation": ["http://example.com/positive#/minimum"],
  "draft-04 boolean subschema": "invalid-schema at /properties/a",
  "formats email ada@example.org, 'ada at example'": [true, false],
  "no formats email 'ada at example'": true,
  "formats idn-hostname 例え.テスト, -bad-.com": [true, false],
  "formats date-time leap second, Feb 30": [true, false],
  "formats ipv6 ::1, 1::2::3": [true, false],
};

const BLOCKED = { newFunction: "blocked (EvalError)", eval: "blocked (EvalError)" };

/** What each runtime must say about building code from strings. */
export const EXPECTED_CODE_GENERATION = {
  node: BLOCKED, // --disallow-code-generation-from-strings
  deno: BLOCKED, // --v8-flags=--disallow-code-generation-from-strings
  workerd: BLOCKED, // workerd's default inside a request handler, where the example runs
  chromium: BLOCKED, // the page's CSP has no 'unsafe-eval'
  // JavaScriptCore has no switch to forbid it; Bun checks the verdicts only.
  bun: { newFunction: "allowed", eval: "allowed" },
};
