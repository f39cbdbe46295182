// -r documents are found by the file a relative $ref names, relative to the main schema's file:
// "../common.json", "common.json" and "../../common.json" are three files, never one. Only a
// document's own dialect's identifier keyword claims a URI, and a name that needs
// percent-encoding can be written encoded.
import { mkdirSync } from "node:fs";
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
  assert.is(missing.stderr, 'pct/main.json: unresolved-ref: cannot resolve $ref "nowhere.json": no schema in the document or in the -r files has that URI, anchor or pointer at /$ref\n');
});

test.run();
