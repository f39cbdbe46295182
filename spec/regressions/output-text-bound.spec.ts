// Regression (hostile schemas and data): an error list is cut once its text reaches
// MAX_OUTPUT_TEXT characters, but the text counted only the keyword and instance locations and
// the message. absoluteKeywordLocation (a long `$defs` key, percent-encoded up to nine bytes a
// character, repeated per unit: the explainer also wrote it anew for each) and params (a whole
// property name of the data, the schema's allowed values) were not counted. A 300 KB output
// schema over 2 KB of data took seconds and 900 MB per call through the MCP provider, which
// died under a 512 MB heap; a 1 MB key under a thousand `additionalProperties: false` made
// params of a billion characters, and JSON.stringify(result) threw. Both count now.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, type OutputUnit } from "../../src/index.js";
import { SchemagateJsonSchemaValidator, ToolOutputSchema } from "../../src/mcp/index.js";
import { MAX_OUTPUT_TEXT } from "../../src/limits.js";

const serialized = (errors: readonly OutputUnit[]): number => JSON.stringify(errors).length;

test("absolute locations count: a long $defs key reached through an anchor", () => {
  const key = "\u4e00".repeat(100_000); // 900,000 characters once percent-encoded
  const schema = { $defs: { [key]: { $anchor: "x", type: "string" } }, items: { $ref: "#x" } };
  // The explainer's turn (the first invalid instances), then the closures'.
  const v = compile(schema, { cache: false });
  for (let call = 0; call < 20; call++) {
    const result = v.validate(Array(1000).fill(0));
    assert.ok(!result.valid && result.truncated === true, `call ${call}: cut`);
    if (!result.valid) assert.ok(serialized(result.errors) < 2 * MAX_OUTPUT_TEXT, `call ${call}: ${serialized(result.errors)} characters`);
  }
  // Annotations count theirs too.
  const annotated = compile({ $defs: { [key]: { $anchor: "x", title: "t" } }, items: { $ref: "#x" } }, { cache: false }).validate(Array(1000).fill(0), { output: "basic" });
  assert.ok(JSON.stringify(annotated).length < 2 * MAX_OUTPUT_TEXT, String(JSON.stringify(annotated).length));
});

test("params count: a long property name of the data, and a large enum", () => {
  const named = compile({ allOf: Array.from({ length: 1000 }, () => ({ additionalProperties: false })) }, { cache: false }).validate({ ["k".repeat(1_000_000)]: 1 });
  assert.ok(!named.valid && named.truncated === true && serialized(named.errors) < 2 * MAX_OUTPUT_TEXT, "additionalProperty");
  const unevaluated = compile({ allOf: Array.from({ length: 1000 }, () => ({ unevaluatedProperties: false })) }, { cache: false }).validate({ ["k".repeat(1_000_000)]: 1 }, { output: "basic" });
  assert.ok(!unevaluated.valid && unevaluated.truncated === true && JSON.stringify(unevaluated).length < 2 * MAX_OUTPUT_TEXT, "unevaluatedProperty");
  const allowed = compile({ items: { enum: Array.from({ length: 100_000 }, (_, i) => "v" + i) } }, { cache: false }).validate(Array(1000).fill(0));
  assert.ok(!allowed.valid && allowed.truncated === true && serialized(allowed.errors) < 2 * MAX_OUTPUT_TEXT, "allowedValues");
  // Below the bound nothing changes: every unit of a small list is kept.
  const small = compile({ items: { enum: ["a", "b"] } }, { cache: false }).validate(Array(1000).fill(0));
  assert.ok(!small.valid && small.errors.length === 1000 && small.truncated === undefined);
});

// One unit was always kept, whatever its size: a 60,000-character pattern nested under
// patternProperties along a recursion made a keyword location of 120,000 characters per level of
// the data (121 million for 6 KB of data; detailed output took 7 s and 2.2 GB). A unit whose
// location alone passes the bound is left out, and the list says it was cut.
test("one unit longer than the whole bound is left out, the list cut", () => {
  const pattern = "^[a" + "~/".repeat(30_000) + "]$"; // matches "a"; "~" and "/" double when escaped
  let inner: unknown = { $ref: "#/$defs/n" };
  for (let i = 0; i < 17; i++) inner = { type: "object", patternProperties: { [pattern]: inner } };
  const v = compile({ $defs: { n: inner }, $ref: "#/$defs/n" }, { cache: false });
  let data: unknown = 5; // fails `type: object` 60 levels down
  for (let i = 0; i < 60; i++) data = { a: data };
  for (let call = 0; call < 18; call++) {
    // The explainer's turn, then the closures'.
    const result = v.validate(data);
    assert.ok(!result.valid && result.truncated === true);
    assert.ok(serialized(result.errors) <= MAX_OUTPUT_TEXT, `call ${call}`);
  }
  for (const output of ["basic", "detailed", "verbose"] as const) {
    const node = v.validate(data, { output });
    assert.is(node.valid, false);
    assert.ok(JSON.stringify(node).length <= MAX_OUTPUT_TEXT, output);
  }
  // What words the result says that no error is listed, not nothing.
  const none = "no error is listed (maxErrors, or the output's bound, cut the list)";
  assert.equal(v["~standard"].validate(data).issues, [{ message: none }]);
  assert.throws(() => v.assert(data), (e: unknown) => e instanceof Error && e.message === "Invalid data: no error is listed (maxErrors, or the output's bound, cut the list)");
  const provider = new SchemagateJsonSchemaValidator({ cache: false }).getValidator({ $defs: { n: inner }, $ref: "#/$defs/n" });
  assert.is(provider(data).errorMessage, none);
  // The tool schemas' ~standard too (it ended the list with "… (more not recorded)").
  const tool = new ToolOutputSchema({ $defs: { n: inner }, $ref: "#/$defs/n" }, { cache: false });
  assert.equal(tool["~standard"].validate(data).issues, [{ message: none }]);
  // Valid data: the annotations are bound alike.
  const annotated = v.validate({ a: { a: { a: {} } } }, { output: "basic" });
  assert.ok(annotated.valid && JSON.stringify(annotated).length <= 2 * MAX_OUTPUT_TEXT);
});

test.run();
