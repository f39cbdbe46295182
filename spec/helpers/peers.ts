// What the differential specs (spec/differential.spec.ts, spec/differential-legacy.spec.ts) share:
// schemagate and hyperjump as they are compared, and what skips a peer's known bugs
// (spec/known-peer-bugs.md): exact multipleOf, HJ-1, a stack overflow.
import { compile, SchemaError, type Validator } from "../../src/index.js";

type Json = unknown;

/** The entry point of hyperjump for one dialect (`@hyperjump/json-schema/draft-2020-12`, …). */
export interface HyperjumpDialect {
  registerSchema(schema: never): void;
  validate(id: string): Promise<(instance: never) => { valid: boolean }>;
  unregisterSchema(id: string): void;
}

/** A peer's compiled schema, as the differential asks it. */
export interface Compiled {
  /**
   * true/false; "overflow" when the peer ran out of stack (a reference cycle consuming no input);
   * "undeclared" when ajv's generated code reads a variable it never declared (AJV-9).
   */
  check(x: Json): boolean | "overflow" | "undeclared";
}

export function schemagate(document: Json): Validator | SchemaError {
  try {
    return compile(document, { cache: false, refs: "document" });
  } catch (error) {
    if (error instanceof SchemaError) return error;
    throw error; // never anything but SchemaError
  }
}

/** hyperjump's verdicts on the document (registered under its unique identifier `id`), or the error it refused it with. */
export async function hyperjump(peer: HyperjumpDialect, document: Record<string, unknown>, id: string): Promise<Compiled | Error> {
  try {
    peer.registerSchema(document as never);
    const v = await peer.validate(id);
    return {
      check(x) {
        try {
          return v(x as never).valid;
        } catch (error) {
          if (overflow(error)) return "overflow";
          throw error;
        }
      },
    };
  } catch (error) {
    return error as Error;
  } finally {
    peer.unregisterSchema(id);
  }
}

/** A document or instance for a failure message, cut at 4,000 characters. */
export function show(value: Json): string {
  const text = JSON.stringify(value);
  return text.length > 4000 ? text.slice(0, 4000) + "…" : text;
}

/** Every value inside a JSON value, itself included. */
export function* values(x: Json): Generator<Json> {
  yield x;
  if (typeof x !== "object" || x === null) return;
  for (const member of Array.isArray(x) ? x : Object.values(x)) yield* values(member);
}

export const numbersIn = (x: Json): number[] => [...values(x)].filter((v): v is number => typeof v === "number");
export const multipleOfs = (objects: Record<string, unknown>[]): number[] => objects.map((s) => s["multipleOf"]).filter((m): m is number => typeof m === "number");

// multipleOf, exactly: the decimal a JSON number denotes (as JavaScript prints it), in BigInt.

function decimal(n: number): [mantissa: bigint, exponent: number] {
  const [m, e] = n.toExponential().split("e") as [string, string];
  const fraction = m.split(".")[1] ?? "";
  return [BigInt(m.replace(".", "")), Number(e) - fraction.length];
}

/** Whether x / m is an integer, with x and m the decimals they denote. */
export function exactMultiple(x: number, m: number): boolean {
  const [a, ea] = decimal(x);
  const [b, eb] = decimal(m);
  const e = Math.min(ea, eb);
  return (a * 10n ** BigInt(ea - e)) % (b * 10n ** BigInt(eb - e)) === 0n;
}

/** HJ-1: hyperjump's multipleOf compares `x % m` with a 1.19e-7 tolerance (wrong for negatives, tiny and huge x). */
function hyperjumpMultipleOf(x: number, m: number): boolean {
  const r = x % m;
  return Math.abs(0 - r) < 1.1920929e-7 || Math.abs(m - r) < 1.1920929e-7;
}
export const HJ_1 = (objects: Record<string, unknown>[], x: Json): boolean =>
  multipleOfs(objects).some((m) => numbersIn(x).some((n) => hyperjumpMultipleOf(n, m) !== exactMultiple(n, m)));

/** A peer ran out of stack (HJ-2, AJV-6: a reference cycle that consumes no input). */
export const overflow = (error: unknown): boolean => error instanceof RangeError && /call stack/i.test(error.message);
