// bench/results.svg as a reader and a browser see it: a well-formed, self-contained file, one bar
// per measured (case, library) with its length on the panel's log scale, n/a as a label, every
// text escaped, ticks at the powers of ten around the data. A small synthetic report drives it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { escapeXml, logRange, renderChart, tickLabel } from "../bench/lib/chart.js";
import type { Report } from "../bench/lib/report.js";
import type { CaseResult, Cell, Row } from "../bench/lib/types.js";

const NASTY = "a<&>b \"q\" 'x'";
const ERROR = "timed out <after> 240 s & killed \u001b[31m";

const kase = (name: string, cells: CaseResult["cells"], extra: Partial<CaseResult> = {}): CaseResult => ({
  name, title: `${name} title`, group: "mcp", notes: [], cells, warnings: [], seconds: 1, ...extra,
});
const v = (value: number): Cell => ({ value });

function sample(): Report {
  const cases = [
    kase("mcp-input", {
      valid: { schemagate: v(3.85e6), ajv: v(4.95e6), "ajv-new": { skip: true }, cfworker: v(84_900) },
      compile: { schemagate: v(14_300), ajv: v(447), "ajv-new": v(73.8), cfworker: v(101_000) },
    }),
    kase("mcp-input-draft-07", { valid: { schemagate: v(1), ajv: v(1), cfworker: v(1) } }, { variantOf: "mcp-input" }),
    kase(NASTY, {
      valid: { schemagate: v(23.5), ajv: v(32.9), cfworker: { na: ERROR } },
      compile: { schemagate: v(98.4), ajv: v(9.31), "ajv-new": v(9.91), cfworker: v(323) },
    }),
    kase("openapi", { compile: { schemagate: v(188), ajv: v(12.8), "ajv-new": v(13.3), cfworker: v(646) } }),
    kase("crashed", {}, { error: "worker <died> & left" }),
  ];
  const lib = (id: string, label: string) => ({ id, label, describe: "", version: "1.2.3" });
  return {
    mode: "full", partial: false, date: "2026-12-01T17:11:33.147Z",
    machine: { cpu: "Test CPU <x>", cores: 2, memoryGiB: 24, node: "v20.20.2", os: "Linux", load: [0.5, 1] },
    schemagate: { version: "0.1.0", commit: "abc1234", srcChanges: true },
    libraries: [lib("schemagate", "schemagate"), lib("ajv", "ajv"), lib("ajv-new", "ajv (new instance)"), lib("cfworker", "@cfworker")],
    settings: { roundMs: 1, rounds: 1, warmupMs: 1, compileWarmupMs: 1, cellMaxMs: 1, memorySchemas: 1, coldRuns: 1 },
    cases, targets: [], draft07: [], geomeans: [], seconds: 1,
  };
}

