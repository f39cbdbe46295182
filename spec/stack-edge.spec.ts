// compile(), validate() and the MCP layer called with the stack nearly spent (deep in the caller's
// own recursion). What runs out there is the caller's stack: it is thrown (a RangeError, or the
// gate's "depth"), or validate() answers with its `$depth` unit, and nothing made there is kept
// for later calls. Each case runs in a child process: a deep recursion that, as it unwinds, calls
// the API at every frame (behind up to 40 frames of padding, so the calls land at many offsets).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, SchemaError, type Validator } from "../src/index.js";
import { SchemagateJsonSchemaValidator, ToolInputSchema } from "../src/mcp/index.js";

/**
 * Calls `at` behind `padding` down to 0 frames of padding at each frame of a deep recursion as it
 * unwinds, until `enough` calls have returned; what a call (or its padding) throws goes to `failed`.
 */
function atTheEdge(enough: number, padding: number, at: () => void, failed: (error: unknown) => void = () => {}): void {
  const padded = (n: number, then: () => void): void => (n === 0 ? then() : padded(n - 1, then));
  let returned = 0;
  const down = (): void => {
    try {
      down();
    } catch {
      // the edge
    }
    for (let k = padding; k >= 0 && returned < enough; k--) {
      try {
        padded(k, at);
        returned++;
      } catch (error) {
        failed(error);
      }
    }
  };
  down();
}

const outcome = (seen: Map<string, number>, key: string): void => void seen.set(key, (seen.get(key) ?? 0) + 1);
const named = (error: unknown): string => (error instanceof SchemaError ? `SchemaError ${error.code}` : error instanceof Error ? error.constructor.name : String(error));

