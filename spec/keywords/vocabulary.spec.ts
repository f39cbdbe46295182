import { test } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "../../src/index.js";
import { accepts, errorCounts, expectOnlyError, refuses, rejects } from "./output-checks.js";

const DIALECT = "https://json-schema.org/draft/2020-12/schema";
const vocab = (name: string): string => `https://json-schema.org/draft/2020-12/vocab/${name}`;
const META = "https://example.com/meta/no-validation";

/** A custom metaschema whose $vocabulary lists core and applicator only. */
const noValidation = {
  $schema: DIALECT,
  $id: META,
  $vocabulary: { [vocab("core")]: true, [vocab("applicator")]: true },
  $dynamicAnchor: "meta",
  allOf: [{ $ref: "https://json-schema.org/draft/2020-12/meta/core" }, { $ref: "https://json-schema.org/draft/2020-12/meta/applicator" }],
};
// The metaschema references the official vocabulary metaschemas, so it needs refs: "document".
const options = { refs: "document" as const, schemas: { [META]: noValidation } };

test("keywords of vocabularies the metaschema leaves out are ignored", () => {
  const v = compile({ $schema: META, type: "string", minimum: 5, properties: { a: { maxLength: 0 } } }, options);
  accepts(v, 1, { a: "long" }, null);
});

test("in fragment mode, a metaschema without references works the same", () => {
  const meta = { $schema: DIALECT, $vocabulary: { [vocab("core")]: true, [vocab("applicator")]: true } };
  const v = compile({ $schema: "https://example.com/meta/small", type: "string", items: { minimum: 1 } }, { schemas: { "https://example.com/meta/small": meta } });
  accepts(v, 1, [0]);
});

test("keywords of the listed vocabularies still apply", () => {
  const v = compile({ $schema: META, properties: { a: false }, type: "string" }, options);
  accepts(v, { b: 1 }, 5);
  rejects(v, { a: 1 });
});

test("without the unevaluated vocabulary, unevaluatedProperties is ignored", () => {
  accepts(compile({ $schema: META, unevaluatedProperties: false }, options), { a: 1 });
});

test("an optional unknown vocabulary is ignored; known ones apply", () => {
  const meta = { $schema: DIALECT, $vocabulary: { [vocab("core")]: true, [vocab("validation")]: true, "https://example.com/vocab/extra": false } };
  const v = compile({ $schema: "https://example.com/meta/extra", type: "string" }, { schemas: { "https://example.com/meta/extra": meta } });
  accepts(v, "s");
  rejects(v, 1);
});

test("a metaschema without $vocabulary means the default vocabularies", () => {
  const v = compile({ $schema: "https://example.com/meta/plain", type: "string" }, { schemas: { "https://example.com/meta/plain": { $schema: DIALECT } } });
  rejects(v, 1);
});

test("error: under a custom metaschema, nested, with the listed vocabularies", () => {
  const meta = { $schema: DIALECT, $vocabulary: { [vocab("core")]: true, [vocab("applicator")]: true, [vocab("validation")]: true } };
  const v = compile({ $schema: "https://example.com/meta/v", properties: { a: { items: { minimum: 1 } } } }, { schemas: { "https://example.com/meta/v": meta } });
  expectOnlyError(v, { a: [1, 0] }, {
    keywordLocation: "/properties/a/items/minimum",
    instanceLocation: "/a/1",
    keyword: "minimum",
    params: { comparison: ">=", limit: 1 },
  });
  assert.equal(errorCounts(v, { a: [0, 0] }), { all: 2, first: 1 });
});

test("compile-time: a required unknown vocabulary is refused", () => {
  const meta = { $schema: DIALECT, $vocabulary: { [vocab("core")]: true, "https://example.com/vocab/x": true } };
  refuses({ $schema: "https://example.com/meta/x" }, "unsupported-vocabulary", "/$schema", { schemas: { "https://example.com/meta/x": meta } });
});

test("compile-time: an unknown metaschema is an unsupported dialect", () => {
  refuses({ $schema: "https://example.com/meta/missing" }, "unsupported-dialect", "/$schema");
});

test("compile-time: $vocabulary must be an object", () => {
  refuses({ $vocabulary: 5 }, "invalid-schema", "/$vocabulary");
  refuses({ $vocabulary: { [vocab("core")]: "yes" } }, "invalid-schema", `/$vocabulary/${vocab("core").replace(/~/g, "~0").replace(/\//g, "~1")}`);
});

