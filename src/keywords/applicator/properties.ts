import { asksFirst, childPath, DeclaredSegments, followFailing } from "../../engine/report.js";
import type { Check } from "../../engine/types.js";
import { OBJECT, typeOf } from "../../json/type-of.js";
import { PASSES, type Explaining, type Keyword } from "../types.js";
import { schemaMap } from "../values.js";
import { fusable, ownsProperties } from "./fused-properties.js";
import { ABSENT, declaredValue, hasMember, isAbsent } from "../../json/declared.js";
import { memberBits } from "../../engine/plain-objects.js";
import { declaredInOrder, declaredPlaces, earlierAfter, placeOf, type Declared } from "./declared-order.js";
import { declaredPlan, OWN_KEYS, PROPERTIES, shapeOf, type Planning, type Shape } from "../../engine/plan.js";
import { PROPERTIES_SEEN, witnessedKey, witnessedName } from "../../engine/witness.js";
import { keysOf } from "../../engine/once-per-pass.js";

export const propertiesKeyword: Keyword = {
  name: "properties",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "map",
  reaches: "one-property",
  evaluatesProperties: (value, _parent, _object, _holds, _plan, keys) => keys.filter((key) => Object.hasOwn(value as object, key)),
  compile(value, ctx, parent) {
    const map = schemaMap(value, ctx);
    // additionalProperties checks both in one pass over the instance's keys.
    if (ownsProperties(ctx, parent)) return undefined;
    const names = Object.keys(map);
    const checks: Check[] = names.map((name) => ctx.subschema(map[name], name));
    const count = names.length;
    if (count === 0) return undefined;
    const tracking = ctx.tracking;
    // Many declared names (a metaschema, a wide API object): read the instance's keys instead,
    // and check the declared ones among them in the schema's order.
    const declared: Declared | undefined = count > 4 ? { names, index: new Map(names.map((name, i) => [name, i])) } : undefined;
    ctx.annotate((instance) => (declared === undefined ? names.filter((name) => hasMember(instance as object, name)) : declaredPlaces(Object.keys(instance as object), 0, declared).map((i) => names[i]!)));
    if (declared !== undefined && !tracking) {
      const location = ctx.location;
      return (instance, state, at) => {
        const object = instance as Record<string, unknown>;
        // validate()'s error pass, up to the first error: the key the boolean pass saw fail holds
        // it, unless a declared key after it comes first in the schema's order.
        const failedKey = state.witness === undefined || state.allErrors ? undefined : witnessedName(state.witness, object, location, PROPERTIES_SEEN);
        const failedAt = failedKey === undefined ? -1 : placeOf(declared, failedKey, 0);
        if (failedAt >= 0 && !earlierAfter(object, failedKey!, failedAt, declared) && !checks[failedAt]!(object[failedKey!], state, childPath(state, at, failedKey!))) return false;
        let valid = true;
        const keys = keysOf(object, state);
        // validate()'s error pass: keys the boolean pass saw pass are not checked again, and the
        // one it saw fail is not asked. An object or array value after it is asked first (on the
        // plans, as items does): a large valid subtree, such as the rest of a Kubernetes spec
        // once one field failed, is not walked by the closures.
        const asks = asksFirst(state, at, keys.length);
        const failed = state.witness === undefined ? -1 : witnessedKey(state.witness, object, keys, location, PROPERTIES_SEEN);
        const failedName = keys[failed];
        const from = Math.max(0, failed);
        // The declared keys in the schema's order: as they come, or sorted when they are not.
        const sorted = declaredInOrder(keys, from, declared, false) ? undefined : declaredPlaces(keys, from, declared);
        const end = sorted === undefined ? keys.length : sorted.length;
        for (let n = sorted === undefined ? from : 0; n < end; n++) {
          const i = sorted === undefined ? placeOf(declared, keys[n]!, 0) : sorted[n]!;
          if (i < 0) continue;
          const name = names[i]!;
          const property = object[name];
          if (followFailing(checks[i]!, property, state, at, name, asks && name !== failedName && typeof property === "object" && property !== null)) continue;
          if (!state.allErrors) return false;
          valid = false;
        }
        return valid;
      };
    }
    // Children that only test a type are tested inline; their Check runs only to report.
    const types = names.map((name) => ctx.typeOnly(map[name]) ?? 0);
    const segments = new DeclaredSegments(names);
    if (declared !== undefined) {
      // Many names, tracked: every declared key counts as evaluated, so none is skipped; they are
      // found among the instance's keys (a value costs its own size, not the schema's).
      return (instance, state, at) => {
        const object = instance as Record<string, unknown>;
        const places = declaredPlaces(keysOf(object, state), 0, declared);
        let valid = true;
        for (let k = 0; k < places.length; k++) {
          const i = places[k]!;
          const name = names[i]!;
          const value = object[name];
          state.ev!.addProp(name);
          if (types[i] !== 0 && (typeOf(value) & types[i]!) !== 0) continue;
          if (!checks[i]!(value, state, segments.path(state, at, i))) {
            if (!state.allErrors) return false;
            valid = false;
          }
        }
        return valid;
      };
    }
    return (instance, state, at) => {
      const object = instance as Record<string, unknown>;
      const members = memberBits(object, names, state);
      let valid = true;
      for (let i = 0; i < count; i++) {
        const name = names[i]!;
        const value = members < 0 ? declaredValue(object, name) : ((members >> i) & 1) !== 0 ? object[name] : ABSENT;
        if (isAbsent(value)) continue;
        if (tracking) state.ev!.addProp(name);
        if (types[i] !== 0 && (typeOf(value) & types[i]!) !== 0) continue;
        if (!checks[i]!(value, state, segments.path(state, at, i))) {
          if (!state.allErrors) return false;
          valid = false;
        }
      }
      return valid;
    };
  },
  plan(value, into) {
    const map = value as Record<string, unknown>;
    // As the closure: many names walk the instance's own keys, a few are read directly.
    if (Object.keys(map).length > 4) planOwnKeys(into, map);
    else {
      declared(into, map);
      into.plan.rules |= PROPERTIES; // finishPlan marks the names Object.prototype has
    }
    return true;
  },
  // additionalProperties explains both when they are fusable (see its explain).
  prepare: (value, parent) => (fusable(parent) ? PASSES : value),
  explain: (value, e, instance) => explainProperties(value as Record<string, unknown>, e, instance as Record<string, unknown>),
};

