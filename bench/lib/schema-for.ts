// Which schema a library runs for a case: the case's own, in its dialect, or, where the library has
// no such dialect, the case's 2020-12 conversion. The library's setup() is left pointing at that
// dialect, so its prepare() must come next.
import type { AnyLibrary, Schema } from "../libs/library.js";
import type { CaseData, DialectName } from "./types.js";

export type SchemaFor =
  /** `runs`: how it runs it (RESULTS.md); `convertedBecause`: why it runs the conversion, when it does. */
  | { schema: Schema; runs: string; note?: string; convertedBecause?: string }
  | { cannot: string };

export function schemaFor(lib: AnyLibrary, data: CaseData, dialect: DialectName): SchemaFor {
  const setup = lib.setup(dialect, data.external ?? {}, data.schema);
  if ("runs" in setup) return { schema: data.schema, ...setup };
  if (!data.as2020) return { cannot: `cannot run this schema: ${setup.cannot}` };
  const converted = lib.setup("2020-12", {}, data.as2020.schema);
  if ("cannot" in converted) return { cannot: `cannot run this schema: ${converted.cannot}` };
  return { schema: data.as2020.schema, runs: converted.runs.replace(/^2020-12/, "2020-12 conversion"), ...(converted.note ? { note: converted.note } : {}), convertedBecause: setup.cannot };
}
