// The program every runtime of the matrix runs: the README's examples, as a user writes them
// (`schemagate`, `schemagate/formats`), answering with plain verdicts. run.mjs bundles this file
// with the built dist/ into one ESM file and loads that same file everywhere; the expected
// answers live in expected.mjs, on the host side, never in the runtime under test.
import { compile, SchemaError, ValidationError } from "schemagate";
import { formats } from "schemagate/formats";

/** Where an error was found, as `instanceLocation keywordLocation`. */
const where = (errors) => (errors ?? []).map((e) => `${e.instanceLocation} ${e.keywordLocation}`);

/** The code a schema that fails the gate throws, or "compiled". */
function gate(schema) {
  try {
    compile(schema);
    return "compiled";
  } catch (error) {
    return error instanceof SchemaError ? `${error.code} at ${error.schemaLocation}` : `not a SchemaError: ${error}`;
  }
}

/** 2020-12: the README's Use example, then keywords only 2020-12 has. */
function draft2020(checks) {
  const person = compile({
    type: "object",
    properties: { name: { type: "string", minLength: 1 }, age: { type: "integer", minimum: 0 } },
    required: ["name"],
    additionalProperties: false,
  });
  checks["2020-12 isValid {name:'Ada'}"] = person.isValid({ name: "Ada" });
  checks["2020-12 isValid {name:'',age:-1}"] = person.isValid({ name: "", age: -1 });
  checks["2020-12 validate {name:'',age:-1}"] = where(person.validate({ name: "", age: -1 }).errors);
  checks["2020-12 validate {name:'Ada',x:1}"] = where(person.validate({ name: "Ada", x: 1 }).errors);
  try {
    person.assert({ age: 3 });
    checks["2020-12 assert {age:3}"] = "did not throw";
  } catch (error) {
    checks["2020-12 assert {age:3}"] = error instanceof ValidationError ? where(error.errors) : `${error}`;
  }
  const tuple = compile({ prefixItems: [{ type: "integer" }], items: false, properties: { a: true }, unevaluatedProperties: false });
  checks["2020-12 prefixItems/items:false [1] [1,2]"] = [tuple.isValid([1]), tuple.isValid([1, 2])];
  checks["2020-12 unevaluatedProperties {a,b}"] = tuple.validate({ a: 1, b: 2 }).errors?.map((e) => e.params.unevaluatedProperty);
  const letters = compile({ type: "string", pattern: "^\\p{L}+$" });
  checks["2020-12 pattern ^\\p{L}+$ Ada Ada1 Zoë"] = [letters.isValid("Ada"), letters.isValid("Ada1"), letters.isValid("Zoë")];
  const nested = compile({ type: "string", pattern: "^(a+)+$" });
  checks["2020-12 pattern ^(a+)+$ on 50,000 a's and a b"] = nested.isValid("a".repeat(50_000) + "b");
  checks["2020-12 exclusiveMinimum:true"] = gate({ type: "number", minimum: 0, exclusiveMinimum: true });
}

/** draft-07: `$ref` siblings ignored, tuple `items` + `additionalItems`, `dependencies`, formats. */
function draft07(checks) {
  const schema = {
    $schema: "http://json-schema.org/draft-07/schema#",
    definitions: { count: { type: "integer", minimum: 0 } },
    type: "object",
    properties: {
      tags: { type: "array", items: [{ type: "string" }], additionalItems: false },
      n: { $ref: "#/definitions/count", maximum: 1 },
      day: { type: "string", format: "date" },
    },
    dependencies: { n: ["tags"] },
  };
  const asserting = compile(schema, { formats });
  const annotating = compile(schema);
  checks["draft-07 $ref sibling ignored {n:5,tags:['a']}"] = asserting.isValid({ n: 5, tags: ["a"] });
  checks["draft-07 $ref {n:-1,tags:[]}"] = asserting.isValid({ n: -1, tags: [] });
  checks["draft-07 dependencies {n:0}"] = asserting.isValid({ n: 0 });
  checks["draft-07 validate {tags:['a',1]}"] = where(asserting.validate({ tags: ["a", 1] }).errors);
  checks["draft-07 format date 2024-02-29 2024-02-30, formats"] = [asserting.isValid({ day: "2024-02-29" }), asserting.isValid({ day: "2024-02-30" })];
  checks["draft-07 format date 2024-02-30, no formats"] = annotating.isValid({ day: "2024-02-30" });
  checks["draft-07 $schema with prefixItems ignored"] = compile({ $schema: "http://json-schema.org/draft-07/schema#", prefixItems: [false] }).isValid([1]);
}

/** draft-04: `id`, boolean `exclusiveMinimum`, no boolean schemas. */
function draft04(checks) {
  const positive = compile({ $schema: "http://json-schema.org/draft-04/schema#", id: "http://example.com/positive", type: "number", minimum: 0, exclusiveMinimum: true });
  checks["draft-04 exclusiveMinimum:true 0 1"] = [positive.isValid(0), positive.isValid(1)];
  checks["draft-04 validate 0 absoluteKeywordLocation"] = positive.validate(0).errors?.map((e) => e.absoluteKeywordLocation);
  checks["draft-04 boolean subschema"] = gate({ $schema: "http://json-schema.org/draft-04/schema#", properties: { a: false } });
}

/** schemagate/formats: checks that hold only when the checkers are passed to compile(). */
function formatChecks(checks) {
  const email = compile({ type: "string", format: "email" }, { formats });
  checks["formats email ada@example.org, 'ada at example'"] = [email.isValid("ada@example.org"), email.isValid("ada at example")];
  checks["no formats email 'ada at example'"] = compile({ type: "string", format: "email" }).isValid("ada at example");
  const host = compile({ type: "string", format: "idn-hostname" }, { formats });
  checks["formats idn-hostname 例え.テスト, -bad-.com"] = [host.isValid("例え.テスト"), host.isValid("-bad-.com")];
  const stamp = compile({ type: "string", format: "date-time" }, { formats });
  checks["formats date-time leap second, Feb 30"] = [stamp.isValid("1998-12-31T23:59:60Z"), stamp.isValid("2024-02-30T00:00:00Z")];
  const ip = compile({ type: "string", format: "ipv6" }, { formats });
  checks["formats ipv6 ::1, 1::2::3"] = [ip.isValid("::1"), ip.isValid("1::2::3")];
}

/** Whether this runtime lets a page or module build code from strings. */
function codeGeneration() {
  const probe = (make) => {
    try {
      make();
      return "allowed";
    } catch (error) {
      return `blocked (${error?.name ?? typeof error})`;
    }
  };
  return { newFunction: probe(() => new Function("return 1")()), eval: probe(() => (0, eval)("1")) };
}

/** Runs every example; an exception inside one is reported as its verdict, not thrown. */
export function run() {
  const checks = {};
  for (const section of [draft2020, draft07, draft04, formatChecks]) {
    try {
      section(checks);
    } catch (error) {
      checks[`${section.name} threw`] = String(error?.stack ?? error);
    }
  }
  return { checks, codeGeneration: codeGeneration() };
}
