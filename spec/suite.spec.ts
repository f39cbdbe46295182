// Every case of the official suite's draft folders (2020-12, 2019-09, draft7, draft6, draft4:
// required, optional and optional/format/), each run in its draft's dialect, with remotes/
// registered under http://localhost:1234/.
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadCases, loadRemotes, runCase, SUITE_DRAFTS } from "../src/cli/suite.js";
import type { DialectName } from "../src/keywords/dialects.js";
import { expectationOf } from "./suite-expectations.js";

const suiteDir = resolve(process.cwd(), "JSON-Schema-Test-Suite");
const remotes = loadRemotes(suiteDir);

/** Cases that pass, per draft: required, optional (format/ apart), format. */
const EXPECTED_TOTALS: Record<DialectName, [number, number, number]> = {
  "2020-12": [1299, 162, 764],
  "2019-09": [1259, 158, 757],
  "draft-07": [927, 114, 676],
  "draft-06": [839, 106, 325],
  "draft-04": [618, 99, 219],
};

for (const { dialect } of SUITE_DRAFTS) {
  const files = loadCases(suiteDir, dialect, true);
  const passed: [number, number, number] = [0, 0, 0];
  for (const [file, cases] of files) {
    test(`${dialect} ${file}`, () => {
      const failures: string[] = [];
      for (const testCase of cases) {
        const outcome = runCase(testCase, remotes);
        const expected = expectationOf(dialect, file, testCase.group, testCase.description);
        if (expected !== undefined) {
          const wrong = expected.code === undefined ? outcome.passed || outcome.schemaError !== undefined : outcome.schemaError?.code !== expected.code;
          if (wrong) failures.push(`${testCase.group} / ${testCase.description}: expected to fail (${expected.code ?? "a wrong verdict"}), got ${outcome.problem ?? "a pass"}`);
          continue;
        }
        if (!outcome.passed) failures.push(`${testCase.group} / ${testCase.description}: ${outcome.problem}`);
        else passed[file.startsWith("optional/format/") ? 2 : file.startsWith("optional/") ? 1 : 0]++;
      }
      assert.equal(failures, [], `${failures.length} case(s) failed`);
    });
  }
  test(`${dialect} totals: ${EXPECTED_TOTALS[dialect].join(" / ")} required / optional / format cases pass`, () => {
    assert.ok(files.size > 30, "the suite was not found; run npm run suite:link");
    assert.equal(passed, EXPECTED_TOTALS[dialect]);
  });
}

test.run();
