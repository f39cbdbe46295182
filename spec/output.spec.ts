// The standard output formats: the suite's output-tests/draft2020-12 pass, and every format of
// every suite case is well-formed against the suite's output-schema.json (checked by our own engine).
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCases, loadRemotes, suiteOptions } from "../src/cli/suite.js";
import { compile, SchemaError, type OutputFormat, type OutputNode } from "../src/index.js";
import { expectationOf } from "./suite-expectations.js";

const suiteDir = resolve(process.cwd(), "JSON-Schema-Test-Suite");
const outputDir = join(suiteDir, "output-tests", "draft2020-12");
const outputSchema = JSON.parse(readFileSync(join(outputDir, "output-schema.json"), "utf8")) as { $id: string };
const schemas = { [outputSchema.$id]: outputSchema };
const wellFormed = compile(outputSchema, { refs: "document" });

interface OutputCase {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; output: Record<string, unknown> }[];
}

const files = readdirSync(join(outputDir, "content")).filter((f) => f.endsWith(".json"));

test("the suite's output tests were found", () => {
  assert.ok(files.length >= 4, `found ${files.length} files under ${outputDir}`);
});

for (const file of files) {
  const groups = JSON.parse(readFileSync(join(outputDir, "content", file), "utf8")) as OutputCase[];
  test(`output-tests/content/${file}`, () => {
    let checked = 0;
    for (const group of groups) {
      const validator = compile(group.schema, { refs: "document", cache: false });
      for (const t of group.tests) {
        for (const [format, expectation] of Object.entries(t.output)) {
          const output = validator.validate(t.data, { output: format as OutputFormat });
          const verdict = compile(expectation, { refs: "document", schemas, cache: false }).validate(output);
          assert.ok(verdict.valid, `${group.description} / ${t.description} (${format}): ${JSON.stringify(output)}\n${JSON.stringify(verdict)}`);
          checked++;
        }
      }
    }
    assert.ok(checked > 0);
  });
}

test("every format of every suite case is well-formed output, and agrees with isValid", () => {
  const remotes = loadRemotes(suiteDir);
  let count = 0;
  for (const [file, cases] of loadCases(suiteDir)) {
    for (const c of cases) {
      // Only a case spec/suite-expectations.ts expects to be refused may be, with its code (none in 2020-12).
      const refusal = expectationOf("2020-12", file, c.group, c.description)?.code;
      let validator;
      try {
        validator = compile(c.schema, suiteOptions(c.file, remotes));
      } catch (error) {
        if (!(error instanceof SchemaError) || error.code !== refusal) assert.unreachable(`${file} / ${c.group} / ${c.description}: compile threw ${error instanceof SchemaError ? `SchemaError "${error.code}"` : "a non-SchemaError"}: ${String(error)}`);
        continue;
      }
      assert.is(refusal, undefined, `${file} / ${c.group} / ${c.description}: compiled, expected SchemaError "${refusal}"`);
      const valid = validator.isValid(c.data);
      for (const format of ["flag", "basic", "detailed", "verbose"] as const) {
        const output = validator.validate(c.data, { output: format }) as OutputNode;
        assert.is(output.valid, valid, `${file} / ${c.group} / ${c.description} (${format})`);
        const verdict = wellFormed.validate(output);
        assert.ok(verdict.valid, `${file} / ${c.group} / ${c.description} (${format}): ${JSON.stringify(output)}\n${JSON.stringify(verdict)}`);
        count++;
      }
    }
  }
  assert.ok(count > 5000);
});

test("an invalid result lists an error in every format, maxErrors 1 included: annotations that fill the cap first, or data that changes", () => {
  const annotated = compile({ title: "t", description: "d", properties: { a: { title: "x", type: "string" } } });
  const changing = (): object => {
    let reads = 0;
    return Object.defineProperty({}, "a", { enumerable: true, get: () => (++reads === 1 ? 5 : "ok") });
  };
  for (const output of ["basic", "detailed", "verbose"] as const) {
    for (const maxErrors of [1, 2, undefined]) {
      const errorsOf = (node: OutputNode): unknown[] => ("error" in node ? [node] : ((node as { errors?: OutputNode[] }).errors ?? []).flatMap(errorsOf));
      const plain = annotated.validate({ a: 5 }, { output, maxErrors }) as OutputNode;
      assert.is(plain.valid, false);
      assert.ok(JSON.stringify(errorsOf(plain)).includes("must be string"), `${output}, maxErrors ${maxErrors}: ${JSON.stringify(plain)}`);
      const changed = compile({ type: "object", properties: { a: { type: "string" } } }).validate(changing(), { output, maxErrors }) as OutputNode;
      assert.is(changed.valid, false);
      assert.ok(errorsOf(changed).length >= 1, `${output}, maxErrors ${maxErrors}: ${JSON.stringify(changed)}`);
    }
  }
});

test("a cut list says so in every format, as validate() does", () => {
  const v = compile({ type: "array", items: { type: "string" } });
  const data = Array.from({ length: 50 }, (_, i) => i);
  assert.is((v.validate(data, { maxErrors: 10 }) as { truncated?: boolean }).truncated, true);
  for (const output of ["basic", "detailed", "verbose"] as const) {
    assert.is(v.validate(data, { output, maxErrors: 10 }).truncated, true, output);
    assert.is(v.validate(data, { output }).truncated, undefined, `${output}: not cut`);
    assert.is(v.validate(["a"], { output }).truncated, undefined, `${output}: valid`);
    // Annotations count towards the cap too: a valid instance's list cut at 0 says so.
    assert.is(v.validate(["a"], { output, maxErrors: 0 }).truncated, true, `${output}: valid, annotations cut`);
    // An invalid root cut to no units still carries the (empty) list the output schema requires of it.
    const none = v.validate(data, { output, maxErrors: 0 });
    assert.equal([none.valid, none.errors, none.truncated], [false, [], true], output);
    assert.ok(wellFormed.isValid(none), `${output}: ${JSON.stringify(none)}`);
  }
});

