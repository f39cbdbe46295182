// Regression (red-team probe of error order): the errors of a `schemas` document came in sorted
// key order ("/aa /mm /zz"), where the same document embedded under $defs gave them as written
// ("/zz /aa /mm"), in validate(), allErrors: false, every output format and the CLI's -r files.
// The README: "The errors of `properties` follow the order its names were written in". The
// variants read the `schemas` documents in the caller's key order now, as they read the schema.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, type OutputNode, type ValidationResult, type Validator } from "../../src/index.js";
import { compileWithoutPlans } from "../../src/compile.js";

const other = { $id: "https://example.test/other", properties: { zz: { type: "string" }, aa: { type: "string" }, mm: { properties: { y: { type: "string" }, b: { type: "string" } } } } };
const data = { zz: 1, aa: 1, mm: { y: 1, b: 1 } };
const written = ["/zz", "/aa", "/mm/y", "/mm/b"];

const locations = (result: ValidationResult): string[] => (result.valid ? [] : result.errors.map((unit) => unit.instanceLocation));
function leaves(node: OutputNode, into: string[] = []): string[] {
  if (node.errors === undefined || node.errors.length === 0) {
    if (node.keyword === "type") into.push(node.instanceLocation);
  } else for (const child of node.errors) leaves(child, into);
  return into;
}

test("a schemas document's errors come in the order its keys were written, as an embedded one's do", () => {
  const options = { refs: "document" as const, cache: false as const };
  const embedded: Validator = compile({ $defs: { o: other }, $ref: "https://example.test/other" }, options);
  const given: Validator = compile({ $ref: "https://example.test/other" }, { ...options, schemas: { "https://example.test/other": other } });
  const unplanned: Validator = compileWithoutPlans({ $ref: "https://example.test/other" }, { ...options, schemas: { "https://example.test/other": other } });
  for (const v of [embedded, given, unplanned]) {
    for (let i = 0; i < 20; i++) assert.equal(locations(v.validate(data)), written, `call ${i}`); // the explainer's turn and the closures'
    assert.equal(locations(v.validate(data, { allErrors: false })), ["/zz"]);
    assert.equal(leaves(v.validate(data, { output: "basic" }) as OutputNode), written, "basic");
    for (const output of ["detailed", "verbose"] as const) assert.equal(leaves(v.validate(data, { output }) as OutputNode), written, output);
  }
});

test.run();
