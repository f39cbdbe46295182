// Fills the JSON-Schema-Test-Suite submodule folder when it is empty.
// There is no network in CI: the pinned copy beside the checkout (../shared) is used.
import { cpSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const target = resolve(root, "JSON-Schema-Test-Suite");
const source = resolve(root, "../shared/JSON-Schema-Test-Suite");
const PINNED = "44401e0c046704b476ec9d2e2fccdaee618f259d";

if (existsSync(resolve(target, "tests/draft2020-12"))) process.exit(0);
if (!existsSync(resolve(source, "tests/draft2020-12"))) {
  console.error(
    `JSON-Schema-Test-Suite/ is empty and no local copy was found at ../shared/JSON-Schema-Test-Suite.\n` +
      `Fetch it with: git submodule update --init   (pinned at ${PINNED})`,
  );
  process.exit(1);
}
mkdirSync(target, { recursive: true });
for (const entry of readdirSync(source)) cpSync(resolve(source, entry), resolve(target, entry), { recursive: true });
console.log(`JSON-Schema-Test-Suite/ filled from ../shared/JSON-Schema-Test-Suite`);
