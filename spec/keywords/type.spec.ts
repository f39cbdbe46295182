import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects, verdicts } from "./output-checks.js";

test("each JSON type name accepts exactly its type", () => {
  const samples: [string, unknown][] = [
    ["null", null],
    ["boolean", false],
    ["object", { a: 1 }],
    ["array", [1]],
    ["number", 1.5],
    ["integer", 3],
    ["string", "x"],
  ];
  for (const [name] of samples) {
    const v = compile({ type: name });
    for (const [other, value] of samples) {
      const ok = other === name || (name === "number" && other === "integer");
      verdicts(v, [[value, ok]]);
    }
  }
});

test("1.0 is an integer; 1.5, NaN and Infinity are not", () => {
  const v = compile({ type: "integer" });
  accepts(v, 1.0, 0, -0, -7, 1e300);
  rejects(v, 1.5, "1", true, null, [], {});
  assert.is(v.isValid(Number.NaN), false);
  assert.is(v.isValid(Number.POSITIVE_INFINITY), false);
});

test("number rejects what is not a JSON number", () => {
  const v = compile({ type: "number" });
  accepts(v, 0, -0, 1.5, 1e308);
  rejects(v, "1", null, Number.NaN, Number.NEGATIVE_INFINITY);
});

test("an array of types accepts any of them", () => {
  const v = compile({ type: ["string", "null"] });
  accepts(v, "a", null, "");
  rejects(v, 1, false, [], {});
});

test("error: location, keyword and params at the root", () => {
  expectOnlyError(compile({ type: "string" }), 1, {
    keywordLocation: "/type",
    instanceLocation: "",
    keyword: "type",
    params: { type: "string" },
  });
  expectOnlyError(compile({ type: ["string", "null"] }), 1, {
    keywordLocation: "/type",
    instanceLocation: "",
    keyword: "type",
    params: { type: ["string", "null"] },
  });
});

test("error: nested under properties and items", () => {
  expectOnlyError(compile({ properties: { a: { type: "integer" } } }), { a: 1.5 }, {
    keywordLocation: "/properties/a/type",
    instanceLocation: "/a",
    keyword: "type",
    params: { type: "integer" },
  });
  expectOnlyError(compile({ items: { type: "string" } }), ["a", 2], {
    keywordLocation: "/items/type",
    instanceLocation: "/1",
    keyword: "type",
    params: { type: "string" },
  });
});

test("allErrors reports every failing item; first-error mode stops at one", () => {
  assert.equal(errorCounts(compile({ items: { type: "string" } }), [1, 2, 3]), { all: 3, first: 1 });
});

test("compile-time: bad type values are refused", () => {
  refuses({ type: "strin" }, "invalid-schema", "/type");
  refuses({ type: 5 }, "invalid-schema", "/type");
  refuses({ type: [] }, "invalid-schema", "/type");
  refuses({ type: ["string", 1] }, "invalid-schema", "/type/1"); // the closest branch: an array of type names
  refuses({ properties: { a: { type: "float" } } }, "invalid-schema", "/properties/a/type");
});

test.run();
