// Regression: `format` annotated strings only (appliesTo: STRING), so an OpenAPI-style
// `{ type: "integer", format: "int64" }` gave no `format` annotation in the basic, detailed and
// verbose outputs. 2020-12 Validation 7.1 lets a format apply to any instance type and 7.2
// collects its value as an annotation; asserted formats (the `formats` option) still test strings only.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, type CompileOptions, type OutputNode } from "../../src/index.js";
import { formats } from "../../src/formats/index.js";

const schema = { type: "object", properties: { id: { type: "integer", format: "int64" }, price: { format: "double" }, mail: { type: "string", format: "email" }, tags: { format: "email" } } };
const data = { id: 5, price: 1.5, mail: "a@b.c", tags: ["x"] };

function formatAnnotations(node: OutputNode, out: string[] = []): string[] {
  const n = node as OutputNode & { keywordLocation?: string; instanceLocation?: string; annotation?: unknown; annotations?: OutputNode[] };
  if (n.keywordLocation?.endsWith("/format")) out.push(`${n.instanceLocation} ${String(n.annotation)}`);
  for (const child of n.annotations ?? []) formatAnnotations(child, out);
  return out.sort();
}

for (const output of ["basic", "detailed", "verbose"] as const) {
  test(`${output}: format annotates an instance of any type`, () => {
    for (const options of [{ cache: false }, { cache: false, formats }] as CompileOptions[]) {
      assert.equal(formatAnnotations(compile(schema, options).validate(data, { output })), ["/id int64", "/mail email", "/price double", "/tags email"]);
    }
  });
}

test("an asserted format tests strings only", () => {
  const v = compile({ format: "email" }, { formats, cache: false });
  for (const value of [1, 1.5, null, true, [], {}]) assert.equal([v.isValid(value), v.validate(value).valid], [true, true], JSON.stringify(value));
  assert.equal(v.isValid("not an email"), false);
  const errors = v.validate("not an email");
  assert.equal(errors.valid ? [] : errors.errors.map((e) => e.keyword), ["format"]);
});

test.run();
