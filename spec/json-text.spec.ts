// The fast paths of src/json that skip a general routine for the common input (strings that need
// no escape, pointer segments without "~", pointers made of URI-safe characters) write exactly what
// the general routine writes, for any string.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { check, runs } from "./helpers/arbitraries.js";
import { quote, quotedLength } from "../src/json/quote.js";
import { typeName } from "../src/json/type-of.js";
import { escapeSegment, pointerToFragment, slashSegment, unescapeSegment } from "../src/json/pointer.js";
import { compile } from "../src/compile.js";
import { pathTo, pointerOf } from "../src/engine/report.js";
import type { InstancePath } from "../src/engine/types.js";

/** Plain text mixed with the characters each routine treats apart: quotes, escapes, surrogates, "~", "/", "#", "%". */
const text = fc.array(fc.oneof(fc.string({ unit: "grapheme" }), fc.constantFrom('"', "\\", "\u0000", "\n", "\u001f", "\ud800", "\udfff", "\ud83d\ude00", "\u2028", "~0", "~1", "~", "/", "#", "%", "%41", " ", "é")), { maxLength: 6 }).map((parts) => parts.join(""));

test("quote() writes every string as JSON.stringify does", () => {
  check(fc.property(text, (s) => assert.is(quote(s), JSON.stringify(s))), runs(500));
  assert.is(quote("sort"), '"sort"');
  assert.is(quote('a"b'), '"a\\"b"');
});

/**
 * The same text between runs of plain letters, so that it lands on either side of the length
 * (64) up to which quote() and escapeSegment() test each character instead of calling a regex or
 * indexOf, and at its start, middle or end.
 */
const padded = fc.tuple(fc.nat(80), text, fc.nat(80)).map(([before, s, after]) => "a".repeat(before) + s + "b".repeat(after));

test("quote() and quotedLength() answer alike on both sides of the short-string loop's length", () => {
  check(
    fc.property(padded, (s) => {
      assert.is(quote(s), JSON.stringify(s));
      assert.is(quotedLength(s), JSON.stringify(s).length);
    }),
    runs(1000),
  );
  for (const length of [63, 64, 65]) {
    for (const special of ['"', "\\", "\n", "\ud800", "\udfff"]) {
      const end = "a".repeat(length - 1) + special;
      assert.is(quote(end), JSON.stringify(end), `length ${length}, ${JSON.stringify(special)} last`);
      assert.is(quotedLength(end), JSON.stringify(end).length);
    }
  }
});

test("unescapeSegment() is the two replacements of RFC 6901, in order", () => {
  check(fc.property(text, (s) => assert.is(unescapeSegment(s), s.replace(/~1/g, "/").replace(/~0/g, "~"))), runs(500));
  assert.is(unescapeSegment("a~01"), "a~1");
});

