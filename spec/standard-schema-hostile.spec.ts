// Regression: `~standard.validate` threw on hostile data. validate() returned, then the issues'
// paths were built by reading the data again, and pathOf called Array.isArray outside its try:
// a Proxy revoked by then threw "Cannot perform 'IsArray' on a proxy that has been revoked".
// Nothing escapes validate, so nothing escapes `~standard.validate` either. Regression: an issue's
// message carried the schema's and the data's raw controls (a C1 CSI, a bidi override, a pattern
// with ESC) and a 5,000-character pattern whole, into the SDK's joined error text.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../src/index.js";
import { pathOf } from "../src/standard-schema.js";

const revoked = (): unknown => {
  const { proxy, revoke } = Proxy.revocable([1, "x"], {});
  revoke();
  return proxy;
};

test("pathOf: a revoked Proxy ends the walk; the rest of the path stays as written", () => {
  assert.equal(pathOf("/1", revoked()), ["1"]);
  assert.equal(pathOf("/a/1/b", { a: revoked() }), ["a", "1", "b"]);
  assert.equal(pathOf("/0/1", [revoked()]), [0, "1"]);
  // A Proxy whose traps throw, read for an own property: the same.
  const trap = new Proxy([[0, 1]], { getOwnPropertyDescriptor: () => { throw new Error("trap"); } });
  assert.equal(pathOf("/0/1", trap), [0, "1"]);
});

test("~standard.validate: data revoked at any read gives issues, never an exception", () => {
  const v = compile({ type: "object", properties: { a: { type: "array", items: { type: "integer" } } } }, { cache: false });
  const counted = (revokeAt: number) => {
    const { proxy, revoke } = Proxy.revocable([1, "x"], {});
    const data = {
      reads: 0,
      get a() {
        if (++this.reads === revokeAt) revoke();
        return proxy;
      },
    };
    return data;
  };
  // ~standard.validate reads "a" more often than validate() does: it builds the paths after validate() returned.
  const byValidate = counted(0);
  v.validate(byValidate);
  const byStandard = counted(0);
  assert.equal(v["~standard"].validate(byStandard), { issues: [{ message: 'must be integer, but is "x"', path: ["a", 1] }] });
  assert.ok(byStandard.reads > byValidate.reads, "the paths read the data after validate() returned");
  // Revoked at each read: within the validation passes (a "$data" issue) or after them, as the paths are built.
  for (let n = 1; n <= byStandard.reads + 1; n++) {
    let result: ReturnType<(typeof v)["~standard"]["validate"]> | undefined;
    assert.not.throws(() => (result = v["~standard"].validate(counted(n))), `revoked at read ${n}`);
    assert.ok(result!.issues !== undefined && result!.issues.length > 0, `revoked at read ${n}: invalid, with an issue`);
    for (const issue of result!.issues!) assert.type(issue.message, "string");
  }
});

test("~standard.validate: messages are printable and cut; validate() keeps its units as they are", () => {
  const pattern = "\u001b\\[2J" + "a".repeat(5_000);
  const v = compile({ type: "object", properties: { a: { type: "integer" }, p: { pattern } }, additionalProperties: false }, { cache: false });
  const data = { a: "\u009b2J\u202eabc\u2028x", "\u009b31m": 1, p: "b" };
  const result = v["~standard"].validate(data);
  assert.ok("issues" in result && result.issues !== undefined);
  const messages = result.issues.map((issue) => issue.message);
  assert.is(messages.length, 3);
  for (const message of messages) {
    assert.not.match(message, /[\u0000-\u001f\u007f-\u009f\u2028-\u202e]/, message.slice(0, 80));
    assert.ok(message.length <= 1_100, `${message.length} characters`);
  }
  assert.ok(messages.some((m) => m.includes("\\u009b2J\\u202e")), "the value's controls are shown as escapes");
  assert.ok(messages.some((m) => m.includes("\\u001b\\[2J") && m.includes("…")), "the pattern's ESC is an escape, its middle cut");
  // validate()'s units are not rewritten: a caller that prints them decides how.
  const units = v.validate(data);
  assert.ok(!units.valid && units.errors.some((unit) => unit.error.includes("\u202e")));
  assert.ok(!units.valid && units.errors.some((unit) => unit.error.includes(pattern)));
});

test.run();
