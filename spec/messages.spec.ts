// What users read: the error sentences and the compact view, for every invalid case of the
// official suite, against the golden fixture spec/fixtures/suite-errors.json. A change shows up
// as a readable diff; when it is intended, regenerate the fixture:
//   UPDATE_FIXTURES=1 node scripts/spec.mjs messages
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCases, loadRemotes, suiteOptions } from "../src/cli/suite.js";
import { compile } from "../src/compile.js";
import type { OutputUnit } from "../src/engine/types.js";
import { SchemaError } from "../src/errors.js";
import { compact, formatCompact } from "../src/output/compact.js";

const ROOT = process.cwd();
const FIXTURE = resolve(ROOT, "spec/fixtures/suite-errors.json");
const UPDATE = process.env["UPDATE_FIXTURES"] === "1";

/** [keywordLocation, instanceLocation, keyword, error] */
type Row = [string, string, string, string];
type Recorded = { errors: Row[]; compact: string[] } | { schemaError: string };

/** Every invalid case of tests/draft2020-12, keyed "file / group / test", in suite order. */
function recordSuite(): Map<string, Recorded> {
  const suiteDir = resolve(ROOT, "JSON-Schema-Test-Suite");
  const remotes = loadRemotes(suiteDir);
  const recorded = new Map<string, Recorded>();
  for (const [file, cases] of loadCases(suiteDir)) {
    for (const c of cases) {
      if (c.valid) continue;
      let key = `${file} / ${c.group} / ${c.description}`;
      for (let n = 2; recorded.has(key); n++) key = `${file} / ${c.group} / ${c.description} (${n})`;
      let validator;
      try {
        validator = compile(c.schema, suiteOptions(c.file, remotes));
      } catch (error) {
        if (!(error instanceof SchemaError)) throw error;
        recorded.set(key, { schemaError: error.code });
        continue;
      }
      const result = validator.validate(c.data);
      const errors = result.valid ? [] : result.errors;
      recorded.set(key, {
        errors: errors.map((e) => [e.keywordLocation, e.instanceLocation, e.keyword, e.error]),
        compact: errors.length === 0 ? [] : formatCompact(errors).split("\n"),
      });
    }
  }
  return recorded;
}

/** The fixture's text: one case per key, one error per line (so a diff of the file reads well too). */
function serialize(recorded: Map<string, Recorded>): string {
  const list = (items: unknown[]) => (items.length === 0 ? "[]" : `[\n${items.map((x) => `      ${JSON.stringify(x)}`).join(",\n")}\n    ]`);
  const cases = [...recorded].map(([key, value]) => {
    const body = "schemaError" in value ? `    "schemaError": ${JSON.stringify(value.schemaError)}` : `    "errors": ${list(value.errors)},\n    "compact": ${list(value.compact)}`;
    return `  ${JSON.stringify(key)}: {\n${body}\n  }`;
  });
  return `{\n${cases.join(",\n")}\n}\n`;
}

/** A case as lines for the diff. */
function lines(value: Recorded | undefined): string[] {
  if (value === undefined) return [];
  if ("schemaError" in value) return [`schemaError ${value.schemaError}`];
  return [...value.errors.map((r) => `error   ${JSON.stringify(r)}`), ...value.compact.map((l) => `compact ${l}`)];
}

/** A line diff (longest common subsequence): "  " kept, "- " only in the fixture, "+ " only now. */
function diffLines(before: string[], after: string[]): string[] {
  const n = before.length;
  const m = after.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = before[i] === after[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) out.push(`    ${before[i++]}`), j++;
    else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) out.push(`  - ${before[i++]}`);
    else out.push(`  + ${after[j++]}`);
  }
  return out;
}

test("the messages of every invalid suite case match spec/fixtures/suite-errors.json", () => {
  const now = recordSuite();
  assert.ok(now.size > 500, "the suite was not found; run npm run suite:link");
  if (UPDATE) {
    mkdirSync(dirname(FIXTURE), { recursive: true });
    writeFileSync(FIXTURE, serialize(now));
    console.log(`  wrote ${now.size} cases to ${FIXTURE}`);
    return;
  }
  const fixture = new Map(Object.entries(JSON.parse(readFileSync(FIXTURE, "utf8")) as Record<string, Recorded>));
  const keys = [...new Set([...fixture.keys(), ...now.keys()])];
  const changed = keys.filter((k) => JSON.stringify(fixture.get(k)) !== JSON.stringify(now.get(k)));
  if (changed.length === 0) return;
  const shown = changed.slice(0, 25).map((k) => {
    const tag = !fixture.has(k) ? "new case" : !now.has(k) ? "case gone" : "changed";
    return [`${tag}: ${k}`, ...diffLines(lines(fixture.get(k)), lines(now.get(k)))].join("\n");
  });
  const more = changed.length > shown.length ? `\n… and ${changed.length - shown.length} more case(s)` : "";
  assert.unreachable(
    `${changed.length} case(s) differ from the fixture (- fixture, + now); if intended: UPDATE_FIXTURES=1 node scripts/spec.mjs messages\n\n${shown.join("\n\n")}${more}\n`,
  );
});

