// The MCP SDK 2.x writes a tool's Standard Schema issues into one error for the client and the
// model: each issue's path joined by ".", ": ", its message, the issues joined by ", ". Before,
// the path's keys went in raw (a key could colour the host's terminal or forge a log line) and
// nothing bounded the whole: 1,000 keys of 2,000 characters made a 2,034,943-character error.
// Paths now show a key holding control or invisible characters escaped, and the tool schemas
// keep the issues within MAX_ERROR_MESSAGE_LENGTH as the SDK joins them.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile } from "../../src/index.js";
import { MAX_ERROR_MESSAGE_LENGTH, ToolInputSchema, ToolOutputSchema } from "../../src/mcp/index.js";
import { issuesWithin, type StandardIssue } from "../../src/standard-schema.js";
import { check, runs } from "../helpers/arbitraries.js";
import { text } from "./fixtures.js";
import { connect, ERAS, newMcpServer } from "./sdk-v2-harness.js";

const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const HOSTILE_KEY = "ab\u001b[31mRED\n\u202eFORGED";
/** The SDK's error text for issues (formatIssue, joined by ", "). */
const joined = (issues: readonly StandardIssue[]): string =>
  issues.map((i) => (i.path === undefined || i.path.length === 0 ? i.message : `${i.path.map((p) => String(typeof p === "object" ? p.key : p)).join(".")}: ${i.message}`)).join(", ");

const closed = { propertyNames: { maxLength: 3 }, additionalProperties: { type: "integer" } };

test("a Validator's issues show a hostile key escaped in the path; ordinary keys stay the real ones", () => {
  const result = compile(closed, { cache: false })["~standard"].validate({ [HOSTILE_KEY]: "x", ok: "y" });
  assert.ok(result.issues !== undefined);
  const paths = result.issues.map((i) => i.path);
  assert.ok(paths.some((p) => p?.[0] === "ok"), JSON.stringify(paths));
  for (const path of paths) for (const key of path ?? []) assert.not.match(String(key), UNSAFE);
  assert.ok(paths.some((p) => p?.[0] === "ab\\u001b[31mRED\\n\\u202eFORGED"), JSON.stringify(paths));
});

test("issuesWithin: the joined text fits, nothing is dropped when all fit, and the count says what was left out", () => {
  const long = fc.integer({ min: 0, max: 700 }).map((n) => "k".repeat(n));
  const issue = fc.record({ message: fc.oneof(fc.string({ maxLength: 300 }), long), path: fc.array(fc.oneof(fc.string({ maxLength: 200 }), long, fc.nat(99)), { maxLength: 3 }) });
  check(
    fc.property(fc.array(issue, { maxLength: 60 }), fc.boolean(), fc.integer({ min: 40, max: 2_000 }), (issues, truncated, max) => {
      const kept = issuesWithin(issues, truncated, max);
      const text = joined(kept);
      const whole = joined(issues);
      if (!truncated && whole.length <= max) assert.equal(kept, issues, "all fit: unchanged");
      else {
        assert.ok(text.length <= max, `${text.length} > ${max}`);
        // The issues listed (the first perhaps cut), then what ends the list: the count of those
        // left out, or (none left out) that the validator stopped recording.
        const last = kept[kept.length - 1]!;
        const ending = /^… \((\d+)\+? more\)$|^… \(more not recorded\)$/.exec(last.message);
        const listed = ending === null ? kept.length : kept.length - 1;
        assert.ok(listed >= 1 || issues.length === 0, "the first issue is kept");
        const left = issues.length - listed;
        if (left > 0) assert.is(last.message, `… (${left}${truncated ? "+" : ""} more)`);
        else if (truncated) assert.is(last.message, "… (more not recorded)");
        else assert.is(ending, null);
        for (let i = 1; i < listed; i++) assert.equal(kept[i], issues[i], "the issues after the first are kept whole");
      }
    }),
    runs(300),
  );
});

for (const era of ERAS) {
  test(`${era}: a tool's argument and result errors reach the client escaped and within the limit`, async () => {
    const client = await connect(era, () => {
      const server = newMcpServer();
      server.registerTool("t1", { inputSchema: new ToolInputSchema(closed, { cache: false }) }, async () => ({ content: [{ type: "text", text: "ran" }] }));
      server.registerTool("t2", { outputSchema: new ToolOutputSchema(closed, { cache: false }) }, async (extra) => {
        void extra;
        return { content: [], structuredContent: Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`${HOSTILE_KEY}${"k".repeat(2_000)}${i}`, "v"])) };
      });
      return server;
    });
    const wide = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`${HOSTILE_KEY}${"k".repeat(2_000)}${i}`, "v"]));
    for (const [name, args] of [["t1", wide], ["t1", { [HOSTILE_KEY]: 1 }], ["t2", {}]] as const) {
      const called = await client.callTool({ name, arguments: args });
      assert.is(called.isError, true, name);
      const message = text(called.content);
      assert.not.match(message, UNSAFE, `${name}: ${JSON.stringify(message.slice(0, 300))}`);
      // The SDK's own words ("Input validation error: Invalid arguments for tool t1: ") come first.
      assert.ok(message.length <= MAX_ERROR_MESSAGE_LENGTH + 120, `${name}: ${message.length} characters`);
      assert.match(message, name === "t1" ? "Invalid arguments for tool t1" : "Invalid structured content for tool t2");
    }
    await client.close();
  });
}

test.run();
