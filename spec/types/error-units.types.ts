// validate()'s error units narrow on `keyword` (issue 19): what must type-check does, and each
// `@ts-expect-error` line is something that must not (tsc fails if it ever does). Type-checked by
// `npm test` (typecheck), like the other files here. The first block is the README's example.
import { compact, compile, ValidationError, type ErrorKeyword, type ErrorUnitOf, type OutputUnit, type ValidationErrorUnit } from "../../src/index.js";
import type { ValidationErrorUnit as McpUnit } from "../../src/mcp/index.js";

// --- README, "Each error is an output unit": as written there.
const result = compile({ properties: { age: { minimum: 0 } }, required: ["name"] }).validate({ age: -1 });
const messages = result.valid
  ? []
  : result.errors.map((e) => {
      switch (e.keyword) {
        case "minimum":
          return `${e.instanceLocation} must be ${e.params.comparison} ${e.params.limit}`; // ">=" | ">", number
        case "required":
          return `missing ${e.params.missingProperty}`;
        default:
          return e.error;
      }
    });
// ---

export const lines: string[] = messages;

declare const e: ValidationErrorUnit;

// Narrowing gives each keyword's params, with their types.
if (e.keyword === "minimum") {
  const limit: number = e.params.limit;
  const comparison: ">=" | ">" = e.params.comparison;
  // @ts-expect-error minimum has no missingProperty
  e.params.missingProperty;
  // @ts-expect-error comparison is ">=" or ">", never "<"
  const wrong: "<" = e.params.comparison;
  void [limit, comparison, wrong];
}
if (e.keyword === "required") {
  const name: string = e.params.missingProperty;
  // @ts-expect-error a required unit has no limit
  e.params.limit;
  void name;
}
if (e.keyword === "oneOf") {
  // @ts-expect-error passingSchemas may be null (no schema matched)
  e.params.passingSchemas.length;
  if (e.params.passingSchemas !== null) void (e.params.passingSchemas satisfies number[]);
}
if (e.keyword === "type") {
  const names: readonly string[] = typeof e.params.type === "string" ? [e.params.type] : e.params.type;
  void names;
}
if (e.keyword === "anyOf" || e.keyword === "$depth") {
  // @ts-expect-error these units have no params to read
  e.params.limit;
}

// Without narrowing only what every unit has is there.
const where: string = e.keywordLocation;
const error: string = e.error;
void [where, error];
// @ts-expect-error not every unit has a limit
e.params.limit;
// @ts-expect-error no unit has this keyword (a typo is caught)
if (e.keyword === "minimun") void e;
// @ts-expect-error only keywords that report have a unit type
export type Nonsense = ErrorUnitOf<"properties">;

// The union is closed: a switch over every keyword leaves nothing.
export function limitOf(unit: ValidationErrorUnit): number | undefined {
  switch (unit.keyword) {
    case "maximum":
    case "exclusiveMaximum":
    case "minimum":
    case "exclusiveMinimum":
    case "maxLength":
    case "minLength":
    case "maxItems":
    case "minItems":
    case "maxProperties":
    case "minProperties":
      return unit.params.limit;
    case "contains":
    case "minContains":
      return unit.params.minContains;
    case "maxContains":
      return unit.params.maxContains;
    case "multipleOf":
      return unit.params.multipleOf;
    case "type": case "const": case "enum": case "format": case "pattern": case "required": case "dependentRequired":
    case "dependencies": case "uniqueItems": case "additionalProperties": case "propertyNames": case "if": case "oneOf":
    case "anyOf": case "not": case "unevaluatedProperties": case "unevaluatedItems": case "false":
    case "$depth": case "$data": case "$pattern": case "$absent":
      return undefined;
    default:
      return unit satisfies never;
  }
}

// Every unit is still an OutputUnit: code written against the wide type takes them as they are.
if (!result.valid) {
  const wide: OutputUnit[] = result.errors;
  compact(result.errors);
  void wide;
}
export const everyKeyword: ErrorKeyword = e.keyword;
const built: ErrorUnitOf<"required"> = { keywordLocation: "/required", instanceLocation: "", error: "…", keyword: "required", params: { missingProperty: "a" } };
// @ts-expect-error a required unit's params are { missingProperty }
const badParams: ErrorUnitOf<"required"> = { ...built, params: { limit: 1 } };
void badParams;

// assert()'s ValidationError carries the same typed units; schemagate/mcp exports the type too.
try {
  compile({ minimum: 0 }).validate(-1);
} catch (error) {
  if (error instanceof ValidationError) {
    for (const unit of error.errors) if (unit.keyword === "minimum") void (unit.params.limit satisfies number);
    // @ts-expect-error params need a narrowed keyword
    void error.errors[0]!.params.limit;
  }
}
const fromMcp: McpUnit[] = [];
export const sameUnits: ValidationErrorUnit[] = fromMcp;

