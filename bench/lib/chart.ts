// The report as a picture (bench/results.svg, written beside RESULTS.md by --write): per case,
// one horizontal bar per library on a log scale, one panel per measure. Plain strings, so the
// harness gains no dependency; one self-contained file on a white card, so it reads the same on
// GitHub's light and dark themes.
import { fmtRate, isMemoryRow, ROW_LABELS, type Report } from "./report.js";
import type { CaseResult, Cell, Row } from "./types.js";

/** The panels, left to right: the measures people compare validators by. */
export const CHART_ROWS: readonly Row[] = ["valid", "compile"];

export interface ChartOptions {
  rows?: readonly Row[];
  /** Applied to every text taken from the report before escaping (main.ts: strip local paths). */
  clean?: (text: string) => string;
}

/** Okabe–Ito colours (distinguishable with colour-blindness); schemagate the strongest. */
const COLORS: Record<string, string> = {
  schemagate: "#D55E00",
  ajv: "#0072B2",
  "ajv-new": "#56B4E9",
  cfworker: "#009E73",
  hyperjump: "#CC79A7",
  schemasafe: "#E69F00",
};
const SPARE = ["#555555", "#999933", "#882255", "#44AA99"];

const FONT = "font-family=\"Helvetica, Arial, sans-serif\"";
const WIDTH = 1000;
const PAD = 20;
const NAMES_W = 130; // case names
const PANEL_GAP = 24;
const VALUE_W = 56; // room right of the longest bar for its value
const BAR_H = 8;
const SLOT_H = 10;
const GROUP_GAP = 8;
const NAME_MAX = 22; // characters of a case name; the whole name stays in its tooltip

/** XML text and attribute values: the five specials escaped, characters XML 1.0 forbids dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** A tick label for 10^exp: 1, 10, 100, 1k … 100M, 1G; 0.1 and below as decimals. */
export function tickLabel(exp: number): string {
  if (exp < 0) return (10 ** exp).toFixed(-exp);
  const units = ["", "k", "M", "G", "T"];
  const u = Math.min(Math.floor(exp / 3), units.length - 1);
  return `${10 ** (exp - 3 * u)}${units[u]}`;
}

/**
 * Powers of ten that strictly enclose the values, so the smallest bar still has a length:
 * lo < log10(min), hi ≥ log10(max).
 */
export function logRange(values: readonly number[]): [lo: number, hi: number] {
  const logs = values.map(Math.log10);
  const lo = Math.ceil(Math.min(...logs)) - 1;
  return [lo, Math.max(Math.ceil(Math.max(...logs)), lo + 1)];
}

const measured = (cell: Cell | undefined): cell is Cell & { value: number } =>
  cell?.value !== undefined && Number.isFinite(cell.value) && cell.value > 0;

interface Panel {
  row: Row;
  libs: Report["libraries"];
  lo: number;
  hi: number;
  x: number;
  plotW: number;
}

