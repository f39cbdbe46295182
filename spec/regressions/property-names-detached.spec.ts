// Regression (red-team probe of the process-wide tables): the table of \p{…} names V8 was asked
// about (src/regex/names.ts, 512 names of at most 80 characters) kept each name as the parser cut
// it from the pattern, a V8 slice that keeps its whole parent string alive. `format: "regex"`
// parses the caller's data: 512 strings of 3 MB, each `\p{Unknown_i}` then filler, kept 1.5 GB
// (the default MCP provider asserts formats: the process ran out of heap). Names are kept as copies.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { heapUsed } from "../helpers/heap.js";
import { formats } from "../../src/formats/index.js";

test("format regex keeps none of the data's strings in the property-name table", () => {
  const v = compile({ type: "object", properties: { re: { type: "string", format: "regex" } } }, { formats, cache: false });
  const filler = "(".repeat(1 << 20); // a megabyte: the pattern is invalid, after its \p{…}
  const before = heapUsed();
  for (let i = 0; i < 60; i++) {
    const data = JSON.parse(JSON.stringify({ re: `\\p{Unknown_Property_${i}}${filler}` })) as { re: string };
    assert.is(v.isValid(data), false);
  }
  const grown = (heapUsed() - before) / (1 << 20);
  assert.ok(grown < 20, `${grown.toFixed(1)} MB kept after 60 strings of 1 MB`);
});

test.run();
