// -r documents are found by the file a relative $ref names, relative to the main schema's file:
// "../common.json", "common.json" and "../../common.json" are three files, never one. Only a
// document's own dialect's identifier keyword claims a URI, and a name that needs
// percent-encoding can be written encoded.
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertOutput, dir, file, run } from "./cli-harness.js";

mkdirSync(join(dir, "p/q"), { recursive: true });
file("p/q/common.json", { type: "string" }); // next to the main schema
file("p/common.json", { type: "number" }); // what "../common.json" names
file("common.json", { type: "boolean" }); // what "../../common.json" names
file("p/q/main.json", { properties: { up: { $ref: "../common.json" } } });
file("p/q/three.json", { properties: { here: { $ref: "common.json" }, up: { $ref: "../common.json" }, top: { $ref: "../../common.json" } } });
file("up5.json", { up: 5 });
file("good3.json", { here: "s", up: 5, top: true });
file("bad3.json", { here: 1, up: "s", top: 0 });

test("-r: a relative $ref names the file its path names from the main schema's folder, and no other", () => {
  // Only the sibling given: "../common.json" is not it.
  const sibling = run(["validate", "-r", "p/q/common.json", "p/q/main.json", "up5.json"]);
  assertOutput(sibling, 2, []);
  assert.match(sibling.stderr, /^p\/q\/main\.json: unresolved-ref: cannot resolve \$ref "\.\.\/common\.json"/);
  for (const order of [["p/q/common.json", "p/common.json"], ["p/common.json", "p/q/common.json"]]) {
    assertOutput(run(["validate", ...order.flatMap((r) => ["-r", r]), "p/q/main.json", "up5.json"]), 0, ["up5.json: valid"]);
  }
  const all = ["common.json", "p/common.json", "p/q/common.json"];
  for (const refs of [all, [...all].reverse()]) {
    const args = refs.flatMap((r) => ["-r", r]);
    assertOutput(run(["validate", ...args, "p/q/three.json", "good3.json"]), 0, ["good3.json: valid"]);
    assertOutput(run(["validate", "-o", "compact", ...args, "p/q/three.json", "bad3.json"]), 1, [
      "bad3.json: invalid",
      "  /here: must be string, but is 1",
      '  /up: must be number, but is "s"',
      "  /top: must be boolean, but is 0",
    ]);
  }
  // Two of the three given: the third is unresolved.
  const two = run(["validate", "-r", "p/common.json", "-r", "p/q/common.json", "p/q/three.json", "good3.json"]);
  assert.is(two.status, 2);
  assert.match(two.stderr, /unresolved-ref: cannot resolve \$ref "\.\.\/\.\.\/common\.json"/);
});

test("-r: the same for a relative $id, a draft-04 main schema, and a main schema from standard input", () => {
  const refs = ["-r", "common.json", "-r", "p/common.json", "-r", "p/q/common.json"];
  file("p/q/relative-id.json", { $id: "three.json", properties: { here: { $ref: "common.json" }, up: { $ref: "../common.json" }, top: { $ref: "../../common.json" } } });
  file("p/q/draft4.json", { $schema: "http://json-schema.org/draft-04/schema#", properties: { here: { $ref: "common.json" }, up: { $ref: "../common.json" }, top: { $ref: "../../common.json" } } });
  for (const main of ["p/q/relative-id.json", "p/q/draft4.json"]) {
    assertOutput(run(["validate", "-o", "compact", ...refs, main, "bad3.json"]), 1, ["bad3.json: invalid", "  /here: must be string, but is 1", '  /up: must be number, but is "s"', "  /top: must be boolean, but is 0"]);
  }
  // Standard input: relative to the working directory.
  const stdin = run(["validate", "-o", "compact", "-r", "../common.json", "-", "../../up5.json"], { cwd: join(dir, "p/q"), input: JSON.stringify({ properties: { up: { $ref: "../common.json" } } }) });
  assertOutput(stdin, 0, ["../../up5.json: valid"]);
});