const CHILDREN: Record<string, () => unknown> = {
  // V8 aborted the process (SIGABRT) compiling a schema's pattern there.
  "compile-patterns"() {
    compile({ type: "string", pattern: "^w$" }, { cache: false });
    const seen = new Map<string, number>();
    const nearest: string[] = []; // the first 450 patterns: those tried nearest the edge
    let k = 0;
    atTheEdge(
      1_000,
      40,
      () => {
        const pattern = `^(?:p${k++})?[a-z]*$`;
        if (k <= 450) nearest.push(pattern);
        compile({ type: "string", pattern }, { cache: false });
        outcome(seen, "compiled");
      },
      (error) => outcome(seen, named(error)),
    );
    // Where the stack is shallow again: each pattern tried there, compiled or not, is still V8's
    // (a 5,000,000-character string, past the linear VM's step bound, passes); one put on the VM
    // there was kept so by the shared matcher table.
    const long = "a".repeat(5_000_000);
    const slow = nearest.filter((pattern) => !compile({ type: "string", pattern }, { cache: false }).validate(long).valid);
    return { seen: Object.fromEntries(seen), slow: slow.length };
  },
  // validate() compiles its error pass and its output formats' pass on first use.
  "validate-variants"() {
    const validators: Validator[] = [];
    for (let i = 0; i < 600; i++) validators.push(compile({ properties: { a: { type: "string", minLength: i } } }, { cache: false }));
    const seen = new Map<string, number>();
    let k = 0;
    atTheEdge(
      1_200,
      40,
      () => {
        const v = validators[k++ % validators.length]!;
        const result = k % 2 === 0 ? v.validate({ a: 1 }, { output: "verbose" }) : v.validate({ a: 1 });
        outcome(seen, result.valid ? "valid" : "invalid");
      },
      (error) => outcome(seen, named(error)),
    );
    const after = validators.every((v) => !v.validate({ a: 1 }).valid && !(v.validate({ a: 1 }, { output: "verbose" }) as { valid: boolean }).valid);
    return { seen: Object.fromEntries(seen), after };
  },
  // An enum's list of values is written once per keyword, for every later message of its validator.
  "enum-messages"() {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 3_000; i++) properties[`p${i}`] = { enum: [{ k: i }, [i, "x"], `s${i}`] };
    const schema = { properties, required: ["warm"] };
    const v = compile(schema, { bounds: false });
    v.validate({}); // the error pass made where the stack is shallow
    let i = 0;
    atTheEdge(3_000, 40, () => void v.validate({ warm: 1, [`p${i++ % 3_000}`]: "other" }));
    const fresh = compile(schema, { bounds: false, cache: false });
    const cached = compile(schema, { bounds: false });
    let differ = 0;
    for (let j = 0; j < 3_000; j++) {
      const data = { warm: 1, [`p${j}`]: "other" };
      if ((cached.validate(data) as { errors: { error: string }[] }).errors[0]!.error !== (fresh.validate(data) as { errors: { error: string }[] }).errors[0]!.error) differ++;
    }
    return { asked: i, sameValidator: cached === v, differ };
  },
  // The MCP provider's reject mode: every refusal is a reject-all validator (the SDK keeps it for the tool).
  "mcp-provider-reject"() {
    const provider = new SchemagateJsonSchemaValidator({ onSchemaError: "reject", bounds: false });
    let deep: unknown = { type: "number" };
    for (let i = 0; i < 20_000; i++) deep = { properties: { a: deep } };
    const schema = { type: "object", properties: { temperature: { type: "number" } } };
    let thrown = 0;
    const handed: ((value: unknown) => { valid: boolean })[] = [];
    let n = 0;
    atTheEdge(1_500, 40, () => void handed.push(provider.getValidator({ ...schema, title: `t${n++}` })));
    let deepAnswer: string;
    try {
      deepAnswer = provider.getValidator(deep)({ a: 1 }).valid ? "accepted" : "refused";
    } catch (error) {
      thrown++;
      deepAnswer = named(error);
    }
    return { handed: handed.length, accepting: handed.filter((fn) => fn({ temperature: 20 }).valid).length, wrongKind: handed.filter((fn) => fn({ temperature: "hot" }).valid).length, deepAnswer, thrown };
  },
  // A ToolInputSchema decides once whether the validator reads its root's `type: "object"`.
  "mcp-root"() {
    const meta = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "https://ex.com/meta", $vocabulary: { "https://json-schema.org/draft/2020-12/vocab/core": true, "https://json-schema.org/draft/2020-12/vocab/applicator": true }, $dynamicAnchor: "meta", type: ["object", "boolean"] };
    let inner: unknown = {};
    for (let i = 0; i < 60; i++) inner = i % 2 ? { not: { not: inner } } : { anyOf: [{ not: {} }, inner] };
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 200; i++) defs[`d${i}`] = i + 1 < 200 ? { anyOf: [false, { $ref: `#/$defs/d${i + 1}` }] } : inner;
    const schema = { $schema: "https://ex.com/meta", type: "object", $ref: "#/$defs/d0", $defs: defs };
    const options = { schemas: { "https://ex.com/meta": meta }, bounds: { maxDepth: 200, maxSubschemas: 10_000 } };
    const built: ToolInputSchema[] = [];
    const seen = new Map<string, number>();
    atTheEdge(
      300,
      0, // a build needs much of the stack: one at each frame
      () => {
        built.push(new ToolInputSchema(schema, options));
        outcome(seen, "built");
      },
      (error) => outcome(seen, named(error)),
    );
    return { seen: Object.fromEntries(seen), fresh: new ToolInputSchema(schema, options).validateArguments(0).valid, acceptZero: built.filter((tool) => tool.validateArguments(0).valid).length };
  },
};

const which = process.argv[2];
if (which !== undefined && Object.hasOwn(CHILDREN, which)) {
  console.log(JSON.stringify(CHILDREN[which]!()));
  process.exit(0);
}

function child(name: string): { status: number | null; signal: NodeJS.Signals | null; stderr: string; result: Record<string, unknown> | undefined } {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), name], { encoding: "utf8", timeout: 120_000 });
  const last = run.stdout.trim().split("\n").pop();
  return { status: run.status, signal: run.signal, stderr: run.stderr.slice(0, 300), result: run.status === 0 && last ? JSON.parse(last) : undefined };
}

test("compile() with the stack nearly spent throws, never aborts the process, and leaves no pattern off V8", () => {
  const run = child("compile-patterns");
  assert.is(run.signal, null, `the process was killed: ${run.stderr}`);
  assert.is(run.status, 0, run.stderr);
  const { seen, slow } = run.result as { seen: Record<string, number>; slow: number };
  assert.ok((seen["compiled"] ?? 0) > 100, `compiled at many depths: ${JSON.stringify(seen)}`);
  assert.ok((seen["RangeError"] ?? 0) + (seen["SchemaError depth"] ?? 0) > 0, `the edge was reached: ${JSON.stringify(seen)}`);
  assert.equal(Object.keys(seen).filter((key) => !["compiled", "RangeError", "SchemaError depth"].includes(key)), [], `only the stack's errors: ${JSON.stringify(seen)}`);
  assert.is(slow, 0, "every pattern compiled there is V8's later");
});

