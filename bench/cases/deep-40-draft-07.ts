// The draft-07 version of deep-40 (see lib/draft07.ts).
import { draft07Version } from "../lib/draft07.js";
import base from "./deep-40.js";

export default draft07Version(base);