export function renderChart(report: Report, options: ChartOptions = {}): string {
  const clean = options.clean ?? ((t: string) => t);
  const text = (t: string): string => escapeXml(clean(t));
  // The draft-07 versions repeat their cases in another dialect (RESULTS.md compares them).
  const cases = report.cases.filter((c) => !c.variantOf);
  const dropped = report.cases.length - cases.length;
  const rows = (options.rows ?? CHART_ROWS).filter((r) => !isMemoryRow(r) && cases.some((c) => c.cells[r] !== undefined));
  const slots = Math.max(1, ...rows.map((r) => libsOf(report, cases, r).length));
  const groupH = slots * SLOT_H + GROUP_GAP;

  const panelW = rows.length ? (WIDTH - 2 * PAD - NAMES_W - PANEL_GAP * (rows.length - 1)) / rows.length : 0;
  const panels: Panel[] = rows.map((row, i) => {
    const values = cases.flatMap((c) => Object.values(c.cells[row] ?? {}).filter(measured).map((cell) => cell.value));
    const [lo, hi] = values.length ? logRange(values) : [0, 1];
    return { row, libs: libsOf(report, cases, row), lo, hi, x: PAD + NAMES_W + i * (panelW + PANEL_GAP), plotW: panelW - VALUE_W };
  });

  const legendLibs = report.libraries.filter((l) => panels.some((p) => p.libs.includes(l)));
  const colorOf = (id: string): string => COLORS[id] ?? SPARE[report.libraries.findIndex((l) => l.id === id) % SPARE.length]!;

  const out: string[] = [];
  let y = PAD + 18;
  const measures = rows.map((r) => ROW_LABELS[r]).join("; ");
  out.push(`<text x="${PAD}" y="${y}" font-size="17" font-weight="bold" fill="#111">${text(`schemagate and its peers: operations per second (median per case, log scale)`)}</text>`);
  y += 18;
  const m = report.machine;
  const sg = report.schemagate;
  const run = [report.mode === "quick" ? "quick run (rough numbers)" : "", report.partial ? "partial run (some cases)" : ""].filter(Boolean);
  out.push(
    `<text x="${PAD}" y="${y}" font-size="11" fill="#444">${text(
      `One panel per measure; longer is faster. n/a: the library could not run it (bench/RESULTS.md says why).` +
        (dropped ? ` Left out: the ${dropped} draft-07 version${dropped === 1 ? "" : "s"} of other cases.` : ""),
    )}</text>`,
  );
  y += 15;
  out.push(
    `<text x="${PAD}" y="${y}" font-size="11" fill="#444">${text(
      [`${report.date.slice(0, 10)}`, `schemagate ${sg.version} at ${sg.commit}${sg.srcChanges ? " with uncommitted src/ changes" : ""}`, `Node.js ${m.node}`, `${m.cpu}, ${m.cores} cores`, ...run].join(" · "),
    )}</text>`,
  );

  y += 22;
  let lx = PAD;
  for (const l of legendLibs) {
    const label = `${l.label} ${l.version}`;
    out.push(`<rect x="${lx}" y="${y - 9}" width="12" height="10" fill="${colorOf(l.id)}"/>`);
    out.push(`<text class="legend" x="${lx + 16}" y="${y}" font-size="11" fill="#222">${text(label)}</text>`);
    lx += 16 + label.length * 6 + 18;
  }

  y += 26;
  for (const p of panels) out.push(`<text class="panel" x="${p.x}" y="${y}" font-size="13" font-weight="bold" fill="#111">${text(ROW_LABELS[p.row])}</text>`);
  const top = y + 10;
  const bottom = top + cases.length * groupH;

  cases.forEach((c, i) => {
    const gy = top + i * groupH;
    if (i % 2 === 0) out.push(`<rect x="${PAD}" y="${gy}" width="${WIDTH - 2 * PAD}" height="${groupH}" fill="#f4f5f7"/>`);
    const name = c.name.length > NAME_MAX ? c.name.slice(0, NAME_MAX - 1) + "…" : c.name;
    out.push(
      `<text class="case" x="${PAD + NAMES_W - 8}" y="${gy + groupH / 2 + 4}" font-size="11" text-anchor="end" fill="#111">` +
        `<title>${text(`${c.name}: ${c.title}`)}</title>${text(name)}</text>`,
    );
  });

  for (const p of panels) {
    const xOf = (v: number): number => p.x + ((Math.log10(v) - p.lo) / (p.hi - p.lo)) * p.plotW;
    for (let e = p.lo; e <= p.hi; e++) {
      const x = round(p.x + ((e - p.lo) / (p.hi - p.lo)) * p.plotW);
      out.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${bottom + 4}" stroke="${e === p.lo ? "#666" : "#d0d0d0"}" stroke-width="1"/>`);
      out.push(`<text class="tick" data-row="${p.row}" data-exp="${e}" x="${x}" y="${bottom + 16}" font-size="10" text-anchor="middle" fill="#333">${tickLabel(e)}</text>`);
    }
    out.push(`<text x="${round(p.x + p.plotW / 2)}" y="${bottom + 32}" font-size="11" text-anchor="middle" fill="#444">operations per second (log scale)</text>`);

    cases.forEach((c, i) => {
      const gy = top + i * groupH + GROUP_GAP / 2;
      const note = caseNote(c, p.row);
      if (note) {
        out.push(`<text class="note" data-row="${p.row}" data-case="${text(c.name)}" x="${p.x + 4}" y="${gy + (slots * SLOT_H) / 2 + 3}" font-size="9" font-style="italic" fill="#777"><title>${text(note.why)}</title>${text(note.label)}</text>`);
        return;
      }
      p.libs.forEach((l, j) => {
        const cell = c.cells[p.row]?.[l.id];
        const by = gy + (j + (slots - p.libs.length) / 2) * SLOT_H + (SLOT_H - BAR_H) / 2;
        const attrs = `data-row="${p.row}" data-case="${text(c.name)}" data-lib="${text(l.id)}"`;
        if (measured(cell)) {
          const w = round(Math.max(xOf(cell.value) - p.x, 0));
          const value = fmtRate(cell.value);
          out.push(
            `<rect class="bar" ${attrs} data-value="${cell.value}" x="${p.x}" y="${by}" width="${w}" height="${BAR_H}" fill="${colorOf(l.id)}">` +
              `<title>${text(`${l.label}, ${c.name}: ${value}`)}</title></rect>`,
          );
          out.push(`<text x="${round(p.x + w + 3)}" y="${by + BAR_H - 0.5}" font-size="8.5" fill="#333">${text(value)}</text>`);
        } else {
          const label = cell?.skip || !cell ? "—" : "n/a";
          const why = cell?.skip || !cell ? "not measured by design" : (cell.na ?? "no value");
          out.push(
            `<text class="na" ${attrs} x="${p.x + 4}" y="${by + BAR_H - 0.5}" font-size="8.5" font-style="italic" fill="${colorOf(l.id)}">` +
              `<title>${text(`${l.label}, ${c.name}: ${why}`)}</title>${label} (${text(l.label)})</text>`,
          );
        }
      });
    });
  }

  const height = bottom + 32 + PAD;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" ${FONT}>`,
    `<title>${text(`schemagate benchmark: ${measures}`)}</title>`,
    `<rect width="${WIDTH}" height="${height}" rx="6" fill="#ffffff"/>`,
    ...out,
    `</svg>`,
    "",
  ].join("\n");
}

/** The libraries with at least one non-skipped cell in this row, in report order. */
function libsOf(report: Report, cases: readonly CaseResult[], row: Row): Report["libraries"] {
  return report.libraries.filter((l) => cases.some((c) => {
    const cell = c.cells[row]?.[l.id];
    return cell !== undefined && !cell.skip;
  }));
}

/** One label for the whole group when the case has no cells of this row at all. */
function caseNote(c: CaseResult, row: Row): { label: string; why: string } | undefined {
  if (c.skipped !== undefined) return { label: "not run", why: `${c.name} not run: ${c.skipped}` };
  if (c.cells[row] !== undefined) return undefined;
  if (c.error !== undefined) return { label: "n/a: the worker failed", why: `${c.name}: the worker failed: ${c.error.slice(0, 500)}` };
  return { label: "— not measured for this case", why: `${c.name}: ${row === "compile" ? "no compile measured" : "no instance ships with this schema"}` };
}

const round = (x: number): number => Math.round(x * 10) / 10;
