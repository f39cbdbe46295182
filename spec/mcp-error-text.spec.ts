// The MCP layer's error texts come from untrusted data (a server's structuredContent, a client's
// arguments, a tool's schema) and go to logs and a model's context. Escaped as the CLI prints
// them: one line, no terminal codes, no bidi marks; cut at the limit without half a surrogate pair.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { InvalidArgumentsError, InvalidResultError, MAX_ERROR_MESSAGE_LENGTH, SchemagateJsonSchemaValidator, ToolInputSchema, ToolOutputSchema } from "../src/mcp/index.js";
import { describeErrors } from "../src/mcp/messages.js";
import { printable, printableJson } from "../src/cli/printable.js";
import type { OutputUnit } from "../src/index.js";
import { connect, scriptedServer } from "./mcp/sdk-v2-harness.js";
import { thrown } from "./helpers/refusal.js";

/** Every character the CLI's printable() escapes: controls, format characters, separators and the default-ignorable (invisible) ones. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A key that clears the screen, turns text red, forges a log line and reverses what follows. */
const HOSTILE = "\u001b[2J\u001b[1;31mx\n[info] output validated OK\r\u202e";
const ESCAPED = "\\u001b[2J\\u001b[1;31mx\\n[info] output validated OK\\r\\u202e";
const strings = { type: "object", additionalProperties: { type: "string" } };
const provider = new SchemagateJsonSchemaValidator();

test("errorMessage escapes a hostile key in the instance location", () => {
  const message = provider.getValidator(strings)({ [HOSTILE]: 1 }).errorMessage!;
  assert.is(message, `/${ESCAPED}: must be string, but is 1`);
});

test("errorMessage escapes what JSON.stringify leaves raw in a quoted value (C1, U+2028, U+202E)", () => {
  const message = provider.getValidator({ const: "a" })("\u0085\u2028\u202eevil").errorMessage!;
  assert.is(message, '(root): must be equal to "a", but is "\\u0085\\u2028\\u202eevil"');
});

test("errorMessage escapes exactly what the CLI's printable() escapes", () => {
  const ranges: [number, number][] = [[0x00, 0x1f], [0x7f, 0x9f], [0x61c, 0x61c], [0x200e, 0x200f], [0x2028, 0x202e], [0x2066, 0x2069], [0xfeff, 0xfeff]];
  const key = ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i))).join("") + "é😀";
  const message = provider.getValidator(strings)({ [key]: 1 }).errorMessage!;
  assert.is(message, `/${printable(key)}: must be string, but is 1`);
  assert.not.match(message, UNSAFE);
});

test("escaping happens before the cut: the message stays within MAX_ERROR_MESSAGE_LENGTH", () => {
  const message = provider.getValidator(strings)({ ["\u001b".repeat(2_000)]: 1 }).errorMessage!;
  assert.ok(message.length <= MAX_ERROR_MESSAGE_LENGTH, `${message.length} characters`);
  assert.not.match(message, UNSAFE);
  assert.ok(message.startsWith("/\\u001b\\u001b"));
});

test("InvalidArgumentsError and InvalidResultError messages are escaped; .errors keep the data as it was", () => {
  const args = thrown(() => new ToolInputSchema(strings).assertArguments({ [HOSTILE]: 1 })) as InvalidArgumentsError;
  assert.instance(args, InvalidArgumentsError);
  assert.is(args.message, `Invalid arguments: /${ESCAPED}: must be string, but is 1`);
  assert.is(args.errors[0]!.instanceLocation, `/${HOSTILE}`);
  const result = thrown(() => new ToolOutputSchema({ type: "array", items: { const: 1 } }).assertResult(["\u009b31m"])) as InvalidResultError;
  assert.instance(result, InvalidResultError);
  assert.is(result.message, 'Invalid result: /0: must be equal to 1, but is "\\u009b31m"');
  assert.match(result.errors[0]!.error, "\u009b31m");
});

