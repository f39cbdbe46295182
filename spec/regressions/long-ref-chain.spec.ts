// Regression (issue 17, "compile overflows the stack"): $defs d0…d750, each {"$ref": next},
// threw RangeError "Maximum call stack size exceeded" from compile() (and the MCP provider's
// onSchemaError: "reject" rethrew it, failing a whole listTools()). Every schema within the bounds
// compiles or is refused with a SchemaError; a long chain of references now compiles, each target
// after the schema that refers to it, and gives the right verdicts in every output mode.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { RefCrossing } from "../../src/engine/ref-crossings.js";
import type { Where } from "../../src/engine/types.js";

function chain(links: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < links; i++) defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  defs[`d${links}`] = { type: "string" };
  return { $defs: defs, $ref: "#/$defs/d0" };
}

for (const links of [750, 2_000]) {
  test(`a chain of ${links} references ending in {"type": "string"}`, () => {
    const v = compile(chain(links), { cache: false });
    assert.equal([v.isValid("s"), v.isValid(1)], [true, false]);
    assert.equal([v.validate("s").valid, v.validate(1).valid], [true, false]);
    const result = v.validate(1);
    if (!result.valid) assert.is(result.errors[0]!.keyword, "type");
  });
}

test("the same chain reached through properties, as an MCP tool's input", () => {
  const schema = chain(2_000);
  const v = compile({ type: "object", properties: { name: { $ref: "#/$defs/d0" } }, $defs: schema["$defs"] }, { cache: false });
  assert.equal([v.isValid({ name: "x" }), v.isValid({ name: 1 })], [true, false]);
});

// The chain of 2,000 above was flaky: the evaluation path of a unit below it was built by a getter
// calling itself once per crossing, which overflowed the stack or not by how far V8 had optimised
// it (its unit was then "$depth", not "type"). Now it is built without recursion, at any length.
test("the evaluation path below 100,000 reference crossings is built without recursion", () => {
  const where = { ptr: "/$defs/d/$ref" } as unknown as Where;
  let frame: RefCrossing | undefined;
  for (let i = 0; i < 100_000; i++) frame = new RefCrossing(frame, "/$defs/d".length, where, { base: "", baseLength: 0, ptr: "/$defs/d" });
  const path = frame!.path;
  assert.is(path.length, "/$defs/d/$ref".length + 99_999 * "/$ref".length);
  assert.ok(path.startsWith("/$defs/d/$ref/$ref") && path.endsWith("/$ref/$ref"));
});

test.run();
