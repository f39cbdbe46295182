// Regression (hostile schemas): a schema key may hold a lone surrogate (JSON allows "\ud800"), and
// encodeURI throws on one. Writing absoluteKeywordLocation below such a key (in an `$id` resource,
// or under a `$ref`) threw URIError: validate() then reported one `$data` unit blaming the data
// ("reading the data threw: URI malformed") in place of every error, the output formats lost a
// valid instance's annotations, and `detailed`/`verbose` threw out of validate(). The surrogate is
// now written as the bytes UTF-8's pattern gives its code (WTF-8: "\ud800" is %ED%A0%80).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { pointerToFragment } from "../../src/json/pointer.js";

const schema = {
  $id: "https://example.com/s",
  properties: {
    "\ud800": { type: "string", title: "odd" },
    name: { type: "string", title: "Name" },
    age: { type: "integer", minimum: 0 },
  },
};

test("every error is reported below a key holding a lone surrogate, with its absolute location", () => {
  const result = compile(schema, { cache: false }).validate({ "\ud800": 1, name: 5, age: -1 });
  assert.equal(
    result.valid ? [] : result.errors.map((e) => [e.keyword, e.instanceLocation, e.absoluteKeywordLocation]),
    [
      ["type", "/\ud800", "https://example.com/s#/properties/%ED%A0%80/type"],
      ["type", "/name", "https://example.com/s#/properties/name/type"],
      ["minimum", "/age", "https://example.com/s#/properties/age/minimum"],
    ],
  );
});

test("the output formats keep a valid instance's annotations and do not throw", () => {
  const v = compile(schema, { cache: false });
  for (const output of ["basic", "detailed", "verbose"] as const) {
    const text = JSON.stringify(v.validate({ "\ud800": "x", name: "Ada", age: 3 }, { output }));
    assert.ok(text.includes('"annotation":"odd"') && text.includes('"annotation":"Name"'), `${output}: ${text}`);
  }
  const below = compile({ $defs: { a: { minimum: 5, multipleOf: 2 } }, properties: { "\ud800": { $ref: "#/$defs/a" } } }, { cache: false });
  for (const output of ["detailed", "verbose"] as const) {
    const node = below.validate({ "\ud800": 1 }, { output });
    assert.ok(!node.valid && JSON.stringify(node).includes("#/$defs/a/minimum"), output);
  }
});

test("lone surrogates of either half make distinct fragments; pairs are UTF-8 as before", () => {
  assert.is(pointerToFragment("/\ud800"), "/%ED%A0%80");
  assert.is(pointerToFragment("/\udfff#"), "/%ED%BF%BF%23");
  assert.is(pointerToFragment("/a\ud83d\ude00\ud83d"), "/a%F0%9F%98%80%ED%A0%BD");
  assert.is(pointerToFragment("/é %"), "/%C3%A9%20%25");
});

test.run();
