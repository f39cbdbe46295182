// The "hostile" section: schemas and data that make a validator's work explode (issue 5's
// exponential reference chains; issue 17's backtracking patterns, child values reached by two
// keywords, dynamic scope), each run once per library in a fresh process with a time limit, so a
// peer that explodes is stopped and shown as such.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { COLD_SPECS, coldScript } from "./cold.js";

export interface HostileCell {
  /** Milliseconds for compile + one validation. */
  ms?: number;
  /** The verdict: true when valid. */
  ok?: boolean;
  /** Still running at the time limit: stopped. */
  timedOut?: boolean;
  /** The process died (out of memory, a signal): what killed it. */
  crashed?: string;
  /** It threw: the error's first line. */
  na?: string;
}

export interface HostileRow {
  /** The id of the family's group (`HOSTILE_GROUPS`). */
  readonly group: string;
  readonly family: string;
  readonly n: number;
  /** The right verdict. */
  readonly expected: boolean;
  /** Per library id. */
  readonly cells: Record<string, HostileCell>;
}

interface Family {
  readonly name: string;
  readonly sizes: readonly number[];
  /** The right verdict on the family's instance. */
  readonly expected: boolean;
  /** schemagate's compile options when its defaults refuse the schema (the peers have no such policy). */
  readonly options?: Record<string, unknown>;
  build(n: number): { schema: unknown; data: unknown };
}

export interface HostileGroup {
  /** What `--hostile` selects by. */
  readonly id: string;
  readonly title: string;
  /** What the families are and what N counts. */
  readonly intro: string;
  readonly families: readonly Family[];
}

/** `$defs` d0 … dN, each referring to the next twice through `op`: 2^N paths. */
function doubling(n: number, op: string, leaf: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) $defs[`d${i}`] = { [op]: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  $defs[`d${n}`] = leaf;
  return { $ref: "#/$defs/d0", $defs, ...extra };
}

/** `leaf` wrapped `depth` times. */
function nested(depth: number, wrap: (inner: unknown) => unknown, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
}

/**
 * spec/regressions/dynamic-scope-memo.spec.ts: level i is an embedded resource applying `ways`
 * resources of their own, each referring to level i + 1; the last level holds a `$dynamicRef`
 * (its anchor is also declared in a resource out of scope, so the reference stays dynamic).
 */
function dynamicLevels(depth: number, ways: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) {
    $defs[`L${i}`] = { $id: `L${i}`, allOf: Array.from({ length: ways }, (_, j) => ({ $ref: `W${i}-${j}` })) };
    for (let j = 0; j < ways; j++) $defs[`W${i}-${j}`] = { $id: `W${i}-${j}`, $ref: `L${i + 1}` };
  }
  $defs[`L${depth}`] = { $id: `L${depth}`, $dynamicAnchor: "node", type: "object", properties: { next: { $dynamicRef: "#node" } } };
  $defs["other"] = { $id: "other", $dynamicAnchor: "node", type: "string" };
  return { $id: "https://example.com/root", $defs, $ref: "L0" };
}

const pattern = (p: string) => ({ type: "string", pattern: p });
const toRoot = { $ref: "#" };

