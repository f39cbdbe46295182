// The draft-07 version of deep-20 (see lib/draft07.ts).
import { draft07Version } from "../lib/draft07.js";
import base from "./deep-20.js";

export default draft07Version(base);
