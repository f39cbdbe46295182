// The library as it ships: src/index.ts bundled by esbuild. It must contain no eval-like code
// (so it runs under a strict Content-Security-Policy, on Workers and Deno) and import nothing
// (zero runtime dependencies).
import { build, type Metafile } from "esbuild";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

const ROOT = process.cwd();

/** A direct call of the global eval, `eval (`…, not `medieval(` or `x.evaluate(`. */
const EVAL_CALL = /(?<![\w$])eval\s*\(/;
/** Indirect eval: `(0, eval)(…)`, `globalThis["eval"]`. */
const INDIRECT_EVAL = /,\s*eval\s*\)|\[\s*(["'`])eval\1\s*\]/;
/** `new Function`, with or without arguments, also as `new globalThis.Function`. */
const NEW_FUNCTION = /\bnew\s+(?:[\w$]+\s*\.\s*)*Function\b(?![\w$])/;
/** A call of the Function constructor: `Function(`, `.Function(` — not `isFunction(` or `toFunction(`. */
const FUNCTION_CALL = /(?<![\w$])Function\s*\(/;
/** Reaching the Function constructor through `.constructor(` or `["constructor"](`. */
const CONSTRUCTOR_CALL = /\.\s*constructor\s*\(|\[\s*(["'`])constructor\1\s*\]\s*\(/;
/** A `with (` statement — not `withX(`, `startsWith(`, `.with(` (Array.prototype.with) or `"with"`. */
const WITH_STATEMENT = /(?<![\w$.])with\s*\(/;
/** setTimeout/setInterval with a string of code. */
const STRING_TIMER = /\bset(?:Timeout|Interval)\s*\(\s*["'`]/;

/** Static imports, re-exports, dynamic import() and require(). */
const IMPORT_STATEMENT = /^\s*import\s*(?:[\w$*{\s][^;]*?\bfrom\s*)?["'`]/m;
const EXPORT_FROM = /^\s*export\s*(?:\*|\{)[^;]*?\bfrom\s*["'`]/m;
const DYNAMIC_IMPORT = /(?<![\w$.])import\s*\(/;
const REQUIRE_CALL = /(?<![\w$.])require\s*\(/;

const FORBIDDEN: readonly [string, RegExp][] = [
  ["eval(", EVAL_CALL],
  ["indirect eval", INDIRECT_EVAL],
  ["new Function", NEW_FUNCTION],
  ["Function( constructor call", FUNCTION_CALL],
  [".constructor( call", CONSTRUCTOR_CALL],
  ["with ( statement", WITH_STATEMENT],
  ["setTimeout/setInterval with code", STRING_TIMER],
];
const IMPORTS: readonly [string, RegExp][] = [
  ["import … from", IMPORT_STATEMENT],
  ["export … from", EXPORT_FROM],
  ["import(", DYNAMIC_IMPORT],
  ["require(", REQUIRE_CALL],
];

let built: { text: string; metafile: Metafile } | undefined;

async function bundle(): Promise<{ text: string; metafile: Metafile }> {
  if (built === undefined) {
    const result = await build({
      entryPoints: [path.join(ROOT, "src/index.ts")],
      bundle: true,
      minify: false,
      format: "esm",
      platform: "neutral",
      write: false,
      metafile: true,
      logLevel: "silent",
      outfile: "schemagate.js",
    });
    assert.is(result.errors.length, 0, "esbuild reports no errors");
    assert.is(result.outputFiles.length, 1, "one output file");
    built = { text: result.outputFiles[0]!.text, metafile: result.metafile };
  }
  return built;
}

/** Lines of `text` that match `pattern`, for a readable failure. */
function offending(text: string, pattern: RegExp): string[] {
  return text
    .split("\n")
    .map((line, i) => [i + 1, line] as const)
    .filter(([, line]) => pattern.test(line))
    .map(([n, line]) => `${n}: ${line.trim().slice(0, 160)}`);
}

test("the patterns catch what they are meant to catch", () => {
  const positives: [RegExp, string[]][] = [
    [EVAL_CALL, ["eval('1')", "x = eval (code)", "window.eval(s)", "globalThis.eval (s)"]],
    [INDIRECT_EVAL, ["(0, eval)(s)", "(1,eval)('x')", 'globalThis["eval"](s)', "self['eval']"]],
    [NEW_FUNCTION, ["new Function('a', 'return a')", "new Function", "new  globalThis.Function('x')"]],
    [FUNCTION_CALL, ["Function('return this')()", "globalThis.Function('x')", "f = Function (s)"]],
    [CONSTRUCTOR_CALL, ["(function(){}).constructor('code')", "f['constructor']('x')", 'g["constructor"] ("x")']],
    [WITH_STATEMENT, ["with (scope) { x }", "with(obj) y()", "{ with (a) b }"]],
    [STRING_TIMER, ["setTimeout('alert(1)', 0)", "setInterval(\"x()\", 5)"]],
    [IMPORT_STATEMENT, ['import x from "y";', "import { a } from 'b';", 'import * as ns from "ns";', 'import "side-effect";']],
    [EXPORT_FROM, ['export * from "x";', "export { a } from 'b';"]],
    [DYNAMIC_IMPORT, ['await import("x")', "import ('y')"]],
    [REQUIRE_CALL, ['require("fs")', "const x = require ('y')"]],
  ];
  for (const [pattern, samples] of positives) {
    for (const sample of samples) assert.ok(pattern.test(sample), `${pattern} should match ${JSON.stringify(sample)}`);
  }
});

test("the patterns do not fire on look-alike identifiers", () => {
  const negatives: [RegExp, string[]][] = [
    [EVAL_CALL, ["medieval(x)", "evaluate(x)", "state.evaluated(x)", "reEval(x)", "eval_(x)", "$eval(x)"]],
    [INDIRECT_EVAL, ["f(a, evaluated)", "(0, evalX)(s)", "x['evaluate']"]],
    [NEW_FUNCTION, ["new FunctionCall()", "new MyFunction()", "newFunction()"]],
    [FUNCTION_CALL, ["isFunction(x)", "toFunction(x)", "Functions(x)", "$Function(x)", "typeof x === 'function'"]],
    [CONSTRUCTOR_CALL, ["class A { constructor(x) {} }", "constructor(code, where) {", "x.constructorName(y)"]],
    [WITH_STATEMENT, ["withX(1)", "text.startsWith(x)", "s.endsWith(y)", "arr.with(0, 1)", "withDefaults (a)", "notwith(x)"]],
    [STRING_TIMER, ["setTimeout(fn, 0)", "setInterval(() => 1, 5)"]],
    [IMPORT_STATEMENT, ["const important = 1;", "// import nothing", "reimport(x)"]],
    [DYNAMIC_IMPORT, ["x.import(y)", "reimport(y)", "important(y)"]],
    [REQUIRE_CALL, ["x.require(y)", "required(y)", "isRequired(y)"]],
  ];
  for (const [pattern, samples] of negatives) {
    for (const sample of samples) assert.not.ok(pattern.test(sample), `${pattern} should not match ${JSON.stringify(sample)}`);
  }
});

test("src/index.ts bundles (esm, platform neutral) from src/ only", async () => {
  const { text, metafile } = await bundle();
  assert.ok(text.length > 10_000, `a real bundle (${text.length} characters)`);
  const inputs = Object.keys(metafile.inputs);
  assert.ok(inputs.length > 10, `${inputs.length} inputs`);
  for (const input of inputs) {
    assert.ok(input.split(path.sep).join("/").startsWith("src/"), `input outside src/: ${input}`);
    assert.not.ok(input.includes("node_modules"), `a dependency was bundled: ${input}`);
  }
  for (const [, output] of Object.entries(metafile.outputs)) {
    assert.equal(output.imports, [], "the output imports nothing");
  }
});

test("the bundle contains no eval, new Function, Function( call or with statement", async () => {
  const { text } = await bundle();
  for (const [what, pattern] of FORBIDDEN) {
    assert.equal(offending(text, pattern), [], `no ${what} in the bundle`);
  }
});

test("the bundle imports nothing: zero runtime dependencies", async () => {
  const { text } = await bundle();
  for (const [what, pattern] of IMPORTS) {
    assert.equal(offending(text, pattern), [], `no ${what} in the bundle`);
  }
  assert.not.match(text, /["'`]node:/, "no node: built-in specifiers");
});

test("the bundle exports the public API", async () => {
  const { metafile } = await bundle();
  const exports = Object.values(metafile.outputs)[0]!.exports;
  for (const name of ["compile", "SchemaError", "ValidationError", "Validator"]) {
    assert.ok(exports.includes(name), `exports ${name} (has ${exports.join(", ")})`);
  }
});

test.run();
