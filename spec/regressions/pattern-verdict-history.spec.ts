// Regression (hostile MCP servers, red-team): a compile met a pattern another compile had analysed
// at no cost to its own analysis work (COMPILE_ANALYSIS_WORK), so whether a schema was accepted
// depended on what the process had compiled before it. A schema of 40 costly patterns and 25
// large ones was refused in a fresh process (the large ones, past the analysis work, held more than
// COMPILE_VM_STATES on the VM) and accepted once another server's tool had used the large ones;
// under the MCP provider's default that decided whether the SDK validated the server's other
// tools at all. A compile now pays for every pattern's analysis, and where its work left cannot,
// the pattern goes where a fresh process would put it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError } from "../../src/index.js";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
/** Patterns V8 may run, each costly to prove so; 40 of them spend one compile's analysis work. */
const costly = (tag: string, i: number) => `^(?:a|b|c|d|e|f|g|h|i|j|k|l|m|n|o|p){8}[a-p]{8}[^a]{8}[^b]{8}${tag}${LETTERS[i % 26]}${LETTERS[Math.floor(i / 26)]}$`;
/** Patterns cheap to prove safe for V8, of about 5,000 VM states each. */
const large = (tag: string, i: number) => `^${tag}[a-z]{${5000 + i}}$`;
const properties = (patterns: string[]) => Object.fromEntries(patterns.map((pattern, i) => [`p${i}`, { type: "string", pattern }]));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function schemas(tag: string) {
  return {
    victim: { type: "object", properties: properties([...range(40).map((i) => costly(tag, i)), ...range(25).map((i) => large(tag, i))]) },
    other: { type: "object", properties: properties(range(25).map((i) => large(tag, i))) },
  };
}

function refusal(schema: unknown): string | undefined {
  try {
    compile(schema, { cache: false });
    return undefined;
  } catch (error) {
    assert.instance(error, SchemaError);
    return (error as SchemaError).code;
  }
}

test("a schema's patterns get one verdict, whatever the process compiled before", () => {
  const fresh = schemas("q");
  assert.is(refusal(fresh.victim), "unsupported-regex");
  assert.is(refusal(fresh.other), undefined);
  assert.is(refusal(fresh.victim), "unsupported-regex", "after another compile analysed the large patterns");
  const warm = schemas("w");
  assert.is(refusal(warm.other), undefined);
  assert.is(refusal(warm.victim), "unsupported-regex", "the other compile first");
});

test("a schema whose patterns another compile analysed compiles and validates as before", () => {
  const { other } = schemas("s");
  const first = compile(other, { cache: false });
  const second = compile(other, { cache: false });
  const data = { p0: "s" + "a".repeat(5000), p1: "s" + "a".repeat(5000) };
  assert.is(first.isValid(data), false); // p1 needs 5,001 letters
  assert.is(second.validate(data).valid, false);
  assert.ok(second.isValid({ p0: "s" + "a".repeat(5000), p1: "s" + "b".repeat(5001) }));
});

test.run();
