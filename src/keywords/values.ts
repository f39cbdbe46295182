// Compile-time checks of keyword values: a bad value is a SchemaError where it stands.
import { isObject } from "../json/type-of.js";
import type { CompileContext } from "./types.js";

export function nonNegativeInteger(value: unknown, ctx: CompileContext): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) return ctx.fail("must be a non-negative integer");
  return value;
}

export function finiteNumber(value: unknown, ctx: CompileContext): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return ctx.fail("must be a number");
  return value;
}

export function schemaMap(value: unknown, ctx: CompileContext): Record<string, unknown> {
  if (!isObject(value)) return ctx.fail("must be an object whose values are schemas");
  return value;
}

export function schemaArray(value: unknown, ctx: CompileContext): readonly unknown[] {
  if (!Array.isArray(value) || value.length === 0) return ctx.fail("must be a non-empty array of schemas");
  return value;
}

export function stringArray(value: unknown, ctx: CompileContext): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) return ctx.fail("must be an array of strings");
  return value as string[];
}