export const HOSTILE_GROUPS: readonly HostileGroup[] = [
  {
    id: "refs",
    title: "Exponential reference chains (issue 5)",
    intro: "`$defs` d0 … dN where each entry refers to the next twice (2^N paths), with the instance that makes every branch count.",
    families: [
      { name: "anyOf chain, invalid instance", sizes: [16, 24, 32], expected: false, build: (n) => ({ schema: doubling(n, "anyOf", { type: "integer" }), data: "x" }) },
      { name: "allOf chain, valid instance", sizes: [16, 24, 32], expected: true, build: (n) => ({ schema: doubling(n, "allOf", { type: "integer" }), data: 1 }) },
      {
        name: "oneOf chain (never exactly one), valid-typed instance",
        sizes: [16, 24, 32],
        expected: false,
        build: (n) => ({ schema: doubling(n, "oneOf", { type: "integer" }), data: 1 }),
      },
      {
        name: "anyOf chain behind unevaluatedProperties, valid instance",
        sizes: [16, 24, 32],
        expected: true,
        build: (n) => ({ schema: doubling(n, "anyOf", { properties: { a: true } }, { unevaluatedProperties: false }), data: { a: 1 } }),
      },
    ],
  },
  {
    id: "redos",
    title: "Backtracking patterns, ReDoS (issue 17)",
    intro:
      "A pattern from the schema on a string (or a property name) of N characters that makes a backtracking engine try every way to split it " +
      "(`(\\w+\\s?)*$` does match, on the empty string at the end, but only after every split at every earlier position has failed). " +
      "The peers run `pattern` with JavaScript's `RegExp` (`u` flag); schemagate on V8 only when its analysis proves the pattern linear there, otherwise on its own linear-time matcher.",
    families: [
      { name: '`^(a+)+$` on "a"×N + "!"', sizes: [20, 24, 28], expected: false, build: (n) => ({ schema: pattern("^(a+)+$"), data: "a".repeat(n) + "!" }) },
      {
        name: '`(\\w+\\s?)*$` in `propertyNames`, on a key "a"×(N−1) + "!"',
        sizes: [20, 24, 28],
        expected: true,
        build: (n) => ({ schema: { type: "object", propertyNames: { pattern: "(\\w+\\s?)*$" } }, data: { ["a".repeat(n - 1) + "!"]: 1 } }),
      },
      { name: "`\\s*#` on N spaces", sizes: [12_500, 25_000, 50_000], expected: false, build: (n) => ({ schema: pattern("\\s*#"), data: " ".repeat(n) }) },
      { name: '`a*a*a*b` on "a"×N', sizes: [100, 200, 50_000], expected: false, build: (n) => ({ schema: pattern("a*a*a*b"), data: "a".repeat(n) }) },
    ],
  },
  {
    id: "fan-out",
    title: "A child value reached by two keywords (issue 17)",
    intro:
      "Two keywords of one schema object apply subschemas to the same child, each through `$ref: \"#\"` back to the root, so the work doubles " +
      "(or more) with every level of data; N is the data's depth. The instances are valid: every branch is evaluated. `items` and `contains` sit in an " +
      '`anyOf` beside `{"type": "array", "maxItems": 0}`, which ends the recursion.',
    families: [
      {
        name: '`properties` and `patternProperties` (`^a$`), on {"a": …} N deep',
        sizes: [16, 20, 24],
        expected: true,
        build: (n) => ({ schema: { properties: { a: toRoot }, patternProperties: { "^a$": toRoot } }, data: nested(n, (inner) => ({ a: inner }), {}) }),
      },
      {
        name: 'four `patternProperties` (`^a`, `a$`, `^.$`, `.`), on {"a": …} N deep',
        sizes: [8, 12],
        expected: true,
        build: (n) => ({ schema: { patternProperties: { "^a": toRoot, "a$": toRoot, "^.$": toRoot, ".": toRoot } }, data: nested(n, (inner) => ({ a: inner }), {}) }),
      },
      {
        name: "`items` and `contains`, on [[…]] N deep",
        sizes: [16, 20, 24],
        expected: true,
        build: (n) => ({
          schema: { anyOf: [{ type: "array", items: toRoot, contains: toRoot }, { type: "array", maxItems: 0 }] },
          data: nested(n, (inner) => [inner], []),
        }),
      },
    ],
  },
  {
    id: "dynamic-scope",
    title: "Dynamic scope (issue 17)",
    intro:
      "N levels of embedded `$id` resources; each level applies two or three resources of its own (`allOf`), each referring to the next level; " +
      'the last level has a `$dynamicRef` (spec/regressions/dynamic-scope-memo.spec.ts). Valid instance `{"next": {"next": {}}}`. ' +
      'schemagate compiles it with `refs: "document"` (its default allows only `#…` references; the peers have no such policy).',
    families: [2, 3].map((ways) => ({
      name: `${ways} ways down per level`,
      sizes: ways === 2 ? [10, 20, 24] : [12, 20],
      expected: true,
      options: { refs: "document" },
      build: (n: number) => ({ schema: dynamicLevels(n, ways), data: { next: { next: {} } } }),
    })),
  },
];