test("escapeSegment() is RFC 6901's two replacements for a key, and String(n) for a number", () => {
  check(fc.property(text, (s) => assert.is(escapeSegment(s), s.replace(/~/g, "~0").replace(/\//g, "~1"))), runs(500));
  // Indices below 1,024 come from a table filled on first use; every other number is String(n).
  const numbers = fc.oneof(fc.nat(1100), fc.integer(), fc.double(), fc.constantFrom(-0, 1023, 1024, 0.5, 1.5, -1, 2 ** 53, NaN, Infinity));
  check(fc.property(numbers, (n) => assert.is(escapeSegment(n), String(n))), runs(2000));
  for (let i = 0; i < 1100; i++) assert.is(escapeSegment(i), String(i)); // the table, filled and read again
  for (let i = 0; i < 1100; i++) assert.is(escapeSegment(i), String(i));
});

test("escapeSegment() escapes alike on both sides of the short-string loop's length", () => {
  check(fc.property(padded, (s) => assert.is(escapeSegment(s), s.replace(/~/g, "~0").replace(/\//g, "~1"))), runs(1000));
  for (const length of [63, 64, 65]) {
    for (const special of ["~", "/"]) {
      const end = "a".repeat(length - 1) + special;
      assert.is(escapeSegment(end), end.slice(0, -1) + (special === "~" ? "~0" : "~1"), `length ${length}, ${special} last`);
    }
  }
});

test("typeName() names each JSON type, integers apart from other numbers, and what JSON has not", () => {
  const cases: [unknown, string][] = [[null, "null"], [true, "boolean"], [{}, "object"], [Object.create(null), "object"], [[], "array"], [1.5, "number"], [2, "integer"], [-0, "integer"], ["", "string"]];
  for (const [value, name] of cases) assert.is(typeName(value), name);
  // Not JSON: the number as written, or its typeof.
  assert.is(typeName(NaN), "NaN");
  assert.is(typeName(Infinity), "Infinity");
  assert.is(typeName(undefined), "undefined");
  assert.is(typeName(10n), "bigint");
  assert.is(typeName(new Date(0)), "object");
});

test("an error's location names the index, and its message the number, whatever the two share", () => {
  // V8 converts numbers through a cache that an index and a fraction can share (pointer.ts).
  const v = compile({ type: "array", items: { type: "object", properties: { score: { maximum: 1 } } } });
  for (let round = 0; round < 3; round++) {
    for (const [index, score] of [[0, 1.5], [1, 2.5], [1023, 1.25], [1024, 3.5], [0, 2]] as const) {
      const data: unknown[] = Array.from({ length: index + 1 }, () => ({ score: 0 }));
      data[index] = { score };
      const result = v.validate(data);
      assert.is(result.valid, false);
      const [unit] = (result as { errors: { instanceLocation: string; error: string }[] }).errors;
      assert.is(unit!.instanceLocation, `/${index}/score`);
      assert.is(unit!.error, `must be <= 1, but is ${score}`);
    }
  }
});

test("pointerOf() writes each path's pointer, whichever paths of a tree are asked first and again", () => {
  // A tree of paths: each new one is the child of an earlier one (or of the root), as an error
  // pass makes them; then each is asked, in an order of its own, some twice.
  const key = fc.oneof(text, fc.nat(2000));
  // A declared name's path carries its segment (DeclaredSegments); any other key's is made when asked.
  const tree = fc.array(fc.tuple(fc.nat(), key, fc.boolean()), { minLength: 1, maxLength: 30 });
  const uncached = (at: InstancePath): string => (at === undefined ? "" : uncached(at.parent) + "/" + escapeSegment(at.key));
  check(
    fc.property(tree, fc.array(fc.nat(), { maxLength: 60 }), (made, asked) => {
      const paths: InstancePath[] = [];
      for (const [parent, k, declared] of made) {
        const up = parent % (paths.length + 1) === paths.length ? undefined : paths[parent % (paths.length + 1)];
        paths.push(pathTo(up, k, declared ? slashSegment(k) : undefined));
      }
      for (const i of [...asked, ...paths.keys()]) assert.is(pointerOf(paths[i % paths.length]), uncached(paths[i % paths.length]));
    }),
    runs(500),
  );
  assert.is(pointerOf(undefined), "");
});

test("pointerToFragment() is encodeURI with '#' encoded, for every pointer", () => {
  const general = (p: string) => encodeURI(p).replace(/#/g, "%23").replace(/%25([0-9A-Fa-f]{2})/g, "%25$1");
  // encodeURI refuses lone surrogates (and so does pointerToFragment, by falling back on it).
  const wellFormed = text.filter((s) => {
    try {
      return encodeURI(s).length >= 0;
    } catch {
      return false;
    }
  });
  check(fc.property(wellFormed, (s) => assert.is(pointerToFragment("/" + s), general("/" + s))), runs(500));
  assert.is(pointerToFragment("/$defs/a b/#"), "/$defs/a%20b/%23");
});

test("messages quote names and values through quote(): a name that needs escapes reads as JSON", () => {
  const result = compile({ required: ["a\nb"], properties: { x: { const: 'say "hi"' } } }, { cache: false }).validate({ x: "q\\" });
  assert.equal(result.valid ? [] : result.errors.map((e) => e.error), ['must have required property "a\\nb"', 'must be equal to "say \\"hi\\"", but is "q\\\\"']);
});

test.run();
