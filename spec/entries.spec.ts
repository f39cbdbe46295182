// The built entries share one engine: schemagate and schemagate/mcp hand out the same classes
// and the same default cache, in ESM and in CommonJS; schemagate/formats stands alone.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = process.cwd();
execFileSync(process.execPath, [resolve(root, "scripts/build.mjs"), "--no-types"], { cwd: root });

test("ESM: one SchemaError, one Validator and one cache behind both entries", async () => {
  const core = await import(pathToFileURL(resolve(root, "dist/index.js")).href);
  const mcp = await import(pathToFileURL(resolve(root, "dist/mcp.js")).href);
  assert.is(core.SchemaError, mcp.SchemaError);
  const schema = { type: "object", properties: { entries: { const: "esm" } } };
  assert.is(core.compile(schema), mcp.compile(schema));
  try {
    new mcp.ToolInputSchema({ type: "string" });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, core.SchemaError);
  }
});

test("CommonJS: the same", () => {
  const require = createRequire(resolve(root, "package.json"));
  const core = require(resolve(root, "dist/index.cjs"));
  const mcp = require(resolve(root, "dist/mcp.cjs"));
  assert.is(core.SchemaError, mcp.SchemaError);
  const schema = { type: "object", properties: { entries: { const: "cjs" } } };
  assert.is(core.compile(schema), mcp.compile(schema));
});

test("one class across module formats: an error from the ESM build is an instance of the CommonJS build's class, and back", async () => {
  const esm = await import(pathToFileURL(resolve(root, "dist/index.js")).href);
  const esmMcp = await import(pathToFileURL(resolve(root, "dist/mcp.js")).href);
  const require = createRequire(resolve(root, "package.json"));
  const cjs = require(resolve(root, "dist/index.cjs"));
  const cjsMcp = require(resolve(root, "dist/mcp.cjs"));
  assert.is.not(esm.SchemaError, cjs.SchemaError, "two copies of the class are loaded");
  const thrown = (run: () => unknown): unknown => {
    try {
      run();
    } catch (error) {
      return error;
    }
    return undefined;
  };
  for (const [from, to] of [[esm, cjs], [cjs, esm]]) {
    const schemaError = thrown(() => from.compile({ type: "strng" }, { cache: false }));
    assert.ok(schemaError instanceof to.SchemaError && schemaError instanceof from.SchemaError);
    assert.not.ok(schemaError instanceof to.ValidationError);
    const validationError = thrown(() => from.compile({ type: "string" }).assert(1));
    assert.ok(validationError instanceof to.ValidationError && !(validationError instanceof to.SchemaError));
  }
  for (const [from, to] of [[esmMcp, cjsMcp], [cjsMcp, esmMcp]]) {
    const args = thrown(() => new from.ToolInputSchema({ properties: { a: { type: "string" } }, required: ["a"] }).assertArguments({}));
    assert.ok(args instanceof to.InvalidArgumentsError && !(args instanceof to.InvalidResultError));
    const result = thrown(() => new from.ToolOutputSchema({ type: "string" }).assertResult(1));
    assert.ok(result instanceof to.InvalidResultError);
  }
  // Plain errors and look-alikes without the brand are not instances.
  assert.not.ok(new Error("x") instanceof esm.SchemaError);
  assert.not.ok(Object.create(Error.prototype) instanceof cjs.ValidationError);
});

test("a SchemaCache shared by the ESM and CommonJS builds keys each format checker apart", async () => {
  // A probe found the second build's checker served the first build's validator: each build
  // numbered checkers from its own counter, so two different checkers made one cache key.
  const esm = await import(pathToFileURL(resolve(root, "dist/index.js")).href);
  const cjs = createRequire(resolve(root, "package.json"))(resolve(root, "dist/index.cjs"));
  const cache = new esm.SchemaCache();
  const schema = { format: "even-length" };
  const fromEsm = esm.compile(schema, { cache, formats: { "even-length": (s: string) => s.length % 2 === 0 } });
  const fromCjs = cjs.compile(schema, { cache, formats: { "even-length": () => false } });
  assert.is.not(fromCjs, fromEsm);
  assert.equal([fromEsm.isValid("ab"), fromCjs.isValid("ab")], [true, false]);
});

test("schemagate/formats: its checkers make the core's format assert, in ESM and CommonJS", async () => {
  const core = await import(pathToFileURL(resolve(root, "dist/index.js")).href);
  const { formats } = await import(pathToFileURL(resolve(root, "dist/formats.js")).href);
  const require = createRequire(resolve(root, "package.json"));
  const cjs = require(resolve(root, "dist/formats.cjs"));
  assert.equal(Object.keys(cjs.formats).sort(), Object.keys(formats).sort());
  const schema = { format: "date" };
  assert.ok(core.compile(schema).isValid("2020-13-45"), "annotation only without checkers");
  assert.not.ok(core.compile(schema, { formats }).isValid("2020-13-45"));
  assert.not.ok(core.compile(schema, { formats: cjs.formats }).isValid("2020-13-45"));
  assert.ok(core.compile(schema, { formats }).isValid("2020-12-31"));
});

test("the core bundle does not carry the format checkers", () => {
  const text = readFileSync(resolve(root, "dist/core.js"), "utf8");
  assert.not.ok(/punycode|isIdnHostname|isDateTime/.test(text), "a format checker is in dist/core.js");
});

test.run();