test("-r: only the document's own dialect's identifier keyword claims a URI", () => {
  mkdirSync(join(dir, "ids"));
  file("ids/other.json", { $schema: "https://json-schema.org/draft/2020-12/schema", id: "person.json", type: "number" });
  file("ids/person.json", { type: "string" });
  file("ids/main.json", { $ref: "person.json" });
  file("ids/ada.json", JSON.stringify("ada"));
  const alone = run(["validate", "-r", "ids/other.json", "ids/main.json", "ids/ada.json"]);
  assertOutput(alone, 2, []);
  assert.match(alone.stderr, /^ids\/main\.json: unresolved-ref: cannot resolve \$ref "person\.json"/);
  assertOutput(run(["validate", "-r", "ids/other.json", "-r", "ids/person.json", "ids/main.json", "ids/ada.json"]), 0, ["ids/ada.json: valid"]);
  // In draft-04, by $schema or by --dialect, "id" is the identifier.
  file("ids/draft4.json", { $schema: "http://json-schema.org/draft-04/schema#", id: "person.json", type: "number" });
  file("ids/plain4.json", { id: "person.json", type: "number" });
  for (const args of [["-r", "ids/draft4.json"], ["--dialect", "draft-04", "-r", "ids/plain4.json"]]) {
    assertOutput(run(["validate", "-o", "compact", ...args, "ids/main.json", "ids/ada.json"]), 1, ["ids/ada.json: invalid", '  (root): must be number, but is "ada"']);
  }
  // And a 2020-12 "$id" claims it: given with the file it names, the two are bad usage.
  file("ids/dollar.json", { $id: "person.json", type: "number" });
  const twins = run(["validate", "-r", "ids/dollar.json", "-r", "ids/person.json", "ids/main.json", "ids/ada.json"]);
  assert.is(twins.status, 2);
  assert.match(twins.stderr, /-r ids\/person\.json and -r ids\/dollar\.json both name file:\/\/\/.*\/ids\/person\.json/);
});

