// The draft-07 version of mcp-patterns (see lib/draft07.ts).
import { draft07Version } from "../lib/draft07.js";
import base from "./mcp-patterns.js";

export default draft07Version(base);
