// Absent tool-call arguments are checked as `{}` (as the SDKs send them): Standard Schema's
// validate returns that value, as assertArguments does, not the `undefined` it was given.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ToolInputSchema, ToolOutputSchema } from "../src/mcp/index.js";

test("ToolInputSchema: ~standard.validate(undefined) returns { value: {} }, what assertArguments returns", () => {
  const input = new ToolInputSchema({ properties: { city: { type: "string" } } });
  const result = input["~standard"].validate(undefined);
  assert.equal(result, { value: {} });
  assert.equal(result, { value: input.assertArguments(undefined) });
  // Given arguments come back as they are, the same object.
  const args = { city: "Oslo" };
  assert.is((input["~standard"].validate(args) as { value: unknown }).value, args);
});

test("ToolInputSchema: the same for a draft-07 root $ref, whose object rule is checked on its own", () => {
  const input = new ToolInputSchema({ $schema: "http://json-schema.org/draft-07/schema#", $ref: "#/definitions/a", definitions: { a: { properties: { n: { type: "integer" } } } } });
  assert.equal(input["~standard"].validate(undefined), { value: {} });
  assert.equal(input["~standard"].validate({ n: "1" }), { issues: [{ message: 'must be integer, but is "1"', path: ["n"] }] });
  assert.equal(input["~standard"].validate([]), { issues: [{ message: "must be object, but is an array", path: [] }] });
});

test("ToolOutputSchema: an absent result is still an issue", () => {
  const output = new ToolOutputSchema({ type: "object" });
  const absent = output["~standard"].validate(undefined);
  assert.ok("issues" in absent && absent.issues !== undefined);
  assert.match(absent.issues[0]!.message, "must be present");
});

test.run();
