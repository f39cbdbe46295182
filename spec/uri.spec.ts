// RFC 3986 reference resolution (src/uri.ts): the RFC's own examples, dot segments removed as
// §5.2.4 says on generated paths, and in time linear in the path: a long hostile `$id` whose
// "b/../" segments each removed the output's last one made compile quadratic (minutes past
// half a megabyte) when the output was searched for its last "/" at every step.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compile } from "../src/index.js";
import { decodeUnreserved, resolveUri } from "../src/uri.js";
import { check, runs } from "./helpers/arbitraries.js";
import { fastest } from "./helpers/timing.js";

const BASE = "http://a/b/c/d;p?q";

// RFC 3986 §5.4.1 and §5.4.2 (strict parser: "http:g" keeps its scheme).
const EXAMPLES: [string, string][] = [
  ["g:h", "g:h"], ["g", "http://a/b/c/g"], ["./g", "http://a/b/c/g"], ["g/", "http://a/b/c/g/"],
  ["/g", "http://a/g"], ["//g", "http://g"], ["?y", "http://a/b/c/d;p?y"], ["g?y", "http://a/b/c/g?y"],
  ["#s", "http://a/b/c/d;p?q#s"], ["g#s", "http://a/b/c/g#s"], ["g?y#s", "http://a/b/c/g?y#s"],
  [";x", "http://a/b/c/;x"], ["g;x", "http://a/b/c/g;x"], ["g;x?y#s", "http://a/b/c/g;x?y#s"],
  ["", "http://a/b/c/d;p?q"], [".", "http://a/b/c/"], ["./", "http://a/b/c/"], ["..", "http://a/b/"],
  ["../", "http://a/b/"], ["../g", "http://a/b/g"], ["../..", "http://a/"], ["../../", "http://a/"],
  ["../../g", "http://a/g"],
  ["../../../g", "http://a/g"], ["../../../../g", "http://a/g"], ["/./g", "http://a/g"], ["/../g", "http://a/g"],
  ["g.", "http://a/b/c/g."], [".g", "http://a/b/c/.g"], ["g..", "http://a/b/c/g.."], ["..g", "http://a/b/c/..g"],
  ["./../g", "http://a/b/g"], ["./g/.", "http://a/b/c/g/"], ["g/./h", "http://a/b/c/g/h"], ["g/../h", "http://a/b/c/h"],
  ["g;x=1/./y", "http://a/b/c/g;x=1/y"], ["g;x=1/../y", "http://a/b/c/y"], ["g?y/./x", "http://a/b/c/g?y/./x"],
  ["g?y/../x", "http://a/b/c/g?y/../x"], ["g#s/./x", "http://a/b/c/g#s/./x"], ["g#s/../x", "http://a/b/c/g#s/../x"],
  ["http:g", "http:g"],
];

test("RFC 3986 §5.4: every normal and abnormal example resolves as the RFC says", () => {
  for (const [reference, expected] of EXAMPLES) assert.is(resolveUri(BASE, reference), expected, reference);
});

test("RFC 3986 §5.2.4's own examples, as paths without a base", () => {
  assert.is(resolveUri("http://x", "/a/b/c/./../../g"), "http://x/a/g");
  assert.is(resolveUri("", "mid/content=5/../6"), "mid/6");
});

/** §5.2.4 as the RFC writes it: an input buffer, an output buffer and steps A to E. */
function removeDotSegmentsAsWritten(path: string): string {
  let input = path;
  let output = "";
  const dropLast = (): void => void (output = output.slice(0, Math.max(0, output.lastIndexOf("/"))));
  while (input.length > 0) {
    if (input.startsWith("../")) input = input.slice(3);
    else if (input.startsWith("./")) input = input.slice(2);
    else if (input.startsWith("/./")) input = input.slice(2);
    else if (input === "/.") input = "/";
    else if (input.startsWith("/../")) (input = input.slice(3)), dropLast();
    else if (input === "/..") (input = "/"), dropLast();
    else if (input === "." || input === "..") input = "";
    else {
      const segment = /^\/?[^/]*/.exec(input)![0];
      output += segment;
      input = input.slice(segment.length);
    }
  }
  return output;
}

