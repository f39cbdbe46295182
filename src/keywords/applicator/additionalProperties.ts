import { asksFirst, DeclaredSegments, followFailing, report, shownName } from "../../engine/report.js";
import type { Check, EvalState, Explain, InstancePath } from "../../engine/types.js";
import { isObject, OBJECT, typeOf } from "../../json/type-of.js";
import { ownMember } from "../../json/own-member.js";
import type { CompileContext, Keyword, SchemaObject } from "../types.js";
import { explainProperties, planOwnKeys } from "./properties.js";
import { sharedMatcher } from "../../engine/regexes.js";
import type { Matcher } from "../../regex/matcher.js";
import { fusable, ownsProperties } from "./fused-properties.js";
import { declaredInOrder, declaredPlaces, earlierAfter, placeOf, type Declared } from "./declared-order.js";
import { keysOf } from "../../engine/once-per-pass.js";
import { ADDITIONAL_SEEN, OTHERS_SEEN, PROPERTIES_SEEN, witnessedKey, witnessedName } from "../../engine/witness.js";

/** Up to this many declared names, the fused loop compares them instead of asking a Map. */
const FEW_NAMES = 8;

const explainAdditional: Explain<undefined> = (_data, _instance, name) => ({
  error: `must not have property ${shownName(name as string)} (additionalProperties is false)`,
  params: { additionalProperty: name },
});

/**
 * Applies to properties matched by neither `properties` nor `patternProperties` (read from the
 * parent). With `properties` and no `patternProperties`, this keyword owns both: it reads the
 * instance's keys once, checks the declared ones in the schema's order, then the others.
 */
export const additionalPropertiesKeyword: Keyword = {
  name: "additionalProperties",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "schema",
  // Every name, whether or not its value holds, as the closure counts them: as `properties` counts
  // a name that fails, so that one bad value is one error (its schema object fails either way).
  evaluatesProperties: () => true,
  compile(value, ctx, parent) {
    if (ownsProperties(ctx, parent)) return fused(value, ctx, parent);
    // A subschema every value passes: no key need be read (a thousand of them over 100,000 keys
    // were a hundred million calls); only unevaluated* learns that every name was evaluated.
    const always = value === true || (isObject(value) && Object.keys(value).length === 0);
    if (always && !ctx.annotating) return ctx.tracking ? allEvaluated : undefined;
    const declared = isObject(parent["properties"]) ? new Set(Object.keys(parent["properties"])) : new Set<string>();
    const regexes = isObject(parent["patternProperties"]) ? Object.keys(parent["patternProperties"]).map((p) => ctx.regex(p)) : [];
    const isAdditional = (name: string) => {
      if (declared.has(name)) return false;
      for (let i = 0; i < regexes.length; i++) if (regexes[i]!.test(name)) return false;
      return true;
    };
    const tracking = ctx.tracking;
    ctx.annotate((instance, state) => keysOf(instance as object, state).filter(isAdditional));
    if (always) return tracking ? allEvaluated : undefined;
    const check = additional(value, ctx);
    // validate()'s witness (witness.ts): alone (no properties, no patterns) this is the plan's key
    // loop; beside patterns, this closure records where the boolean pass failed.
    const location = ctx.location;
    const needs = declared.size === 0 && regexes.length === 0 ? ADDITIONAL_SEEN : OTHERS_SEEN;
    return (instance, state, at) => {
      const object = instance as Record<string, unknown>;
      let valid = true;
      const keys = keysOf(object, state);
      const first = asksFirst(state, at, keys.length);
      const failed = state.witness === undefined ? -1 : witnessedKey(state.witness, object, keys, location, needs);
      for (let k = Math.max(0, failed); k < keys.length; k++) {
        const name = keys[k]!;
        // The key the boolean pass saw fail is not asked again.
        if (!isAdditional(name) || check(object[name], state, at, name, first && k !== failed)) continue;
        if (!state.allErrors) return state.witness === undefined ? false : state.witness.record(object, location, OTHERS_SEEN, name);
        valid = false;
      }
      if (tracking) state.ev!.allProps = true; // failed too: see evaluatesProperties
      return valid;
    };
  },
  // The plan takes the fused pass (properties and additionalProperties, no patterns), and
  // additionalProperties alone, as a key pass with no declared names.
  plan(value, into, parent) {
    // Plans are never tracking nor annotating: the fused pass applies when the keywords allow it.
    const alone = !Object.hasOwn(parent, "properties") && !Object.hasOwn(parent, "patternProperties");
    if (!alone && !fusable(parent)) return false;
    planOwnKeys(into, alone ? {} : (parent["properties"] as Record<string, unknown>)).additional =
      value === true ? undefined : value === false ? null : into.subplan(value, "additionalProperties");
    return true;
  },
  // patternProperties' matchers, made once per schema object (the other siblings are read as explained).
  prepare: (_value, parent) => matchersOf(parent),
  // As the closures: fused with `properties` (declared names explained here), or apart from it and patternProperties.
  explain(prepared, e, instance, parent) {
    const matchers = prepared as readonly Matcher[];
    const value = parent["additionalProperties"];
    const properties = propertiesOf(parent);
    const fusing = fusable(parent);
    // Fusable, `properties` is left out of the explainer's keywords: its units come here first,
    // in the schema's order, as the closures give them (fused, or apart where they track).
    const fused = fusing && !e.tracking;
    const object = instance as Record<string, unknown>;
    let valid = !fusing || explainProperties(properties!, e, object, fused);
    if (!valid && !e.allErrors) return false;
    // As the closures, from where the boolean pass's key loop failed: fused, alone, or beside patterns.
    const needs = fused ? (value === true ? PROPERTIES_SEEN : PROPERTIES_SEEN | ADDITIONAL_SEEN) : properties === undefined && matchers.length === 0 ? ADDITIONAL_SEEN : OTHERS_SEEN;
    const keys = e.keys(object);
    for (let k = e.firstKey(object, keys, needs); k < keys.length; k++) {
      const name = keys[k]!;
      const property = object[name];
      if ((properties !== undefined && Object.hasOwn(properties, name)) || matchers.some((matcher) => matcher.test(name))) continue;
      if (value === true || (value === false ? e.report(explainAdditional, undefined, property, name) : e.child(value, property, name, "additionalProperties", undefined, e.plan?.shape?.additional))) continue;
      if (!e.allErrors) return false;
      valid = false;
    }
    return valid;
  },
};

