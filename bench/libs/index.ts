// Every library column, in table order. ajv (the reused instance) is the baseline of every ratio.
import { ajv, ajvNew } from "./ajv.js";
import cfworker from "./cfworker.js";
import hyperjump from "./hyperjump.js";
import type { AnyLibrary } from "./library.js";
import schemagate from "./schemagate.js";
import schemasafe from "./schemasafe.js";

export const BASELINE = "ajv";
export const LIBRARIES: readonly AnyLibrary[] = [schemagate, ajv, ajvNew, cfworker, hyperjump, schemasafe];