test("onSchemaError \"reject\": the reason quoting the schema's $ref is escaped, then cut", () => {
  const lenient = new SchemagateJsonSchemaValidator({ onSchemaError: "reject" });
  const reason = lenient.getValidator({ $ref: "x\u001b[31m\nFAKE" })(1).errorMessage!;
  assert.match(reason, 'x\\u001b[31m\\nFAKE"');
  assert.not.match(reason, UNSAFE);
  const long = lenient.getValidator({ $ref: "https://example.com/" + "\u2028".repeat(5_000) })(1).errorMessage!;
  assert.ok(long.length <= MAX_ERROR_MESSAGE_LENGTH, `${long.length} characters`);
  assert.not.match(long, UNSAFE);
});

test("SDK 2.x client: a hostile server's structuredContent key cannot forge a line or colour the log", async () => {
  const tools = [{ name: "t", inputSchema: { type: "object" }, outputSchema: strings }];
  const client = await connect("modern", () => scriptedServer(tools, { t: { content: [], structuredContent: { [HOSTILE]: 1 } } }));
  try {
    await client.listTools();
    const error = await client.callTool({ name: "t", arguments: {} }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    assert.ok(error !== undefined, "the result is rejected");
    assert.match(error!.message, `/${ESCAPED}: must be string, but is 1`);
    assert.not.match(error!.message, UNSAFE);
  } finally {
    await client.close();
  }
});

test("the cut never leaves half a surrogate pair, whatever the offset", () => {
  for (const pad of ["", "x"]) {
    const key = pad + "😀".repeat(600);
    const message = provider.getValidator(strings)({ [key]: 1 }).errorMessage!;
    assert.ok(message.length <= MAX_ERROR_MESSAGE_LENGTH, `${message.length} characters`);
    assert.ok(message.endsWith("😀…"), `pad ${JSON.stringify(pad)}: ${JSON.stringify(message.slice(-4))}`);
    assert.not.match(message, LONE_SURROGATE);
    const args = thrown(() => new ToolInputSchema(strings).assertArguments({ [key]: 1 }));
    assert.not.match(args.message, LONE_SURROGATE);
    const result = thrown(() => new ToolOutputSchema(strings).assertResult({ [key]: 1 }));
    assert.not.match(result.message, LONE_SURROGATE);
  }
});

test("describeErrors: within its limit, no raw unsafe character, no half pair, for any cut", () => {
  const text = fc.array(fc.constantFrom("a", "😀", "\u001b", "\u2028", "\u0085", "é"), { maxLength: 200 }).map((parts) => parts.join(""));
  const unit = fc.record({ instanceLocation: text, error: text });
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 20 }), fc.integer({ min: 40, max: 1_500 }), fc.boolean(), (units, max, truncated) => {
      const errors = units.map((u) => ({ ...u, keywordLocation: "", keyword: "x", params: {} }) as OutputUnit);
      const message = describeErrors(errors, truncated, max);
      assert.ok(message.length <= max, `${message.length} > ${max}`);
      assert.not.match(message, UNSAFE);
      assert.not.match(message, LONE_SURROGATE);
    }),
  );
});

test("invisible characters a model reads but a person does not see are escaped: tag characters, zero-width ones, the soft hyphen", () => {
  // "IGNORE" spelled in tag characters (U+E0049 …), then zero-width space, joiner, word joiner, soft hyphen.
  const hidden = "x\u{E0049}\u{E0047}\u{E004E}\u{E004F}\u{E0052}\u{E0045}\u200b\u200d\u2060\u00ady";
  const message = provider.getValidator({ additionalProperties: false })({ [hidden]: 1 });
  assert.is(message.valid, false);
  if (message.valid) return;
  assert.not.match(message.errorMessage, UNSAFE);
  assert.ok(message.errorMessage.includes("\\udb40\\udc49"), message.errorMessage);
  const issue = new ToolInputSchema({ additionalProperties: false })["~standard"].validate({ [hidden]: 1 });
  assert.ok("issues" in issue && issue.issues !== undefined);
  assert.not.match(issue.issues![0]!.message, UNSAFE);
  assert.is(printable(hidden), "x\\udb40\\udc49\\udb40\\udc47\\udb40\\udc4e\\udb40\\udc4f\\udb40\\udc52\\udb40\\udc45\\u200b\\u200d\\u2060\\u00ady");
  // An emoji of two code units stays as it is (only U+E0000–U+E007F of plane 14 are tags here).
  assert.is(printable("a😀b"), "a😀b");
});

