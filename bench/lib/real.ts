// The real-world pairs in ../shared/bench-data/: the schemas declare draft-07 or draft-04 and run
// in that dialect, unconverted. Each case also carries the schema's 2020-12 conversion
// (dialect.ts, which lists what it changed) for a library that cannot run the dialect.
import { readData, readMeta } from "./data.js";
import { dialectOf, toDraft2020 } from "./dialect.js";
import type { CaseContext, CaseData } from "./types.js";

type Obj = Record<string, unknown>;

export const DRAFT4_URI = "http://json-schema.org/draft-04/schema";

/** Whether some `$ref` in the document names `uri` (with any fragment). */
function refersTo(node: unknown, uri: string): boolean {
  if (typeof node !== "object" || node === null) return false;
  const ref = (node as Obj)["$ref"];
  if (typeof ref === "string" && ref.split("#")[0] === uri) return true;
  return Object.values(node).some((v) => refersTo(v, uri));
}

export function realSchema(ctx: CaseContext, file: string): Pick<CaseData, "schema" | "external" | "as2020"> & { notes: string[] } {
  const schema = readData<Obj>(ctx, file);
  const dialect = dialectOf(schema);
  const external = refersTo(schema, DRAFT4_URI) ? { [DRAFT4_URI]: readMeta<Obj>(ctx, "draft4.json") } : undefined;
  const inline = external && { [DRAFT4_URI]: { key: "json-schema-draft-04", doc: external[DRAFT4_URI]! } };
  const converted = toDraft2020(schema, inline ? { dialect, inline } : { dialect });
  const reaches = external ? ` Its \`$ref\`s reach into the draft-04 metaschema (\`${DRAFT4_URI}#/…\`).` : "";
  return {
    schema,
    ...(external ? { external } : {}),
    as2020: { schema: converted.schema, notes: converted.notes },
    notes: [`\`${file}\` declares ${dialect} and runs as such, unconverted, wherever the library has that dialect.${reaches}`],
  };
}
