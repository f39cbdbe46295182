// With the stack nearly spent, V8's RegExp parser throws a SyntaxError ("Maximum call stack size
// exceeded") and the regex parser's own frames a RangeError. Neither says anything of the pattern:
// format "regex" must not answer false for a valid one there, and the property names it asks V8
// about (src/regex/names.ts keeps the answers) must not be kept as unknown for later patterns.
// Each case runs in a child process, whose table of property names starts empty.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../src/index.js";
import { formats } from "../src/formats/index.js";
import { isPropertyName } from "../src/regex/names.js";
import { compiledNow } from "../src/regex/compiled-now.js";
import { RegExpWhenUsed } from "../src/regex/when-used.js";

const PATTERNS = ["^(?<year>\\d{4})-(a|b)+[x-z]$", "^\\p{Script=Tamil}+\\p{Lu}$"];

/** In the child: formats.regex asked at every frame as a deep recursion unwinds, then once more where the stack is shallow. */
function child(pattern: string): void {
  const answers = { true: 0, false: 0, threw: 0 };
  const down = (): void => {
    try {
      down();
    } catch {
      // the edge: ask from here on, as the frames unwind
    }
    try {
      answers[String(formats.regex!(pattern)) as "true" | "false"]++;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      answers.threw++;
    }
  };
  down();
  let compiled: boolean;
  try {
    compiled = compile({ type: "string", pattern }).isValid("x");
    compiled = true;
  } catch {
    compiled = false;
  }
  console.log(JSON.stringify({ ...answers, after: formats.regex!(pattern), compiled }));
}

/**
 * In the child: the property-name check where V8's parser runs out of stack. Reaching that point
 * through the regex parser depends on V8's frame sizes (its own RegExp tests need more stack than
 * the parse, in Node 20), so V8's answer there, a SyntaxError (as `new RegExp` at the stack's edge
 * gives), stands in for the first ask of the name.
 */
function childNames(body: string): void {
  const Native = RegExp;
  let failures = 1;
  const standIn = function (this: unknown, source: string, flags?: string) {
    if (source === `\\p{${body}}` && failures-- > 0) throw new SyntaxError(`Invalid regular expression: /${source}/${flags}: Maximum call stack size exceeded`);
    return new Native(source, flags);
  } as unknown as RegExpConstructor;
  globalThis.RegExp = standIn;
  let first: string;
  try {
    first = String(isPropertyName(body));
  } catch (error) {
    first = error instanceof RangeError ? "RangeError" : String(error);
  } finally {
    globalThis.RegExp = Native;
  }
  let compiled: boolean;
  try {
    compile({ type: "string", pattern: `^\\p{${body}}$` });
    compiled = true;
  } catch {
    compiled = false;
  }
  console.log(JSON.stringify({ first, after: isPropertyName(body), compiled }));
}

if (process.argv[2] === "--child") {
  child(process.argv[3]!);
  process.exit(0);
}
if (process.argv[2] === "--child-names") {
  childNames(process.argv[3]!);
  process.exit(0);
}

const inChild = (pattern: string, how = "--child"): { true: number; false: number; threw: number; first?: string; after: boolean; compiled: boolean } => {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), how, pattern], { encoding: "utf8", timeout: 60_000 });
  assert.is(run.status, 0, run.stderr.slice(0, 300));
  return JSON.parse(run.stdout.trim().split("\n").pop()!);
};

for (const pattern of PATTERNS) {
  test(`format "regex" never answers false for ${JSON.stringify(pattern)} at the stack's edge, nor after it`, () => {
    const seen = inChild(pattern);
    assert.ok(seen.true > 1_000, `asked at many depths: ${JSON.stringify(seen)}`);
    assert.ok(seen.threw > 0, `the edge was reached: ${JSON.stringify(seen)}`);
    assert.is(seen.false, 0, `no wrong answer: ${JSON.stringify(seen)}`);
    assert.is(seen.after, true, "still valid where the stack is shallow");
    assert.is(seen.compiled, true, "a schema with the pattern still compiles");
  });
}

test("a property name V8's parser could not read for want of stack is not kept as unknown", () => {
  const seen = inChild("Script=Tamil", "--child-names");
  assert.is(seen.first, "RangeError", "the stack's error, not an answer");
  assert.is(seen.after, true, "known once there is stack");
  assert.is(seen.compiled, true, "a schema naming it still compiles");
});

test("compiledNow answers false for a pattern V8 cannot compile, and throws the stack running out", () => {
  const failing = (error: Error): RegExp => ({ lastIndex: 0, test: () => { throw error; } }) as unknown as RegExp;
  assert.is(compiledNow(new RegExp("x".repeat(200_000), "u")), false, "V8: Regular expression too large");
  assert.is(compiledNow(failing(new SyntaxError("Invalid regular expression: /x/u: Regular expression too large"))), false);
  assert.throws(() => compiledNow(failing(new RangeError("Maximum call stack size exceeded"))), RangeError);
  assert.throws(() => compiledNow(failing(new SyntaxError("Invalid regular expression: /x/u: Maximum call stack size exceeded"))), RangeError);
  assert.is(compiledNow(/^[a-z]+$/u), true);
});

test("a RegExpWhenUsed the stack ran out on is compiled by the next ask, not kept uncompiled", () => {
  const regex = new RegExpWhenUsed(String.raw`^\p{Script=Tamil}$`, "u");
  const apply = Reflect.apply;
  Reflect.apply = () => {
    throw new RangeError("Maximum call stack size exceeded"); // compiledNow's room check, at the edge
  };
  try {
    assert.throws(() => regex.made(), RangeError);
  } finally {
    Reflect.apply = apply;
  }
  const test = RegExp.prototype.test;
  let tests = 0;
  RegExp.prototype.test = function (this: RegExp, text: string) {
    tests++;
    return test.call(this, text);
  };
  try {
    regex.made();
  } finally {
    RegExp.prototype.test = test;
  }
  assert.is(tests, 2, "compiled for both widths on the next ask");
});

test("the patterns are valid, and an unknown property still is not", () => {
  for (const pattern of PATTERNS) assert.is(formats.regex!(pattern), true);
  assert.is(formats.regex!("\\p{Script=Tamilx}"), false);
  assert.is(formats.regex!("(a"), false);
});

test.run();
