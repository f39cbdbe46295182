// Regression (red-team, a long-running process): V8 keeps the string the last successful RegExp
// match read (RegExp.input, lastMatch, `$1`…: legacy statics) until the next match anywhere. A
// `pattern` or a format that matched the caller's data left it there after the call: a 64 MiB
// string stayed alive after its validator was dropped and the cache cleared, and a value
// validated with `redact` was readable by any code as RegExp.input. The outermost call lets go of
// it as it ends now.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compact, compile, formatCompact, ValidationError } from "../../src/index.js";
import { InvalidResultError, SchemagateJsonSchemaValidator, ToolInputSchema, ToolOutputSchema } from "../../src/mcp/index.js";
import { formats } from "../../src/formats/index.js";

const legacy = RegExp as unknown as { input: string; lastMatch: string };

test("a pattern's or a format's match on a long string of the data is not left in RegExp's statics", () => {
  // Past 256 characters (LONG_VERDICT_TEXT): what the statics may keep of a shorter one is small.
  const secret = "CorrectHorse42" + Math.random().toString(36).slice(2) + "x".repeat(300);
  const password = compile({ type: "object", properties: { password: { type: "string", maxLength: 99, pattern: "^[A-Za-z0-9.]+$" } } }, { cache: false });
  const result = password.validate({ password: secret }, { redact: true });
  assert.not.ok(result.valid);
  assert.not.ok(JSON.stringify(result).includes(secret));
  assert.not.ok(legacy.input.includes(secret));
  assert.ok(password.isValid({ password: secret }) === false);
  assert.not.ok(legacy.input.includes(secret));
  const uri = compile({ type: "string", format: "uri" }, { formats, cache: false });
  assert.ok(uri.isValid(`https://example.org/${secret}`));
  assert.not.ok(legacy.input.includes(secret) || legacy.lastMatch.includes(secret));
  const keys = compile({ patternProperties: { "^k": { type: "string" } } }, { cache: false });
  assert.ok(keys.isValid({ [`k${secret}`]: "v" }));
  assert.not.ok(legacy.input.includes(secret));
});

// A string of 256 characters or fewer was left in the statics as "small", but V8 makes a substring
// of 13 characters or more a slice that keeps its whole parent alive: 100-character lines split
// from a 64 MiB text kept the 64 MiB.
test("a short string of the data that may be a slice of a larger one is not left in RegExp's statics either", () => {
  const text = Array.from({ length: 50 }, (_, i) => `line ${i} ${"y".repeat(90)}`).join("\n");
  const lines = text.split("\n");
  const v = compile({ items: { pattern: "^line" } }, { cache: false });
  assert.ok(v.isValid(lines));
  assert.not.ok(legacy.input.includes("yyyyyyyyyy"), "pattern");
  const uri = compile({ items: { format: "uri" } }, { formats, cache: false });
  assert.ok(uri.isValid(lines.map((line) => `https://a.example/${line.slice(0, 20).replace(/ /g, "-")}`)));
  assert.not.ok(legacy.input.includes("a.example"), "format");
});

// compile(text) for a schema left as JSON text tested the whole text for its hint.
test("a schema given as text is not left in RegExp's statics by the refusal's hint", () => {
  const text = JSON.stringify({ type: "object", description: `secret-${Math.random().toString(36).slice(2)}` });
  assert.throws(() => compile(text), (e: unknown) => e instanceof Error && /pass JSON\.parse\(text\)/.test(e.message));
  assert.not.ok(legacy.input.includes("secret-"));
  assert.throws(() => new ToolInputSchema(text));
  assert.not.ok(legacy.input.includes("secret-"));
  // Nor any other string of a schema a compile's RegExps read: an anchor's name was left there.
  const anchor = `anchor_${Math.random().toString(36).slice(2)}`;
  compile({ $defs: { a: { $anchor: anchor } }, $ref: `#${anchor}` }, { cache: false });
  assert.not.ok(legacy.input.includes("anchor_"), "$anchor");
  assert.throws(() => compile({ $dynamicAnchor: `${anchor}!` }, { cache: false }));
  assert.not.ok(legacy.input.includes("anchor_"), "a refused anchor");
  // A compile inside a validation call (a format checker that compiles) leaves it to the call.
  const inner = compile({ type: "string", format: "inner" }, { formats: { inner: () => compile({ $defs: { a: { $anchor: anchor } }, $ref: `#${anchor}` }, { cache: false }).isValid(1) }, cache: false });
  assert.ok(inner.isValid("x"));
  assert.not.ok(legacy.input.includes("anchor_"), "a compile inside a call");
});

// assert's error, Standard Schema issues, the compact view and the MCP layer's messages word a
// result after its call ended: their escapes (a U+2028 in the data) matched it afterwards.
test("wording a result after its call leaves nothing of the data in RegExp's statics", () => {
  const secret = "\u2028s3cr3t-" + Math.random().toString(36).slice(2);
  const v = compile({ properties: { a: { type: "number" } } }, { cache: false });
  const data = { a: secret };
  const clean = () => !legacy.input.includes("s3cr3t") && !legacy.lastMatch.includes("s3cr3t");
  assert.throws(() => v.assert(data));
  assert.ok(clean(), "assert");
  assert.ok(v["~standard"].validate(data).issues !== undefined);
  assert.ok(clean(), "~standard");
  const result = v.validate(data);
  assert.not.ok(result.valid);
  if (!result.valid) {
    formatCompact(result.errors);
    assert.ok(clean(), "formatCompact");
    compact(result.errors);
    assert.ok(clean(), "compact");
  }
  const tool = new ToolInputSchema({ properties: { a: { type: "number" } } }, { cache: false });
  assert.throws(() => tool.assertArguments(data));
  assert.ok(clean(), "assertArguments");
  const provider = new SchemagateJsonSchemaValidator({ cache: false }).getValidator({ properties: { a: { type: "number" } } });
  assert.not.ok(provider(data).valid);
  assert.ok(clean(), "the provider's validator");
  const output = new ToolOutputSchema({ properties: { a: { type: "number" } } }, { cache: false });
  assert.throws(() => output.assertResult(data));
  assert.ok(clean(), "assertResult");
  if (!result.valid) {
    void new ValidationError(result.errors);
    assert.ok(clean(), "new ValidationError");
    void new InvalidResultError(result.errors);
    assert.ok(clean(), "new InvalidResultError");
  }
});

test.run();