// The siblings that say which names are not additional: `properties`' names and patternProperties' patterns.
const propertiesOf = (parent: SchemaObject): Record<string, unknown> | undefined => {
  const properties = ownMember(parent, "properties");
  return isObject(properties) ? properties : undefined;
};

const matchersOf = (parent: SchemaObject): readonly Matcher[] => {
  const patterns = ownMember(parent, "patternProperties");
  return isObject(patterns) ? Object.keys(patterns).map(sharedMatcher) : NO_MATCHERS;
};

/** Without patternProperties: one empty list for every schema object (the explainer keeps what prepare returns). */
const NO_MATCHERS: readonly Matcher[] = [];

/** `first`: ask quietly whether the value passes before following it for errors (see asksFirst). */
type PropertyCheck = (value: unknown, state: Parameters<Check>[1], at: Parameters<Check>[2], name: string, first: boolean) => boolean;

/** How an additional property is checked: `false` reports it by name, a schema checks its value. */
const allEvaluated: Check = (_instance, state) => {
  state.ev!.allProps = true;
  return true;
};

function additional(value: unknown, ctx: CompileContext): PropertyCheck {
  if (value === false) {
    const where = ctx.where(explainAdditional, undefined);
    return (property, state, at, name) => report(state, at, where, property, name);
  }
  const check = ctx.subschema(value);
  return (property, state, at, name, first) => followFailing(check, property, state, at, name, first);
}

function fused(value: unknown, ctx: CompileContext, parent: SchemaObject): Check {
  const properties = parent["properties"] as Record<string, unknown>;
  const names = Object.keys(properties);
  // Many names are looked up in a Map; a few are compared one by one.
  const index = names.length > FEW_NAMES ? new Map(names.map((name, i) => [name, i])) : undefined;
  const checks = names.map((name) => ctx.siblingSubschema("properties", properties[name], name));
  const types = names.map((name) => ctx.typeOnly(properties[name]) ?? 0);
  const other = value === true ? undefined : additional(value, ctx);
  const location = ctx.location;
  const seen = other === undefined ? PROPERTIES_SEEN : PROPERTIES_SEEN | ADDITIONAL_SEEN;
  const segments = new DeclaredSegments(names);
  const declared: Declared = { names, index };
  /** The key `name` (at `i` in names, -1: not declared) of `object` passes; `ask`: as followFailing asks. */
  const keyHolds = (object: Record<string, unknown>, name: string, i: number, state: EvalState, at: InstancePath, ask: boolean): boolean => {
    const property = object[name];
    return i < 0 ? other === undefined || other(property, state, at, name, ask) : (types[i] !== 0 && (typeOf(property) & types[i]!) !== 0) || checks[i]!(property, state, segments.path(state, at, i));
  };
  return (instance, state, at) => {
    const object = instance as Record<string, unknown>;
    // validate()'s error pass, up to the first error: the key the boolean pass saw fail holds it,
    // unless a declared key after it comes first in the schema's order.
    const failedKey = state.witness === undefined || state.allErrors ? undefined : witnessedName(state.witness, object, location, seen);
    if (failedKey !== undefined) {
      const i = placeOf(declared, failedKey, 0);
      if ((i >= 0 || other !== undefined) && !earlierAfter(object, failedKey, i < 0 ? names.length : i, declared) && !keyHolds(object, failedKey, i, state, at, false)) return false;
    }
    let valid = true;
    const keys = keysOf(object, state);
    const first = other !== undefined && asksFirst(state, at, keys.length);
    // validate()'s error pass: keys the boolean pass saw pass are not checked again, and the one
    // it saw fail is not asked again.
    const failed = state.witness === undefined ? -1 : witnessedKey(state.witness, object, keys, location, seen);
    const from = Math.max(0, failed);
    if (declaredInOrder(keys, from, declared, other !== undefined)) {
      // The common case: one pass meets the units in the order they are due.
      let after = 0;
      for (let k = from; k < keys.length; k++) {
        const name = keys[k]!;
        const i = placeOf(declared, name, after);
        if (i >= 0) after = i + 1;
        if (keyHolds(object, name, i, state, at, first && k !== failed)) continue;
        if (!state.allErrors) return false;
        valid = false;
      }
      return valid;
    }
    // `properties` first, its names in the schema's order; then the other keys, in the instance's.
    for (const i of declaredPlaces(keys, from, declared)) {
      if (keyHolds(object, names[i]!, i, state, at, false)) continue;
      if (!state.allErrors) return false;
      valid = false;
    }
    for (let k = from; k < keys.length; k++) {
      const name = keys[k]!;
      if (placeOf(declared, name, 0) >= 0 || keyHolds(object, name, -1, state, at, first && k !== failed)) continue;
      if (!state.allErrors) return false;
      valid = false;
    }
    return valid;
  };
}