/** `properties`' units in its closures' order: the declared names, in the schema's order (for many names, only those among the instance's keys from where the boolean pass failed). */
export function explainProperties(map: Record<string, unknown>, e: Explaining, object: Record<string, unknown>, byKeys = false): boolean {
  const wide = WIDE.get(map);
  const names = wide === undefined ? Object.keys(map) : wide.names;
  let valid = true;
  // Many names (or fused with additionalProperties: `byKeys`): the declared ones among the
  // instance's keys (from where a witnessed loop failed), in the schema's order; else every name.
  // The name a witnessed loop failed at is followed without asking.
  const many = byKeys || names.length > 4;
  let present: readonly number[] | undefined;
  if (many) {
    const keys = e.keys(object);
    // The explainer serves a validator's first invalid instances: a Map of a few names is made for
    // the call (kept, it would weigh on every validator), only when comparing would cost more.
    // Tracked, every declared key counts as evaluated: none is skipped.
    const from = e.tracking ? 0 : e.firstKey(object, keys, PROPERTIES_SEEN);
    const declared = wide ?? (names.length > WIDE_NAMES ? widen(map, names) : { names, index: names.length * (keys.length - from) > 64 ? indexOf(names) : undefined });
    present = declaredPlaces(keys, from, declared);
  }
  const count = present === undefined ? names.length : present.length;
  for (let k = 0; k < count; k++) {
    const name = names[present === undefined ? k : present[k]!]!;
    const property = many ? object[name] : declaredValue(object, name);
    if (isAbsent(property) || e.child(map[name], property, name, "properties", name, declaredPlan(e.plan, name))) continue;
    if (!e.allErrors) return false;
    valid = false;
  }
  return valid;
}

/**
 * The names and index of each `properties` map of more than WIDE_NAMES names the explainer has
 * read, kept while the map (a validator's private copy) lives: made on each call, they would
 * make every one of a validator's first invalid instances cost the schema's width.
 */
const WIDE = new WeakMap<object, Declared>();
const WIDE_NAMES = 64;

function widen(map: object, names: readonly string[]): Declared {
  const declared: Declared = { names, index: indexOf(names) };
  WIDE.set(map, declared);
  return declared;
}

const indexOf = (names: readonly string[]): Map<string, number> => new Map(names.map((name, i) => [name, i]));

/** The declared names and their subschemas' plans. */
function declared({ plan, subplan }: Planning, map: Record<string, unknown>): Shape {
  const shape = shapeOf(plan);
  shape.names = Object.keys(map);
  shape.kids = shape.names.map((name) => subplan(map[name], "properties", name));
  return shape;
}

/** The plan's pass over the instance's own keys (with additionalProperties, or many names): declared names, looked up. */
export function planOwnKeys(into: Planning, map: Record<string, unknown>): Shape {
  const shape = declared(into, map);
  into.plan.rules |= OWN_KEYS; // finishPlan indexes the names
  return shape;
}