test("a value in a message reads as in JSON; numbers that JSON cannot write read as themselves", () => {
  const messages = (schema: unknown, data: unknown) => {
    const result = compile(schema, { cache: false }).validate(data);
    return result.valid ? [] : result.errors.map((e) => e.error);
  };
  assert.equal(messages({ maximum: 1 }, 1.5), ["must be <= 1, but is 1.5"]);
  // A bound says why it fails a number JSON has not (an infinity on its side would meet it).
  assert.equal(messages({ maximum: 1 }, NaN), ["must be <= 1, but is NaN, which is no JSON number"]);
  assert.equal(messages({ exclusiveMaximum: 1 }, Infinity), ["must be < 1, but is Infinity, which is no JSON number"]);
  assert.equal(messages({ minimum: 1 }, Infinity), ["must be >= 1, but is Infinity, which is no JSON number"]);
  assert.equal(messages({ minimum: 0 }, -0.5), ["must be >= 0, but is -0.5"]);
  assert.equal(messages({ const: 1 }, "a\nb"), ['must be equal to 1, but is "a\\nb"']);
  assert.equal(messages({ const: 1 }, null), ["must be equal to 1, but is null"]);
  assert.equal(messages({ const: 1 }, false), ["must be equal to 1, but is false"]);
});

test("the fixture's text is what serialize() writes (deterministic, one error per line)", () => {
  if (UPDATE) return;
  const text = readFileSync(FIXTURE, "utf8");
  const parsed = new Map(Object.entries(JSON.parse(text) as Record<string, Recorded>));
  assert.ok(serialize(parsed) === text, "spec/fixtures/suite-errors.json was edited by hand or reformatted; regenerate it");
});

// The compact view on hand-made lists: each rule on its own.

function unit(keywordLocation: string, instanceLocation: string, keyword: string, error: string, params: Record<string, unknown> = {}): OutputUnit {
  return { keywordLocation, instanceLocation, keyword, error, params };
}

test("compact: duplicates go (the same unit, or the same sentence for the same place)", () => {
  const twice = unit("/allOf/0/$ref/minimum", "/a", "minimum", "must be >= 1, but is 0");
  const again = unit("/allOf/1/$ref/minimum", "/a", "minimum", "must be >= 1, but is 0");
  assert.is(formatCompact([twice, twice, again]), "/a: must be >= 1, but is 0");
});

test("compact: max is a count (a fraction is cut down; NaN and negatives are the default)", () => {
  const errors = [0, 1, 2].map((i) => unit(`/properties/k${i}/minimum`, `/k${i}`, "minimum", "must be >= 1, but is 0"));
  assert.is(formatCompact(errors, { max: 1.5 }), "/k0: must be >= 1, but is 0\n… and 2 more");
  assert.is(compact(errors, { max: 2.9 }).length, 2);
  assert.is(compact(errors, { max: Number.NaN }).length, 3);
  assert.is(formatCompact(errors, { max: Infinity }).split("\n").length, 3);
  // Regression: what is not a number was coerced ([] as 0, true as 1), and a max on
  // Object.prototype was read: `Object.prototype.max = 0` made formatCompact(errors, {}) empty.
  for (const max of [[], true, "1", null]) assert.is(compact(errors, { max } as never).length, 3, String(max));
  const proto = Object.prototype as Record<string, unknown>;
  try {
    proto.max = 0;
    assert.is(formatCompact(errors, {}).split("\n").length, 3);
    assert.is(compact(errors, {}).length, 3);
  } finally {
    delete proto.max;
  }
});

test("compact: a failed anyOf keeps the branch that came closest, and says so", () => {
  const errors = [
    unit("/anyOf/0/type", "", "type", "must be string, but is object", { type: "string" }),
    unit("/anyOf/1/required", "", "required", 'must have required property "x"'),
    unit("/anyOf/1/required", "", "required", 'must have required property "y"'),
    unit("/anyOf/2/properties/a/minimum", "/a", "minimum", "must be >= 1, but is 0"),
    unit("/anyOf", "", "anyOf", "must match at least one schema in anyOf"),
  ];
  const kept = compact(errors);
  assert.is(JSON.stringify(kept.map((e) => [e.keywordLocation, e.closest?.branch, e.closest?.of])), JSON.stringify([["/anyOf/2/properties/a/minimum", 2, 3]]));
  assert.is(formatCompact(errors), "/a: must be >= 1, but is 0 (closest of 3 anyOf branches)");
  // Equal counts: the deeper branch wins; a wrong type at the anyOf's own place always loses.
  const tie = [
    unit("/oneOf/0/type", "", "type", "must be array, but is object", { type: "array" }),
    unit("/oneOf/1/required", "", "required", 'must have required property "x"'),
    unit("/oneOf/2/properties/a/type", "/a", "type", "must be string, but is integer", { type: "string" }),
    unit("/oneOf", "", "oneOf", "must match exactly one schema in oneOf, but matches none"),
  ];
  assert.is(formatCompact(tie), "/a: must be string, but is integer (closest of 3 oneOf branches)");
});

