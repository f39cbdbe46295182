// Per-library snippets for the cold-start processes and the bundle-size entries. Plain JavaScript
// strings: each runs in (or is bundled from) a file of its own, never inside the harness.

export interface ColdSpec {
  readonly id: string;
  readonly label: string;
  /** What the fresh process imports ("./schemagate.mjs" is src/ bundled by the runner). */
  readonly specifier: string;
  /** Statements that compile `schema` into `v` (module `m`, schemagate's `options`; top-level await allowed). */
  readonly compile: string;
  /** An expression validating `data` with `v`, true when valid. */
  readonly validate: string;
  /**
   * The entry esbuild bundles and minifies for the bundle size (resolved from the repository root;
   * "schemagate" is the package entry, src/index.ts).
   */
  readonly bundleEntry: string;
}

const D2020 = "https://json-schema.org/draft/2020-12/schema";

export const COLD_SPECS: readonly ColdSpec[] = [
  {
    id: "schemagate",
    label: "schemagate",
    specifier: "./schemagate.mjs",
    compile: "const v = m.compile(schema, options);",
    validate: "v.isValid(data)",
    // An app, not the library's exports: what an edge worker that validates ships.
    bundleEntry: 'import { compile } from "schemagate"; const v = compile({ type: "object" }); console.log(v.isValid({}), v.validate({}));',
  },
  {
    id: "ajv",
    label: "ajv",
    specifier: "ajv/dist/2020.js",
    compile: "const v = new m.Ajv2020({ strict: false, validateFormats: false }).compile(schema);",
    validate: "v(data)",
    bundleEntry: 'export { Ajv2020 } from "ajv/dist/2020.js";',
  },
  {
    id: "cfworker",
    label: "@cfworker",
    specifier: "@cfworker/json-schema",
    compile: 'const v = new m.Validator(schema, "2020-12", true);',
    validate: "v.validate(data).valid",
    bundleEntry: 'export { Validator } from "@cfworker/json-schema";',
  },
  {
    id: "hyperjump",
    label: "hyperjump",
    specifier: "@hyperjump/json-schema/draft-2020-12",
    compile: `m.registerSchema(schema, "https://schemagate.invalid/cold.json", "${D2020}"); const v = await m.validate("https://schemagate.invalid/cold.json");`,
    validate: "v(data).valid",
    bundleEntry: 'export { registerSchema, validate } from "@hyperjump/json-schema/draft-2020-12";',
  },
  {
    id: "schemasafe",
    label: "schemasafe",
    specifier: "@exodus/schemasafe",
    compile: `const v = m.validator(schema, { mode: "default", $schemaDefault: "${D2020}" });`,
    validate: "v(data)",
    bundleEntry: 'export { validator } from "@exodus/schemasafe";',
  },
];

/**
 * The script one fresh `node` process runs: prints {importMs, compileMs, validateMs, ok} as JSON.
 * `options`: schemagate's compile options (its defaults without).
 */
export function coldScript(spec: ColdSpec, schema: unknown, data: unknown, options: Record<string, unknown> = {}): string {
  return `const schema = ${JSON.stringify(schema)};
const data = ${JSON.stringify(data)};
const options = ${JSON.stringify(options)};
const t0 = process.hrtime.bigint();
const m = await import(${JSON.stringify(spec.specifier)});
const t1 = process.hrtime.bigint();
${spec.compile}
const t2 = process.hrtime.bigint();
const ok = ${spec.validate};
const t3 = process.hrtime.bigint();
const ms = (a, b) => Number(b - a) / 1e6;
process.stdout.write(JSON.stringify({ importMs: ms(t0, t1), compileMs: ms(t1, t2), validateMs: ms(t2, t3), ok }));
`;
}
