// The real-world pairs in ../shared/bench-data/: the schemas declare draft-07 or draft-04, and the
// benchmark runs them as 2020-12 after the conversion in dialect.ts (which lists what it changed).
import { readData, readMeta } from "./data.js";
import { toDraft2020 } from "./dialect.js";
import type { CaseContext } from "./types.js";

type Obj = Record<string, unknown>;

export const DRAFT4_URI = "http://json-schema.org/draft-04/schema";

export function realSchema(ctx: CaseContext, file: string, dialect: "draft-04" | "draft-07"): { schema: Obj; notes: string[] } {
  const doc = readData<Obj>(ctx, file);
  const inline = dialect === "draft-04" ? { [DRAFT4_URI]: { key: "json-schema-draft-04", doc: readMeta<Obj>(ctx, "draft4.json") } } : undefined;
  const { schema, notes } = toDraft2020(doc, inline ? { dialect, inline } : { dialect });
  return {
    schema,
    notes: [`\`${file}\` declares ${dialect}; measured as 2020-12 after this conversion: ${notes.join("; ")}.`],
  };
}
