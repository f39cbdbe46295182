// Node, Bun and Deno: run the shared example and print its answer as one JSON line.
import { run } from "./example.js";

console.log(JSON.stringify(run()));