test("dot segments are removed as §5.2.4's steps remove them, on generated paths", () => {
  const segment = fc.constantFrom("", ".", "..", "a", "b.", ".c", "..d", "e..");
  const path = fc.tuple(fc.boolean(), fc.array(segment, { maxLength: 12 })).map(([absolute, segments]) => (absolute ? "/" : "") + segments.join("/"));
  check(
    fc.property(path, (p) => {
      // As an absolute path against a base with an authority; as a relative one against no base at all.
      const absolute = p.startsWith("/") ? p : "/" + p;
      if (!absolute.startsWith("//")) assert.is(resolveUri("s://h", absolute), "s://h" + removeDotSegmentsAsWritten(absolute), absolute);
      if (p !== "" && !p.startsWith("//")) assert.is(resolveUri("", p), removeDotSegmentsAsWritten(p), p);
    }),
    runs(2_000),
  );
});

test("an $id of a megabyte of segments, each removed by the next, resolves in time linear in its length", () => {
  // "a/" n times, then n times "b/../" (each appends a segment and removes it), then n times "../":
  // the URI left is short, so the schema compiles.
  const schemaOf = (n: number) => ({ $id: "https://x.example/" + "a/".repeat(n) + "b/../".repeat(n) + "../".repeat(n) + "s.json", $defs: { x: { type: "string" } }, $ref: "#/$defs/x" });
  const v = compile(schemaOf(80_000), { cache: false });
  const result = v.validate(1);
  assert.equal([v.isValid("s"), result.valid], [true, false]);
  if (!result.valid) assert.is(result.errors[0]!.absoluteKeywordLocation, "https://x.example/s.json#/$defs/x/type");
  // Eight times the text costs about eight times the time (the quadratic search made it hundreds).
  const ratio = fastest(() => compile(schemaOf(80_000), { cache: false })) / fastest(() => compile(schemaOf(10_000), { cache: false }));
  assert.ok(ratio < 24, `8x the segments cost ${ratio.toFixed(1)}x the time`);
});

test("RFC 3986 §6.2.2.2: a fragment's percent-encoded unreserved characters name what the characters name", () => {
  assert.is(decodeUnreserved("%6E%2F%25%7e%41"), "n%2F%25~A");
  const answers = (schema: object, data: unknown[]) => {
    const v = compile(schema, { cache: false, refs: "document" });
    return data.map((value) => v.isValid(value));
  };
  const D07 = "http://json-schema.org/draft-07/schema#";
  const cases: [name: string, schema: object][] = [
    ["an anchor", { properties: { a: { $ref: "#%6E" } }, $defs: { d: { $anchor: "n", type: "string" } } }],
    ["a pointer", { properties: { a: { $ref: "#/$defs/%64" } }, $defs: { d: { type: "string" } } }],
    ["a pointer to a key with %", { properties: { a: { $ref: "#/$defs/a%25b" } }, $defs: { "a%b": { type: "string" } } }],
    ["a draft-07 anchor, encoded in the reference", { $schema: D07, properties: { a: { $ref: "#f%6Fo" } }, definitions: { d: { $id: "#foo", type: "string" } } }],
    ["a draft-07 anchor, encoded where declared", { $schema: D07, properties: { a: { $ref: "#foo" } }, definitions: { d: { $id: "#f%6Fo", type: "string" } } }],
    ["beside a base URI", { $id: "https://example.com/r", properties: { a: { $ref: "r#%6E" } }, $defs: { d: { $anchor: "n", type: "string" } } }],
  ];
  for (const [name, schema] of cases) assert.equal(answers(schema, [{ a: "s" }, { a: 1 }]), [true, false], name);
  // A $dynamicRef's anchor too: bookended, it lands at the root's.
  assert.equal(answers({ $id: "https://example.com/d", $dynamicAnchor: "n", type: "object", properties: { a: { $dynamicRef: "#%6E" } } }, [{ a: {} }, { a: 1 }]), [true, false]);
});

test("an anchor found by any spelling of its name, as generated", () => {
  const unreserved = fc.constantFrom(..."ABCXYZabcxyz0189-._");
  check(
    fc.property(fc.tuple(fc.constantFrom(..."ABCabc_"), fc.array(unreserved, { maxLength: 8 })), fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }), ([first, rest], encode) => {
      const name = first + rest.join("");
      const spelled = [...name].map((char, i) => (encode[i] ? `%${char.charCodeAt(0).toString(16).padStart(2, "0")}` : char)).join("");
      const v = compile({ properties: { a: { $ref: `#${spelled}` } }, $defs: { d: { $anchor: name, type: "string" } } }, { cache: false });
      assert.ok(v.isValid({ a: "s" }), spelled);
      assert.not.ok(v.isValid({ a: 1 }), spelled);
    }),
    runs(100),
  );
});

test.run();