test("-r: a file name that needs percent-encoding is reached written either way; messages speak of -r files", () => {
  mkdirSync(join(dir, "pct"));
  file("pct/my file.json", { type: "string" });
  file("pct/a#b.json", { type: "string" });
  file("pct/one.json", "1");
  for (const [ref, name] of [["my%20file.json", "my file.json"], ["my file.json", "my file.json"], ["a%23b.json", "a#b.json"]] as const) {
    file("pct/main.json", { $ref: ref });
    assertOutput(run(["validate", "-o", "compact", "-r", `pct/${name}`, "pct/main.json", "pct/one.json"]), 1, ["pct/one.json: invalid", "  (root): must be string, but is 1"]);
  }
  file("pct/main.json", { $ref: "nowhere.json" });
  const missing = run(["validate", "-r", "pct/my file.json", "pct/main.json", "pct/one.json"]);
  assert.match(missing.stderr, /^pct\/main.json: unresolved-ref: cannot resolve \$ref "nowhere.json": no document has the URI "file:\/\/.*\/pct\/nowhere.json" \(resolved against the base "file:\/\/.*\/pct\/main.json"\): give it with -r FILE \(found by its \$id or its file's location\) at \/\$ref\n$/);
});

test("-r: what a -r file holds that is refused is named by that file, in text, in JSON and by check", () => {
  mkdirSync(join(dir, "rr"));
  file("rr/main.json", { $ref: "http://127.0.0.1:9/s" });
  file("rr/inst.json", {});
  const cases = [
    ["rr/type.json", { $id: "http://127.0.0.1:9/s", type: "objekt" }, "invalid-schema", "/type"],
    ["rr/regex.json", { $id: "http://127.0.0.1:9/s", properties: { a: { pattern: "(" } } }, "invalid-regex", "/properties/a/pattern"],
    ["rr/dangling.json", { $id: "http://127.0.0.1:9/s", $ref: "#/nope" }, "unresolved-ref", "/$ref"],
  ] as const;
  for (const [name, document, code, at] of cases) {
    file(name, document);
    const args = ["-r", name, "rr/main.json"];
    const text = run(["validate", ...args, "rr/inst.json"]);
    assertOutput(text, 2, []);
    assert.ok(text.stderr.startsWith(`${name}: ${code}: `), text.stderr);
    // The message names the document too (SchemaError.document), by the URI the main schema's reference gave.
    if (code !== "invalid-schema") assert.ok(text.stderr.endsWith(` at ${at} in "http://127.0.0.1:9/s"\n`), text.stderr);
    else assert.match(text.stderr, /\n {2}\/type: must be one of "array"/);
    const json = JSON.parse(run(["validate", "-o", "json", ...args, "rr/inst.json"]).stdout) as { schema: { file: string; code: string; schemaLocation: string } };
    assert.equal([json.schema.file, json.schema.code, json.schema.schemaLocation], [name, code, at]);
    const check = run(["check", ...args]);
    assert.is(check.status, 1);
    assert.ok(check.stdout.startsWith(`${name}: ${code}: `), check.stdout);
  }
  // A -r file without an identifier, named by its path.
  file("rr/noid.json", { properties: { a: { pattern: "[" } } });
  file("rr/by-path.json", { $ref: "noid.json" });
  assert.match(run(["validate", "-r", "rr/noid.json", "rr/by-path.json", "rr/inst.json"]).stderr, /^rr\/noid\.json: invalid-regex: /);
  // What the main schema holds stays the main schema's, with -r files or without.
  file("rr/own.json", { $ref: "http://127.0.0.1:9/s", properties: { b: { pattern: "(" } } });
  file("rr/good.json", { $id: "http://127.0.0.1:9/s", type: "object" });
  for (const refs of [["-r", "rr/good.json"], ["-r", "rr/good.json", "-r", "rr/noid.json"]]) {
    assert.match(run(["validate", ...refs, "rr/own.json", "rr/inst.json"]).stderr, /^rr\/own\.json: invalid-regex: .* at \/properties\/b\/pattern\n$/);
  }
});

test("-r: the main schema named as a -r file too (-r schemas/*.json) is read once, as the main schema", () => {
  mkdirSync(join(dir, "self"));
  file("self/alone.json", { properties: { a: { type: "string" } } });
  file("self/plain.json", { properties: { a: { $ref: "other.json" } } });
  file("self/with-id.json", { $id: "http://example.com/with-id", properties: { a: { $ref: "other.json" } } });
  file("self/other.json", { $id: "http://example.com/other.json", type: "string" });
  file("self/a1.json", { a: 1 });
  const cases: [main: string, refs: string[]][] = [
    ["self/alone.json", ["-r", "self/alone.json"]],
    ["self/alone.json", ["-r", "./self/alone.json"]],
    ...["self/plain.json", "self/with-id.json"].flatMap((main): [string, string[]][] => [
      [main, ["-r", "self/other.json", "-r", main]],
      [main, ["-r", `./${main}`, "-r", "self/other.json"]],
    ]),
  ];
  for (const [main, refs] of cases) {
    assertOutput(run(["validate", "-o", "compact", ...refs, main, "self/a1.json"]), 1, ["self/a1.json: invalid", "  /a: must be string, but is 1"]);
  }
});

// The README's `-r 'schemas/*.json'` was read as one file named "schemas/*.json" ("cannot read:
// no such file"), and a directory as "is a directory": -r arguments were never expanded.
test("-r: a pattern or a directory is the files it names, as an instance argument is", () => {
  mkdirSync(join(dir, "api/more"), { recursive: true });
  file("api/order.schema.json", { properties: { customer: { $ref: "person.schema.json" }, total: { $ref: "more/money.json" } } });
  file("api/person.schema.json", { properties: { name: { type: "string", minLength: 1 } } });
  file("api/more/money.json", { type: "number", minimum: 0 });
  file("api/notes.txt", "not a schema");
  file("order-bad.json", { customer: { name: "" }, total: -5 });
  const invalid = ["order-bad.json: invalid", "  /customer/name: must have at least 1 character, but has 0", "  /total: must be >= 0, but is -5"];
  for (const refs of [["-r", "api/*.json", "-r", "api/more/*.json"], ["-r", "api/**/*.json"], ["-r", "api", "-r", "api/more"], ["-r", "api/*.schema.json", "-r", "api/more"]]) {
    assertOutput(run(["validate", "-o", "compact", ...refs, "api/order.schema.json", "order-bad.json"]), 1, invalid);
  }
  const none = run(["validate", "-r", "api/*.yaml", "api/order.schema.json", "order-bad.json"]);
  assertOutput(none, 2, []);
  assert.is(none.stderr, "api/*.yaml: no file matches the pattern\n");
  mkdirSync(join(dir, "empty-dir"));
  const empty = run(["validate", "-r", "empty-dir", "api/order.schema.json", "order-bad.json"]);
  assert.is(empty.status, 2);
  assert.match(empty.stderr, /^empty-dir: no \.json file in the directory/);
});

// Every -r document is held until the compile: a folder of links to one 4 MB file exhausted the
// heap (60 links: 4 MB on disk, V8 aborted), though each file was within --max-file-size.
test("-r: the files together are bounded as one file is, and a file linked twice is read once", () => {
  mkdirSync(join(dir, "sum/defs"), { recursive: true });
  file("sum/s.json", { type: "object" });
  file("sum/i.json", {});
  const text = JSON.stringify({ description: "x".repeat(600) });
  file("sum/defs/a.json", JSON.parse(text));
  file("sum/defs/b.json", JSON.parse(text));
  const both = run(["validate", "--max-file-size", "1K", "-r", "sum/defs", "sum/s.json", "sum/i.json"]);
  assertOutput(both, 2, []);
  assert.is(both.stderr, "sum/defs/b.json: cannot read: the -r files together are larger than 1K (--max-file-size bounds their sum, as it bounds one file)\n");
  assertOutput(run(["validate", "--max-file-size", "1K", "-r", "sum/defs/a.json", "sum/s.json", "sum/i.json"]), 0, ["sum/i.json: valid"]);
  // Standard input counts too (it has no size until read: its document's text stands for it).
  const piped = run(["validate", "--max-file-size", "1K", "-r", "sum/defs/a.json", "-r", "-", "sum/s.json", "sum/i.json"], { input: text });
  assertOutput(piped, 2, []);
  assert.is(piped.stderr, "-: cannot read: the -r files together are larger than 1K (--max-file-size bounds their sum, as it bounds one file)\n");
  if (process.platform === "win32") return;
  mkdirSync(join(dir, "sum/links"));
  for (const name of ["one.json", "two.json", "three.json"]) symlinkSync("../defs/a.json", join(dir, "sum/links", name));
  assertOutput(run(["validate", "--max-file-size", "1K", "-r", "sum/links", "sum/s.json", "sum/i.json"]), 0, ["sum/i.json: valid"]);
});

test("--output json gives a refusal's advice in the CLI's terms, as the text output does", () => {
  // It gave the library's: "give the document it names in the schemas option", "pass JSON.parse(text)".
  mkdirSync(join(dir, "terms"));
  file("terms/main.json", { $ref: "other.json" });
  file("terms/text.json", JSON.stringify(JSON.stringify({ type: "string" })));
  file("terms/one.json", "1");
  for (const [schema, advice] of [["terms/main.json", "give the document it names with -r FILE"], ["terms/text.json", "this file holds JSON text inside a JSON string: write the schema itself"]] as const) {
    const text = run(["validate", schema, "terms/one.json"]);
    const json = run(["validate", "-o", "json", schema, "terms/one.json"]);
    assert.ok(text.stderr.includes(advice), text.stderr);
    assert.ok((JSON.parse(json.stdout) as { schema: { message: string } }).schema.message.includes(advice), json.stdout);
    assert.not.ok(/schemas option|JSON\.parse/.test(text.stderr + json.stdout), text.stderr + json.stdout);
  }
  // Only the advice is rewritten: a reference quoting the library's words is quoted as it is.
  file("terms/quoting.json", { $ref: "q: give it in the schemas option under that key#/a" });
  file("terms/empty.json", {});
  const quoting = run(["validate", "-r", "terms/empty.json", "terms/quoting.json", "terms/one.json"]);
  assert.ok(quoting.stderr.includes('"q: give it in the schemas option under that key#/a"'), quoting.stderr);
  assert.ok(quoting.stderr.includes(": give it with -r FILE (found by its $id or its file's location)"), quoting.stderr);
});

test.run();