test("detailed and verbose carry annotations of valid instances; failed subschemas keep none", () => {
  const v = compile({
    title: "root",
    properties: { a: { description: "an a", default: 1, format: "email", contentMediaType: "text/plain" } },
    anyOf: [{ required: ["a"], examples: [{ a: 1 }] }, { required: ["b"], title: "never" }],
  });
  const verbose = JSON.stringify(v.validate({ a: "x" }, { output: "verbose" }));
  for (const expected of ['"annotation":"root"', '"annotation":"an a"', '"annotation":1', '"annotation":"email"', '"annotation":"text/plain"', '"annotation":["a"]', '"annotation":[{"a":1}]']) {
    assert.ok(verbose.includes(expected), `${expected} missing from ${verbose}`);
  }
  assert.not.ok(verbose.includes('"never"'), "an annotation of a failed anyOf branch was kept");
  const detailed = v.validate({ a: "x" }, { output: "detailed" }) as OutputNode;
  assert.ok(detailed.valid && detailed.annotations !== undefined);
  const invalid = v.validate({ c: 1 }, { output: "detailed" }) as OutputNode;
  assert.ok(!invalid.valid && JSON.stringify(invalid).includes('"error"') && !JSON.stringify(invalid).includes('"annotation"'));
});

test("unevaluatedProperties and unevaluatedItems annotate what they evaluated", () => {
  const v = compile({ properties: { a: true }, unevaluatedProperties: { type: "number" }, prefixItems: [true], unevaluatedItems: true });
  const objects = JSON.stringify(v.validate({ a: 1, b: 2, c: 3 }, { output: "basic" }));
  assert.match(objects, '"keywordLocation":"/unevaluatedProperties","instanceLocation":"","annotation":["b","c"],"keyword":"unevaluatedProperties"');
  const arrays = JSON.stringify(v.validate([1, 2], { output: "basic" }));
  assert.match(arrays, '"keywordLocation":"/unevaluatedItems","instanceLocation":"","annotation":true,"keyword":"unevaluatedItems"');
  assert.not.match(JSON.stringify(v.validate([1], { output: "basic" })), "unevaluatedItems");
});

test("contains annotates the matching indexes, and its items' annotations sit at the items", () => {
  const out = JSON.stringify(compile({ contains: { type: "string", title: "t" } }).validate([1, "a", "b"], { output: "basic" }));
  assert.match(out, '"keywordLocation":"/contains","instanceLocation":"","annotation":[1,2]');
  assert.match(out, '"keywordLocation":"/contains/title","instanceLocation":"/2","annotation":"t"');
  assert.not.match(out, '"keywordLocation":"/contains/title","instanceLocation":"/0"');
});

test("verbose nests units by subschema, with absolute locations across $ref", () => {
  const v = compile({ $id: "https://example.com/s", properties: { a: { $ref: "#/$defs/n" } }, $defs: { n: { minimum: 0 } } });
  const out = v.validate({ a: -1 }, { output: "verbose" }) as OutputNode;
  const a = out.errors![0]!;
  assert.is(a.keywordLocation, "/properties/a");
  const ref = a.errors![0]!;
  assert.is(ref.keywordLocation, "/properties/a/$ref");
  assert.is(ref.absoluteKeywordLocation, "https://example.com/s#/properties/a/$ref");
  const leaf = ref.errors![0]!;
  assert.is(leaf.keywordLocation, "/properties/a/$ref/minimum");
  assert.is(leaf.absoluteKeywordLocation, "https://example.com/s#/$defs/n/minimum");
  assert.is(leaf.instanceLocation, "/a");
});

test("a long chain of in-place references: every format gives validate()'s errors, and cut annotations say so", () => {
  // A probe found that past a few thousand steps the annotating pass ran out of stack where
  // validate() did not: the formats gave a "$depth" unit instead of the real error, and a valid
  // instance's annotations vanished without `truncated`.
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < 4_000; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  $defs["d4000"] = { properties: { p: { type: "string", title: "P" } } };
  const v = compile({ $defs, $ref: "#/$defs/d0" }, { cache: false });
  const units = (list: readonly { keyword?: string; instanceLocation: string }[]) => list.map((u) => `${u.keyword} ${u.instanceLocation}`);
  const plain = v.validate({ p: 1 });
  assert.is(plain.valid, false);
  const expected = units(plain.valid ? [] : plain.errors);
  for (const output of ["basic", "detailed", "verbose"] as const) {
    const bad = v.validate({ p: 1 }, { output });
    assert.is(bad.valid, false);
    const leaves = JSON.stringify(bad).match(/"keyword":"[^"]*"/g)!.map((k) => k.slice(11, -1));
    assert.equal(leaves, expected.map((u) => u.split(" ")[0]), `${output}: ${JSON.stringify(bad).slice(0, 300)}`);
    const good = v.validate({ p: "x" }, { output });
    assert.ok(JSON.stringify(good).includes('"title"') || good.truncated === true, `${output}: ${JSON.stringify(good).slice(0, 300)}`);
  }
});

test.run();
