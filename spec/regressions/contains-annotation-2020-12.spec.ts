// Regression: `contains` gave its annotation (the indexes of the matching items) in every dialect,
// though 2019-09 Core 9.3.1.4 and the drafts before it define no annotation result for it (2020-12
// added it, with its items counting as evaluated): a 2019-09 output showed `/contains: [0]` beside
// unevaluatedItems applied to that same item.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile, type OutputNode } from "../../src/index.js";

type Unit = { keywordLocation: string; annotation?: unknown };

function containsAnnotations(dialect: "2020-12" | "2019-09" | "draft-07" | "draft-06", output: "basic" | "detailed" | "verbose"): unknown[] {
  const schema = dialect === "draft-07" || dialect === "draft-06" ? { contains: { type: "string", title: "S" } } : { contains: { type: "string", title: "S" }, unevaluatedItems: { title: "U" } };
  const found: unknown[] = [];
  const walk = (node: OutputNode & { annotations?: (OutputNode & Unit)[] } & Partial<Unit>): void => {
    if (node.keywordLocation === "/contains" && "annotation" in node) found.push(node.annotation);
    for (const child of node.annotations ?? []) walk(child);
  };
  walk(compile(schema, { dialect, cache: false }).validate(["a", 1, "b"], { output }));
  return found;
}

for (const output of ["basic", "detailed", "verbose"] as const) {
  test(`${output}: contains annotates the matching indexes in 2020-12 only`, () => {
    assert.equal(containsAnnotations("2020-12", output), [[0, 2]]);
    for (const dialect of ["2019-09", "draft-07", "draft-06"] as const) assert.equal(containsAnnotations(dialect, output), [], dialect);
  });
}

test("the items contains matches are still annotated below it, and 2019-09's unevaluatedItems still applies to them", () => {
  const result = compile({ contains: { type: "string", title: "S" }, unevaluatedItems: { title: "U" } }, { dialect: "2019-09", cache: false }).validate(["a", 1], { output: "basic" }) as { annotations?: Unit[] & { instanceLocation: string }[] };
  const units = (result.annotations ?? []).map((u) => `${(u as unknown as { instanceLocation: string }).instanceLocation} ${u.keywordLocation}`).sort();
  assert.equal(units, ["/0 /contains/title", "/0 /unevaluatedItems/title", "/1 /unevaluatedItems/title", " /unevaluatedItems"].sort());
});

test.run();