export const HOSTILE_TIMEOUT_MS = 5_000;

/** One cell: the script `file` in a fresh process, stopped at the time limit. */
function runCell(out: string, file: string): HostileCell {
  try {
    const text = execFileSync(process.execPath, [file], { cwd: out, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: HOSTILE_TIMEOUT_MS });
    const r = JSON.parse(text) as { compileMs: number; validateMs: number; ok: boolean };
    return { ms: r.compileMs + r.validateMs, ok: r.ok };
  } catch (e) {
    const error = e as { signal?: string; stderr?: string; message?: string };
    const stderr = String(error.stderr || error.message);
    if (error.signal === "SIGTERM") return { timedOut: true };
    if (/heap out of memory/.test(stderr)) return { crashed: "out of memory" };
    if (error.signal) return { crashed: error.signal };
    return { na: stderr.split("\n").find((l) => /Error/.test(l))?.trim().slice(0, 120) ?? "failed" };
  }
}

/**
 * Runs every family of the groups whose id is in `only` (every group without) at every size for
 * every library; `out` holds schemagate.mjs (bundled src/).
 */
export function hostileSection(out: string, log: (text: string) => void, only?: readonly string[]): HostileRow[] {
  const rows: HostileRow[] = [];
  for (const group of HOSTILE_GROUPS) {
    if (only && !only.includes(group.id)) continue;
    for (const family of group.families) {
      for (const n of family.sizes) {
        log(`hostile: ${group.id}: ${family.name}, N = ${n}`);
        const { schema, data } = family.build(n);
        const cells: HostileRow["cells"] = {};
        for (const spec of COLD_SPECS) {
          const file = join(out, `hostile-${spec.id}.mjs`);
          writeFileSync(file, coldScript(spec, schema, data, family.options));
          cells[spec.id] = runCell(out, file);
        }
        rows.push({ group: group.id, family: family.name, n, expected: family.expected, cells });
      }
    }
  }
  return rows;
}

function cellText(c: HostileCell, expected: boolean): string {
  if (c.timedOut) return `> ${HOSTILE_TIMEOUT_MS / 1000} s`;
  if (c.crashed) return `crash (${c.crashed})`;
  if (c.ms === undefined) return `n/a (${c.na})`;
  const verdict = c.ok ? "valid" : "invalid";
  return `${c.ms < 10 ? c.ms.toFixed(2) : c.ms.toFixed(0)} ms (${c.ok === expected ? verdict : `**${verdict}: wrong**`})`;
}

export function renderHostile(rows: readonly HostileRow[]): string {
  const ids = COLD_SPECS.map((s) => s.id);
  const lines = [
    "## Hostile schemas (issues 5 and 17)",
    "Schemas and data that make a validator's work explode. One fresh process per cell: compile + one validation (the boolean mode of the cold-start " +
      `scripts), in milliseconds; a cell still running after ${HOSTILE_TIMEOUT_MS / 1000} s is stopped (\`> ${HOSTILE_TIMEOUT_MS / 1000} s\`); ` +
      "`crash (…)`: the process died (out of memory, a signal); `n/a (…)`: it threw. The verdict (valid/invalid) is shown beside the time, " +
      "marked **wrong** when it is not the right one.",
  ];
  for (const group of HOSTILE_GROUPS) {
    const mine = rows.filter((r) => r.group === group.id);
    if (!mine.length) continue;
    lines.push(
      "",
      `### ${group.title}`,
      group.intro,
      "",
      `| family | N | ${COLD_SPECS.map((s) => s.label).join(" | ")} |`,
      `| --- | ---: | ${ids.map(() => "---:").join(" | ")} |`,
    );
    for (const row of mine) lines.push(`| ${row.family} | ${row.n.toLocaleString("en-US")} | ${ids.map((id) => cellText(row.cells[id]!, row.expected)).join(" | ")} |`);
  }
  return lines.join("\n");
}
