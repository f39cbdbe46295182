// The draft-07 version of mcp-tree (see lib/draft07.ts).
import { draft07Version } from "../lib/draft07.js";
import base from "./mcp-tree.js";

export default draft07Version(base);