test("validate() with the stack nearly spent answers, or throws a RangeError: never a SchemaError", () => {
  const { result } = child("validate-variants");
  const { seen, after } = result as { seen: Record<string, number>; after: boolean };
  assert.ok((seen["invalid"] ?? 0) > 100, JSON.stringify(seen));
  assert.equal(Object.keys(seen).filter((key) => key !== "invalid" && key !== "RangeError"), [], `no other outcome: ${JSON.stringify(seen)}`);
  assert.is(after, true, "each validator's passes still work once the stack is shallow");
});

test("a ToolInputSchema built with the stack nearly spent keeps no wrong decision about its root", () => {
  const { result } = child("mcp-root");
  const { seen, fresh, acceptZero } = result as { seen: Record<string, number>; fresh: boolean; acceptZero: number };
  assert.ok((seen["built"] ?? 0) > 100 && (seen["RangeError"] ?? 0) > 0, JSON.stringify(seen));
  assert.is(fresh, false, "0 is no tool arguments");
  assert.is(acceptZero, 0, "none built there accepts 0");
});

test("an enum's message written with the stack nearly spent is not kept for later calls", () => {
  const { result } = child("enum-messages");
  const { asked, sameValidator, differ } = result as { asked: number; sameValidator: boolean; differ: number };
  assert.ok(asked > 1_000, `asked at many offsets: ${asked}`);
  assert.is(sameValidator, true, "the cache hands out the validator that wrote them");
  assert.is(differ, 0, "its messages are a fresh validator's");
});

test("the MCP provider's reject mode fails closed: no throw, no validator that accepts what it should not", () => {
  const { result } = child("mcp-provider-reject");
  const { handed, wrongKind, deepAnswer, thrown } = result as { handed: number; accepting: number; wrongKind: number; deepAnswer: string; thrown: number };
  assert.ok(handed > 1_000, `handed out at many offsets: ${handed}`);
  assert.is(wrongKind, 0, "none handed out near the edge accepts invalid data");
  // A schema whose walk the stack cannot hold (bounds lifted): thrown, the SDK would check the tool's results against nothing.
  assert.is(thrown, 0, `a schema too deep for the stack is refused, not thrown: ${deepAnswer}`);
  assert.is(deepAnswer, "refused");
});

test("a ToolInputSchema whose every verdict is $depth is built, and checks its root's type", () => {
  const meta = { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "https://ex.com/no-validation", $vocabulary: { "https://json-schema.org/draft/2020-12/vocab/core": true, "https://json-schema.org/draft/2020-12/vocab/applicator": true }, $dynamicAnchor: "meta", allOf: [{ $ref: "https://json-schema.org/draft/2020-12/meta/core" }, { $ref: "https://json-schema.org/draft/2020-12/meta/applicator" }] };
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < 9_000; i++) defs[`d${i}`] = i + 1 < 9_000 ? { $ref: `#/$defs/d${i + 1}` } : { properties: { x: { type: "string" } } };
  const schema = { $schema: "https://ex.com/no-validation", type: "object", $ref: "#/$defs/d0", $defs: defs, required: ["x"] };
  const tool = new ToolInputSchema(schema, { schemas: { "https://ex.com/no-validation": meta }, refs: "document", bounds: { maxSubschemas: 20_000 } });
  const zero = tool.validateArguments(0);
  assert.is(zero.valid, false);
  assert.equal(tool.missingRequiredArguments({}), ["x"]);
});

test("a value whose getter recurses forever is shown as one JSON cannot write, in its own unit", () => {
  const endless: Record<string, unknown> = {};
  Object.defineProperty(endless, "k", { enumerable: true, get: function get(): unknown { return get(); } });
  const result = compile({ properties: { q: { const: 1 } } }).validate({ q: endless });
  assert.is(result.valid, false);
  const unit = (result as { errors: { keyword: string; instanceLocation: string; error: string }[] }).errors[0]!;
  assert.is(unit.keyword, "const");
  assert.is(unit.instanceLocation, "/q");
  assert.match(unit.error, "an object JSON cannot write");
});

test.run();
