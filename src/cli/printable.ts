// The CLI prints text from files through printable() and printableJson() (../output/printable.ts,
// shared with the MCP layer's messages), within these widths.
import { LINE_LOCATION } from "../output/compact.js";

export { escapedJson, printable, printableJson } from "../output/printable.js";

/** The most characters of a location (instance or schema) printed; longer ones are shortened in the middle (as compact lines cut theirs). */
export const LOCATION_MAX = LINE_LOCATION;
/** The most characters of a message printed; longer ones are shortened in the middle. */
export const MESSAGE_MAX = 400;
