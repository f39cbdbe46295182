// The "hostile" section: the exponential blow-up families of issue 5, each run once per library
// in a fresh process with a time limit, so a peer that explodes is stopped and shown as such.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { COLD_SPECS, coldScript } from "./cold.js";

export interface HostileRow {
  readonly family: string;
  readonly n: number;
  /** Per library id: milliseconds for compile + one validation, or why there is none. */
  readonly cells: Record<string, { ms?: number; ok?: boolean; timedOut?: boolean; na?: string }>;
}

/** `$defs` d0 … dN, each referring to the next twice through `op`: 2^N paths. */
function doubling(n: number, op: string, leaf: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) $defs[`d${i}`] = { [op]: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  $defs[`d${n}`] = leaf;
  return { $ref: "#/$defs/d0", $defs, ...extra };
}

/** Each family with the instance that makes it explode (every branch has to be evaluated). */
const FAMILIES: readonly { name: string; build: (n: number) => { schema: unknown; data: unknown } }[] = [
  { name: "anyOf chain, invalid instance", build: (n) => ({ schema: doubling(n, "anyOf", { type: "integer" }), data: "x" }) },
  { name: "allOf chain, valid instance", build: (n) => ({ schema: doubling(n, "allOf", { type: "integer" }), data: 1 }) },
  { name: "oneOf chain (never exactly one), valid-typed instance", build: (n) => ({ schema: doubling(n, "oneOf", { type: "integer" }), data: 1 }) },
  {
    name: "anyOf chain behind unevaluatedProperties, valid instance",
    build: (n) => ({ schema: doubling(n, "anyOf", { properties: { a: true } }, { unevaluatedProperties: false }), data: { a: 1 } }),
  },
];

export const HOSTILE_SIZES = [16, 24, 32] as const;
export const HOSTILE_TIMEOUT_MS = 5_000;

/** Runs every family at every size for every library; `out` holds schemagate.mjs (bundled src/). */
export function hostileSection(out: string, log: (text: string) => void): HostileRow[] {
  const rows: HostileRow[] = [];
  for (const family of FAMILIES) {
    for (const n of HOSTILE_SIZES) {
      log(`hostile: ${family.name}, N = ${n}`);
      const { schema, data } = family.build(n);
      const cells: HostileRow["cells"] = {};
      for (const spec of COLD_SPECS) {
        const file = join(out, `hostile-${spec.id}.mjs`);
        writeFileSync(file, coldScript(spec, schema, data));
        try {
          const text = execFileSync(process.execPath, [file], { cwd: out, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: HOSTILE_TIMEOUT_MS });
          const r = JSON.parse(text) as { compileMs: number; validateMs: number; ok: boolean };
          cells[spec.id] = { ms: r.compileMs + r.validateMs, ok: r.ok };
        } catch (e) {
          const error = e as { signal?: string; stderr?: string; message?: string };
          if (error.signal === "SIGTERM") cells[spec.id] = { timedOut: true };
          else cells[spec.id] = { na: String(error.stderr || error.message).split("\n").find((l) => /Error/.test(l))?.trim().slice(0, 120) ?? "failed" };
        }
      }
      rows.push({ family: family.name, n, cells });
    }
  }
  return rows;
}

export function renderHostile(rows: readonly HostileRow[]): string {
  const ids = COLD_SPECS.map((s) => s.id);
  const lines = [
    "## Hostile schemas (issue 5)",
    `The blow-up families: \`$defs\` d0 … dN where each entry refers to the next twice (2^N paths), with the instance that makes ` +
      `every branch count. One fresh process per cell: compile + one validation, in milliseconds; a cell still running after ` +
      `${HOSTILE_TIMEOUT_MS / 1000} s is stopped (\`> ${HOSTILE_TIMEOUT_MS / 1000} s\`). The verdict (valid/invalid) is shown beside the time.`,
    "",
    `| family | N | ${COLD_SPECS.map((s) => s.label).join(" | ")} |`,
    `| --- | ---: | ${ids.map(() => "---:").join(" | ")} |`,
  ];
  for (const row of rows) {
    const cells = ids.map((id) => {
      const c = row.cells[id]!;
      if (c.timedOut) return `> ${HOSTILE_TIMEOUT_MS / 1000} s`;
      if (c.ms === undefined) return `n/a (${c.na})`;
      return `${c.ms < 10 ? c.ms.toFixed(2) : c.ms.toFixed(0)} ms (${c.ok ? "valid" : "invalid"})`;
    });
    lines.push(`| ${row.family} | ${row.n} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}
