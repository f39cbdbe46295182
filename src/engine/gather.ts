// In-place subschemas that only declare names (an MCP output's allOf/anyOf/if-then-else of
// `properties` + `required`, a oneOf of closed variants) each scanned the object's keys again,
// and unevaluatedProperties scanned them once more. A Gather lets runPlan read the keys once:
// every name some subschema declares gets a slot, the scan fills the slots, and each
// subschema's verdict is then found from its slots, only when the combination asks for it
// (gatheredObjectHolds in run-plan.ts).
import { ALL_OF, ANY_OF, DECLARED_ONLY, IF, IN_PLACE_RULES, KEYS_ONLY, NOT, ONE_OF, REF, UNEVALUATED_PROPERTIES, Unevaluated, type Plan, type Shape } from "./plan.js";

/** A verdict per subschema is one bit of a small integer. */
const MAX_SUBS = 30;
/** Slot names looked up in a Map instead of scanned. */
const INDEX_ABOVE = 8;

export class Gather {
  /** The index of each slot name, only when there are many. */
  readonly index: ReadonlyMap<string, number> | undefined;

  constructor(
    /**
     * A slot per name: with unevaluatedProperties its names come first, in its order (slot j is
     * Unevaluated.names[j]), then those only `not` declares; then every name a subschema declares.
     */
    readonly names: readonly string[],
    /** The shapes of allOf's, anyOf's and oneOf's subschemas, then of not's, if's, then's and else's (those present). */
    readonly subs: readonly Shape[],
    /** Each subschema's slots, one after the other: subs[i]'s k-th name is in slot slots[from[i] + k]. */
    readonly slots: readonly number[],
    readonly from: readonly number[],
    /** Where anyOf's and oneOf's plans start in `subs`, and where they end. */
    readonly anyOf: number,
    readonly oneOf: number,
    readonly end: number,
    /** The places in `subs` of not, if, then and else; -1 when absent. */
    readonly not: number,
    readonly condition: number,
    readonly then: number,
    readonly otherwise: number,
    /** The plan's unevaluatedProperties, its conditions numbered as `subs` (bit i: subs[i]). */
    readonly unevaluated: Unevaluated | undefined,
  ) {
    this.index = names.length > INDEX_ABOVE ? new Map(names.map((name, i) => [name, i])) : undefined;
  }
}

/** A subschema whose verdict the slots give: `properties` and declared `required`, open or closed. */
function gatherable(plan: Plan): boolean {
  const kind = plan.kind;
  return kind === DECLARED_ONLY || (kind === KEYS_ONLY && plan.shape!.additional === null);
}

/**
 * The Gather for a plan with in-place subschemas, or undefined when one key scan would not serve
 * them all: a `$ref` (its target is not a subschema here), a subschema of another kind (or not
 * yet finished), conditions of unevaluatedProperties below the subschemas, or a single scan; nor
 * for anyOf and oneOf alone. With unevaluatedProperties, it renumbers its conditions as the
 * subschemas (the plan's Unevaluated is replaced by an equal one): the slots and the key loop of
 * an object that is not plain (unevaluatedPropertiesHold) then read the same pairs.
 */
export function gatherOf(plan: Plan): Gather | undefined {
  const rules = plan.rules;
  if ((rules & IN_PLACE_RULES) === 0 || (rules & REF) !== 0) return undefined;
  const applied = plan.applied!;
  // Checked before the lists are copied: spreading a list of 100,000 or more overflows the stack.
  if (applied.allOf.length + applied.anyOf.length + applied.oneOf.length > MAX_SUBS) return undefined;
  const subs: Plan[] = [];
  if ((rules & ALL_OF) !== 0) subs.push(...applied.allOf);
  const anyOf = subs.length;
  if ((rules & ANY_OF) !== 0) subs.push(...applied.anyOf);
  const oneOf = subs.length;
  if ((rules & ONE_OF) !== 0) subs.push(...applied.oneOf);
  const end = subs.length;
  const place = (sub: Plan | undefined): number => (sub === undefined ? -1 : subs.push(sub) - 1);
  const not = (rules & NOT) !== 0 ? place(applied.not) : -1;
  const condition = (rules & IF) !== 0 ? place(applied.condition) : -1;
  const then = condition >= 0 ? place(applied.then) : -1;
  const otherwise = condition >= 0 ? place(applied.otherwise) : -1;
  let unevaluated = (rules & UNEVALUATED_PROPERTIES) !== 0 ? plan.shape!.unevaluated : undefined;
  // anyOf and oneOf alone: their branches mostly differ at the first key (a discriminator) and stop
  // there, so filling slots costs more than the scans it saves (measured on mcp-defs' oneOf).
  if (unevaluated === undefined && (rules & (ALL_OF | IF)) === 0) return undefined;
  if (subs.length > MAX_SUBS || subs.length + (unevaluated ? 1 : 0) < 2 || !subs.every(gatherable)) return undefined;

  if (unevaluated !== undefined) {
    // Each condition must be one of the subschemas (not one below them), to be read from slots.
    const bitOf = unevaluated.conditions.map((condition) => subs.indexOf(condition));
    if (bitOf.some((i) => i < 0)) return undefined;
    const inSubs = (mask: number): number => {
      let bits = 0;
      for (let c = 0; c < bitOf.length; c++) if ((mask >> c) & 1) bits |= 1 << bitOf[c]!;
      return bits;
    };
    const { names, when, other } = unevaluated;
    // Both the masks and the wanted bits of each pair are renumbered.
    unevaluated = plan.shape!.unevaluated = new Unevaluated(new Map(names.map((name, j) => [name, when[j]!.map(inSubs)])), subs, other);
  }
  const names = [...new Set([...(unevaluated?.names ?? []), ...subs.flatMap((sub) => sub.shape!.names)])];
  const shapes = subs.map((sub) => sub.shape!);
  const slots = shapes.flatMap((shape) => shape.names.map((name) => names.indexOf(name)));
  let total = 0;
  const from = shapes.map((shape) => (total += shape.names.length) - shape.names.length); // the slots of the subschemas before it
  return new Gather(names, shapes, slots, from, anyOf, oneOf, end, not, condition, then, otherwise, unevaluated);
}