test("compile-time: a 2019-09 metaschema requiring a 2020-12-only vocabulary is refused; its own six are known", () => {
  const vocab19 = (name: string): string => `https://json-schema.org/draft/2019-09/vocab/${name}`;
  const metaWith = (names: string[]) => ({ $schema: "https://json-schema.org/draft/2019-09/schema", $vocabulary: Object.fromEntries(names.map((n) => [vocab19(n), true])) });
  for (const name of ["unevaluated", "format-annotation", "format-assertion"]) {
    refuses({ $schema: "https://example.com/meta/19", unevaluatedProperties: false }, "unsupported-vocabulary", "/$schema", { schemas: { "https://example.com/meta/19": metaWith(["core", name]) } });
  }
  const v = compile({ $schema: "https://example.com/meta/19", unevaluatedProperties: false, minimum: 1 }, { schemas: { "https://example.com/meta/19": metaWith(["core", "applicator", "validation", "meta-data", "format", "content"]) } });
  rejects(v, { a: 1 }, 0);
});

test("compile-time: a built-in vocabulary metaschema as $schema is an unsupported dialect, as the walk reads it", () => {
  // The registry once found …/meta/* among the built-in documents and read the resource in their
  // dialect while the gate's walk kept the one around it: a reference cycle under 2019-09's
  // additionalItems then compiled, and failed at validation with $depth.
  const selfCycle = { items: [true], additionalItems: { $ref: "#/additionalItems" } };
  for (const meta of ["https://json-schema.org/draft/2019-09/meta/applicator", "https://json-schema.org/draft/2020-12/meta/core"]) {
    refuses({ $schema: meta, ...selfCycle }, "unsupported-dialect", "/$schema");
    refuses({ $schema: meta, ...selfCycle }, "unsupported-dialect", "/$schema", { schemas: {} });
    refuses({ $id: "https://example.com/root", properties: { a: { $id: "https://example.com/a", $schema: meta, ...selfCycle } } }, "unsupported-dialect", "/properties/a/$schema", { refs: "document" });
  }
  // With unknownDialect "default", read in the `dialect` option's dialect, by the walk and the registry alike.
  assert.is(compile({ $schema: "https://json-schema.org/draft/2019-09/meta/applicator", minimum: 1 }, { unknownDialect: "default" }).dialect, "2020-12");
  refuses({ $schema: "https://json-schema.org/draft/2019-09/meta/applicator", ...selfCycle }, "ref-cycle", "/additionalItems/$ref", { unknownDialect: "default", dialect: "2019-09" });
});

test("keywords of vocabularies the metaschema leaves out may hold any value: the base metaschema's errors there are dropped", () => {
  // Core 8.1.1: a schema is valid against the metaschema its $schema names; the base dialect's
  // metaschema still checks what the engine compiles (keywords in use, and the subschemas below them).
  for (const schema of [{ minimum: "abc" }, { format: 5 }, { properties: { a: { maxLength: -1 } } }, { properties: { a: { items: { required: 5 } } } }]) {
    const v = compile({ $schema: META, ...schema }, options);
    accepts(v, 1, "s", { a: [{}] });
  }
  const noApplicator = { $schema: DIALECT, $vocabulary: { [vocab("core")]: true, [vocab("validation")]: true } };
  const small = { schemas: { "https://example.com/meta/no-applicator": noApplicator } };
  accepts(compile({ $schema: "https://example.com/meta/no-applicator", properties: 5, items: { minimum: "x" } }, small), {});
  // In use, they are checked as before: by the base metaschema, at the first error in use.
  refuses({ $schema: META, minimum: "abc", properties: { a: { type: 5, not: 5 } } }, "invalid-schema", "/properties/a/not", options);
  refuses({ $schema: META, properties: 5 }, "invalid-schema", "/properties", options);
  refuses({ $schema: "https://example.com/meta/no-applicator", properties: 5, minimum: "x" }, "invalid-schema", "/minimum", small);
  refuses({ $schema: "https://example.com/meta/no-applicator", $defs: { a: { minimum: "x" } } }, "invalid-schema", "/$defs/a/minimum", small);
});

test.run();