test("compact: when every branch wants another type, one line names them", () => {
  const errors = [
    unit("/properties/t/anyOf/0/type", "/t", "type", "must be string, but is boolean", { type: "string" }),
    unit("/properties/t/anyOf/1/type", "/t", "type", "must be number or null, but is boolean", { type: ["number", "null"] }),
    unit("/properties/t/anyOf", "/t", "anyOf", "must match at least one schema in anyOf"),
  ];
  assert.is(formatCompact(errors), "/t: must match at least one schema in anyOf (the branches expect string or number or null, but it is boolean)");
});

test("compact: nested anyOf are settled inside out; anyOf under items are settled per item", () => {
  const nested = [
    unit("/anyOf/0/anyOf/0/minLength", "", "minLength", "must have at least 3 characters, but has 1"),
    unit("/anyOf/0/anyOf/1/pattern", "", "pattern", 'must match the pattern "^x", but is "a"'),
    unit("/anyOf/0/anyOf/1/maxLength", "", "maxLength", "must have at most 0 characters, but has 1"),
    unit("/anyOf/0/anyOf", "", "anyOf", "must match at least one schema in anyOf"),
    unit("/anyOf/1/type", "", "type", "must be number, but is string", { type: "number" }),
    unit("/anyOf", "", "anyOf", "must match at least one schema in anyOf"),
  ];
  assert.is(formatCompact(nested), "(root): must have at least 3 characters, but has 1 (closest of 2 anyOf branches)");
  const items = [
    unit("/items/anyOf/0/type", "/0", "type", "must be string, but is integer", { type: "string" }),
    unit("/items/anyOf/1/minimum", "/0", "minimum", "must be >= 5, but is 1"),
    unit("/items/anyOf", "/0", "anyOf", "must match at least one schema in anyOf"),
    unit("/items/anyOf/0/minLength", "/1", "minLength", "must have at least 2 characters, but has 1"),
    unit("/items/anyOf/1/type", "/1", "type", "must be number, but is string", { type: "number" }),
    unit("/items/anyOf", "/1", "anyOf", "must match at least one schema in anyOf"),
  ];
  assert.is(formatCompact(items), ["/0: must be >= 5, but is 1 (closest of 2 anyOf branches)", "/1: must have at least 2 characters, but has 1 (closest of 2 anyOf branches)"].join("\n"));
});

test("compact: a oneOf that matches too many stays as it is; a false branch counts as a wrong type", () => {
  const many = [unit("/oneOf", "", "oneOf", "must match exactly one schema in oneOf, but matches 2 (indexes 0 and 2)")];
  assert.is(formatCompact(many), "(root): must match exactly one schema in oneOf, but matches 2 (indexes 0 and 2)");
  const withFalse = [unit("/anyOf/0", "", "false", "no value is allowed here (the schema is false)"), unit("/anyOf/1/minimum", "", "minimum", "must be >= 2, but is 1"), unit("/anyOf", "", "anyOf", "must match at least one schema in anyOf")];
  assert.is(formatCompact(withFalse), "(root): must be >= 2, but is 1 (closest of 2 anyOf branches)");
});

test("compact: the list is capped (20 by default) with an '… and N more' line", () => {
  const errors = Array.from({ length: 25 }, (_, i) => unit("/items/minimum", `/${i}`, "minimum", `must be >= 1, but is 0`));
  assert.is(compact(errors).length, 20);
  assert.is(compact(errors, { max: 3 }).length, 3);
  const text = formatCompact(errors, { max: 3 }).split("\n");
  assert.is(JSON.stringify(text), JSON.stringify(["/0: must be >= 1, but is 0", "/1: must be >= 1, but is 0", "/2: must be >= 1, but is 0", "… and 22 more"]));
  assert.is(formatCompact(errors).split("\n").at(-1), "… and 5 more");
  assert.is(formatCompact([]), "");
});

test("compact: on real validators, prototype-looking names are plain names", () => {
  const schema: unknown = JSON.parse('{"properties": {"constructor": {"type": "string"}, "__proto__": {"type": "string"}}, "required": ["toString"]}');
  const v = compile(schema, { cache: false });
  const result = v.validate(JSON.parse('{"constructor": 1, "__proto__": 2}'));
  assert.ok(!result.valid);
  assert.is(
    formatCompact(result.valid ? [] : result.errors).split("\n").sort().join("\n"),
    ['(root): must have required property "toString"', "/__proto__: must be string, but is 2", "/constructor: must be string, but is 1"].join("\n"),
  );
});

// A value JSON cannot write (a cycle) was shown as "[object Object]" (a README audit).
test("a value JSON cannot write is said as such, not as [object Object]", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  const items: unknown[] = [];
  items.push(items);
  const v = compile({ const: 1 }, { cache: false });
  for (const [value, shown] of [[cyclic, "an object JSON cannot write"], [items, "an array JSON cannot write"]] as const) {
    const result = v.validate(value);
    assert.is(result.valid ? "" : result.errors[0]!.error, `must be equal to 1, but is ${shown}`);
  }
});

test.run();
