// --max-schema-depth, --max-subschemas and --max-schema-size: the gate's bounds from the command
// line, for a large schema the user trusts; a refusal names the option that lifts it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { file, run } from "./cli-harness.js";

const properties: Record<string, unknown> = {};
for (let i = 0; i < 12_000; i++) properties[`p${i}`] = { type: "string" };
file("wide.schema.json", { type: "object", properties });
let nested: unknown = { type: "string" };
for (let i = 0; i < 40; i++) nested = { type: "object", properties: { a: nested } };
file("nested.schema.json", nested);
file("bounds-instance.json", { p1: "x", a: { a: {} } });
file("bounds-invalid.json", { p1: 1 });

test("a refusal by a bound names the option that raises it, in text and JSON output", () => {
  const wide = run(["validate", "wide.schema.json", "bounds-instance.json"]);
  assert.is(wide.status, 2);
  assert.match(wide.stderr, "more than 10000 objects and boolean subschemas (--max-subschemas) at /properties/p");
  assert.not.match(wide.stderr, "bounds.");
  const deep = run(["check", "nested.schema.json"]);
  assert.match(deep.stdout + deep.stderr, "exceeds the maximum depth of 64 (--max-schema-depth)");
  const json = JSON.parse(run(["validate", "-o", "json", "nested.schema.json", "bounds-instance.json"]).stdout) as { schema: { code: string; message: string } };
  assert.is(json.schema.code, "depth");
  assert.match(json.schema.message, "(--max-schema-depth)");
});

test("the options raise the bounds for validate, test and check; the others keep their defaults", () => {
  assert.is(run(["validate", "--max-subschemas", "20000", "wide.schema.json", "bounds-instance.json"]).status, 0);
  const invalid = run(["validate", "--max-subschemas=20000", "wide.schema.json", "bounds-invalid.json"]);
  assert.is(invalid.status, 1, invalid.stderr);
  assert.match(invalid.stdout, "/p1");
  assert.is(run(["test", "--max-subschemas", "20000", "wide.schema.json", "bounds-instance.json", "--valid"]).status, 0);
  assert.is(run(["check", "--max-schema-depth", "100", "nested.schema.json"]).status, 0);
  // Raising the depth leaves the subschema bound at 10000.
  assert.match(run(["validate", "--max-schema-depth", "100", "wide.schema.json", "bounds-instance.json"]).stderr, "(--max-subschemas)");
  const small = run(["check", "--max-schema-size", "100", "wide.schema.json", "--max-subschemas", "20000"]);
  assert.match(small.stdout + small.stderr, "larger than 100 characters of JSON (--max-schema-size)");
});

test("a bound that is not a whole number of 1 or more is bad usage", () => {
  for (const value of ["0", "-1", "1.5", "1e5", "", "x", "99999999999999999999"]) {
    const r = run(["check", "--max-schema-depth", value, "nested.schema.json"]);
    assert.is(r.status, 2, value);
    assert.match(r.stderr, `--max-schema-depth must be a whole number, 1 or more, not "${value}"`);
  }
});

test("the help of each command lists the options", () => {
  for (const command of ["validate", "test", "check"]) {
    const help = run([command, "--help"]).stdout;
    for (const option of ["--max-schema-depth N", "--max-subschemas N", "--max-schema-size N"]) assert.match(help, option, `${command}: ${option}`);
  }
});

test.run();