const unescape = (s: string): string =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[e]!);
const BAD_AMP = /&(?!(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

interface El { name: string; attrs: Record<string, string>; text: string }

/** A small XML checker: balanced tags, one root, quoted attributes, entities only; returns every element. */
function parse(xml: string): El[] {
  const TAG = /<(\/?)([A-Za-z][\w.:-]*)((?:\s+[\w.:-]+="[^"]*")*)\s*(\/?)>/y;
  const stack: { el: El; start: number }[] = [];
  const all: El[] = [];
  let i = 0;
  let roots = 0;
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    assert.not.match(text, BAD_AMP, `a bare & in text: ${text}`);
    if (!stack.length) assert.is(text.trim(), "", `text outside the root: ${text}`);
    if (lt < 0) break;
    TAG.lastIndex = lt;
    const m = TAG.exec(xml);
    assert.ok(m, `not a tag at ${lt}: ${xml.slice(lt, lt + 60)}`);
    const [, close, name, rawAttrs, self] = m!;
    if (close) {
      const open = stack.pop();
      assert.is(open?.el.name, name, `</${name}> closes <${open?.el.name}>`);
      open!.el.text = xml.slice(open!.start, lt);
    } else {
      const attrs: Record<string, string> = {};
      for (const [, k, value] of rawAttrs!.matchAll(/([\w.:-]+)="([^"]*)"/g)) {
        assert.not.ok(k! in attrs, `attribute ${k} twice on <${name}>`);
        assert.not.match(value!, BAD_AMP, `a bare & in ${k}="${value}"`);
        assert.not.match(value!, /</, `a < in ${k}="${value}"`);
        attrs[k!] = value!;
      }
      const el: El = { name: name!, attrs, text: "" };
      if (!stack.length) roots++;
      all.push(el);
      if (!self) stack.push({ el, start: TAG.lastIndex });
    }
    i = TAG.lastIndex;
  }
  assert.equal(stack.map((s) => s.el.name), [], "unclosed tags");
  assert.is(roots, 1, "one root element");
  return all;
}

const svg = renderChart(sample());
const els = parse(svg);
const ofClass = (cls: string, row?: Row): El[] => els.filter((e) => e.attrs.class === cls && (!row || e.attrs["data-row"] === row));
const visible = (e: El): string => unescape(e.text.replace(/<title>[\s\S]*?<\/title>/, ""));

test("well-formed, self-contained, on a white card", () => {
  assert.is(els[0]!.name, "svg");
  assert.is(els[0]!.attrs.xmlns, "http://www.w3.org/2000/svg");
  assert.not.match(svg, /href|url\(|@import|<image|<style|<script/);
  assert.not.match(svg, /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/, "characters XML 1.0 forbids");
  const card = els.find((e) => e.name === "rect")!;
  assert.equal([card.attrs.width, card.attrs.fill], [els[0]!.attrs.width, "#ffffff"]);
});

test("the title names the measures and the run", () => {
  assert.equal(ofClass("panel").map(visible), ["isValid, valid instance", "compile, never-seen schema"]);
  const head = [els.find((e) => e.name === "title")!, ...els.filter((e) => e.name === "text").slice(0, 3)].map(visible).join("\n");
  for (const part of ["isValid, valid instance", "compile, never-seen schema", "operations per second", "log scale", "2026-12-01", "abc1234", "uncommitted", "v20.20.2", "Test CPU <x>", "2 cores"]) {
    assert.ok(head.includes(part), `${part} in:\n${head}`);
  }
  assert.equal(ofClass("legend").map(visible), ["schemagate 1.2.3", "ajv 1.2.3", "ajv (new instance) 1.2.3", "@cfworker 1.2.3"]);
});

test("one bar per (case, library) with a value; draft-07 versions, skips and n/a have none", () => {
  const report = sample();
  const expected = report.cases
    .filter((c) => !c.variantOf)
    .flatMap((c) => (["valid", "compile"] as const).flatMap((row) =>
      Object.entries(c.cells[row] ?? {}).filter(([, cell]) => cell.value !== undefined).map(([lib]) => `${row}|${c.name}|${lib}`)))
    .sort();
  const bars = ofClass("bar").map((b) => `${b.attrs["data-row"]}|${unescape(b.attrs["data-case"]!)}|${b.attrs["data-lib"]}`).sort();
  assert.equal(bars, expected);
  for (const b of ofClass("bar")) assert.ok(Number(b.attrs.width) > 0, `a bar of width ${b.attrs.width}`);
  const ajvNew = [...ofClass("bar", "valid"), ...ofClass("na", "valid")].filter((e) => e.attrs["data-lib"] === "ajv-new");
  assert.is(ajvNew.length, 0, "a library skipped by design in every case has no slot in that panel");
});

test("bar lengths follow the panel's log scale, so they are monotone in the values", () => {
  for (const row of ["valid", "compile"] as const) {
    const ticks = ofClass("tick", row).map((t) => ({ exp: Number(t.attrs["data-exp"]), x: Number(t.attrs.x) }));
    const lo = ticks[0]!;
    const hi = ticks.at(-1)!;
    const bars = ofClass("bar", row)
      .map((b) => ({ value: Number(b.attrs["data-value"]), x: Number(b.attrs.x), w: Number(b.attrs.width) }))
      .sort((a, b) => a.value - b.value);
    assert.ok(bars.length >= 5, row);
    for (const b of bars) {
      assert.is(b.x, lo.x, "bars start at the axis");
      const want = ((Math.log10(b.value) - lo.exp) / (hi.exp - lo.exp)) * (hi.x - lo.x);
      assert.ok(Math.abs(b.w - want) < 0.2, `${row} ${b.value}: width ${b.w}, expected ${want}`);
    }
    for (let i = 1; i < bars.length; i++) assert.ok(bars[i]!.w > bars[i - 1]!.w, `${row}: ${bars[i - 1]!.value} → ${bars[i]!.value}`);
  }
});

test("n/a and failed cases render as labels, with the reason escaped in the tooltip", () => {
  const na = ofClass("na", "valid").filter((e) => e.attrs["data-lib"] === "cfworker" && unescape(e.attrs["data-case"]!) === NASTY);
  assert.is(na.length, 1);
  assert.match(visible(na[0]!), /^n\/a\b/);
  assert.ok(na[0]!.text.includes(escapeXml(ERROR)), na[0]!.text);
  assert.ok(svg.includes("timed out &lt;after&gt; 240 s &amp; killed"));
  const notes = ofClass("note").map((e) => `${e.attrs["data-row"]}|${e.attrs["data-case"]}|${visible(e)}`);
  assert.ok(notes.includes("valid|openapi|— not measured for this case"), notes.join("\n"));
  assert.ok(notes.includes("valid|crashed|n/a: the worker failed"), notes.join("\n"));
  assert.ok(notes.includes("compile|crashed|n/a: the worker failed"), notes.join("\n"));
  assert.ok(svg.includes("worker &lt;died&gt; &amp; left"));
});

test("every text is escaped: a case name with <&>\"'", () => {
  assert.not.ok(svg.includes(NASTY));
  const names = ofClass("case").map(visible);
  assert.equal(names, ["mcp-input", NASTY, "openapi", "crashed"]);
  assert.ok(svg.includes("a&lt;&amp;&gt;b &quot;q&quot; &apos;x&apos;"));
  assert.is(escapeXml("<&>\"'\u0000ok"), "&lt;&amp;&gt;&quot;&apos;ok");
});

test("tick labels are consecutive powers of ten enclosing every value of the panel", () => {
  const parseTick = (label: string): number => Number(label.replace(/[kMGT]$/, "")) * { "": 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[/[kMGT]$/.exec(label)?.[0] ?? ""]!;
  for (const row of ["valid", "compile"] as const) {
    const ticks = ofClass("tick", row);
    const exps = ticks.map((t) => Number(t.attrs["data-exp"]));
    exps.forEach((e, i) => {
      assert.is(parseTick(visible(ticks[i]!)), 10 ** e, `label ${visible(ticks[i]!)} for 10^${e}`);
      if (i) assert.is(e, exps[i - 1]! + 1);
    });
    const values = ofClass("bar", row).map((b) => Number(b.attrs["data-value"]));
    assert.ok(10 ** exps[0]! < Math.min(...values), `${row}: lowest tick below the smallest value`);
    assert.ok(10 ** exps.at(-1)! >= Math.max(...values), `${row}: highest tick at or above the largest value`);
    assert.ok(10 ** (exps.at(-1)! - 1) < Math.max(...values), `${row}: no empty decade at the top`);
  }
  assert.equal([-2, -1, 0, 1, 2, 3, 5, 6, 9].map(tickLabel), ["0.01", "0.1", "1", "10", "100", "1k", "100k", "1M", "1G"]);
  assert.equal(logRange([100, 1000]), [1, 3], "a power of ten as the smallest value still gets a bar");
  assert.equal(logRange([150]), [2, 3]);
  assert.equal(logRange([0.476, 5.92e6]), [-1, 7]);
});

test("the rows option picks the panels; a row nobody measured has none", () => {
  const only = parse(renderChart(sample(), { rows: ["compile", "firstError"] }));
  const rows = (cls: string) => [...new Set(only.filter((e) => e.attrs.class === cls).map((e) => e.attrs["data-row"]))];
  assert.equal([rows("bar"), rows("tick"), rows("note")], [["compile"], ["compile"], ["compile"]]);
  const cleaned = renderChart(sample(), { clean: (t) => t.replace("Test CPU", "Clean CPU") });
  assert.ok(cleaned.includes("Clean CPU &lt;x&gt;"));
});

test.run();
