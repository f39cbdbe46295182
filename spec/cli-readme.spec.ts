// The README's command-line transcripts for person.schema.json, run as written: the schema is
// read from the README itself, and each command's printed lines must be the README's. The
// detailed tree's transcript had kept the sorted order errors came in before they followed the
// schema's key order.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ROOT, file, run } from "./cli-harness.js";

const README = readFileSync(join(ROOT, "README.md"), "utf8");

/** The first fenced block after `marker`. */
function blockAfter(marker: string): string {
  const at = README.indexOf(marker);
  assert.ok(at >= 0, `README has ${marker}`);
  const match = /```\w*\n([\s\S]*?)```/.exec(README.slice(at));
  assert.ok(match !== null, `a block after ${marker}`);
  return match[1]!;
}

/** The lines the README shows after `$ npx schemagate ARGS`, up to the next prompt. */
function transcript(args: string): string[] {
  const at = README.indexOf(`$ npx schemagate ${args}\n`);
  assert.ok(at >= 0, `README shows ${args}`);
  const rest = README.slice(at).split("\n").slice(1);
  const end = rest.findIndex((line) => line.startsWith("$ ") || line.startsWith("```"));
  return rest.slice(0, end);
}

file("person.schema.json", JSON.parse(blockAfter("The examples use `person.schema.json`:")) as unknown);
file("ada.json", { name: "Ada", age: 36, contact: "ada@example.com" });
file("bob.json", { name: "", age: -1, contact: { phone: 5551234 }, nickname: "Bob" });

for (const args of ["validate person.schema.json ada.json bob.json", "validate --output compact person.schema.json bob.json", "validate --output detailed person.schema.json bob.json"]) {
  test(`README: schemagate ${args}`, () => {
    const r = run(args.split(" "));
    assert.is(r.status, 1);
    assert.equal(r.stdout.split("\n").slice(0, -1), transcript(args));
  });
}

test.run();