test("every control, format, separator and default-ignorable code point is escaped, alone and after a letter; JSON keeps its meaning", () => {
  let count = 0;
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    if (!UNSAFE.test(c)) continue;
    count++;
    const label = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
    for (const text of [c, `a${c}b`, `😀${c}`]) {
      const shown = printable(text);
      assert.not.match(shown, UNSAFE, label);
      const json = printableJson({ [text]: text });
      assert.not.match(json.replace(/\n/g, ""), UNSAFE, `${label} in JSON`);
      assert.equal(JSON.parse(json), { [text]: text }, `${label}: the same JSON`);
    }
  }
  assert.ok(count > 4_000, `${count} code points checked`);
  // Variation selectors hide bytes after a visible name (U+FE00–FE0F, U+E0100–E01EF).
  assert.is(printable("price\ufe01\u{e0101}"), "price\\ufe01\\udb40\\udd01");
  // The blank Braille pattern is a symbol (So), not default-ignorable, and shows nothing: a name of
  // them (or one after a visible name) reached messages raw while the Hangul filler was escaped.
  assert.is(printable("id\u2800\u2800"), "id\\u2800\\u2800");
  assert.is(printable("\u3164"), "\\u3164");
});

test("messages stay within their limits however much escaping grows them: issues and the thrown errors' whole message", () => {
  const marks = "\u202e".repeat(3000);
  const tool = new ToolInputSchema({ properties: { s: { pattern: "^" + marks + "$" } } }, { cache: false });
  const issue = tool["~standard"].validate({ s: "x" });
  assert.ok("issues" in issue && issue.issues !== undefined);
  assert.ok(issue.issues![0]!.message.length <= 1000, String(issue.issues![0]!.message.length));
  assert.not.match(issue.issues![0]!.message, UNSAFE);
  const many = new ToolInputSchema({ additionalProperties: false }, { cache: false });
  const args = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`key-${i}`, i]));
  const error = thrown(() => many.assertArguments(args));
  assert.ok(error.message.length <= MAX_ERROR_MESSAGE_LENGTH, String(error.message.length));
  assert.ok(error.message.startsWith("Invalid arguments: "));
  const result = thrown(() => new ToolOutputSchema({ additionalProperties: false }, { cache: false }).assertResult(args));
  assert.ok(result.message.length <= MAX_ERROR_MESSAGE_LENGTH, String(result.message.length));
});

test("describeErrors: each pair escaped as printable() escapes it, whether or not the list holds anything to escape", () => {
  // The joined list is tested once; only a list with something to escape is escaped pair by pair.
  const text = fc.array(fc.constantFrom("a", "/", " ", "😀", "\u001b", "\u2028", "\n"), { maxLength: 12 }).map((parts) => parts.join(""));
  const unit = fc.record({ instanceLocation: text, error: text });
  fc.assert(
    fc.property(fc.array(unit, { minLength: 1, maxLength: 8 }), (units) => {
      const errors = units.map((u) => ({ ...u, keywordLocation: "", keyword: "x", params: {} }) as OutputUnit);
      const expected = units.map((u) => printable(`${u.instanceLocation === "" ? "(root)" : u.instanceLocation}: ${u.error}`)).join("; ");
      assert.is(describeErrors(errors, false, 1_000_000), expected);
    }),
  );
});

test.run();
