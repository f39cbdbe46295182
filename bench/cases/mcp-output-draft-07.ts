// The draft-07 version of mcp-output (see lib/draft07.ts).
import { draft07Version } from "../lib/draft07.js";
import base from "./mcp-output.js";

export default draft07Version(base);
