// Every case of the official suite's tests/draft2020-12 (required and optional, except
// optional/format/), with remotes/ registered under http://localhost:1234/.
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCases, loadRemotes, runCase } from "../src/cli/suite.js";
import { EXPECTED_UNSUPPORTED } from "./suite-expectations.js";

const suiteDir = resolve(process.cwd(), "JSON-Schema-Test-Suite");
const remotes = loadRemotes(suiteDir);
const files = loadCases(suiteDir);
let required = 0;
let optional = 0;

for (const [file, cases] of files) {
  test(file, () => {
    const failures: string[] = [];
    for (const testCase of cases) {
      const outcome = runCase(testCase, remotes);
      const expected = EXPECTED_UNSUPPORTED.find((e) => e.file === file && e.group === testCase.group);
      if (expected !== undefined) {
        if (outcome.schemaError?.code !== expected.code) failures.push(`${testCase.group} / ${testCase.description}: expected SchemaError "${expected.code}", got ${outcome.problem ?? "a pass"}`);
        continue;
      }
      if (!outcome.passed) failures.push(`${testCase.group} / ${testCase.description}: ${outcome.problem}`);
      else if (file.startsWith("optional/")) optional++;
      else required++;
    }
    assert.equal(failures, [], `${failures.length} case(s) failed`);
  });
}

test("totals: 1299 required and 161 optional cases pass", () => {
  assert.ok(files.size > 50, "the suite was not found; run npm run suite:link");
  assert.is(required, 1299);
  assert.is(optional, 161);
});

test.run();
