import { childPath } from "../../engine/report.js";
import type { Check } from "../../engine/types.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { schemaMap } from "../values.js";
import { sharedMatcher } from "../../engine/regexes.js";
import type { Matcher } from "../../regex/matcher.js";
import { firstKeyToCheck, PATTERNS_SEEN } from "../../engine/witness.js";
import { keysOf } from "../../engine/once-per-pass.js";

export const patternPropertiesKeyword: Keyword = {
  name: "patternProperties",
  vocabulary: "applicator",
  appliesTo: OBJECT,
  children: "map",
  reaches: "property",
  regexes: "keys",
  // Every name a pattern matches, whether or not its value holds (as the closure counts them).
  evaluatesProperties(value, _parent, _object, _holds, _plan, keys) {
    const matchers = Object.keys(value as object).map(sharedMatcher);
    return keys.filter((name) => matchers.some((matcher) => matcher.test(name)));
  },
  compile(value, ctx) {
    const map = schemaMap(value, ctx);
    const patterns = Object.keys(map);
    if (patterns.length === 0) return undefined;
    const regexes = patterns.map((p) => ctx.regex(p));
    const checks: Check[] = patterns.map((p) => ctx.subschema(map[p], p));
    const tracking = ctx.tracking;
    const location = ctx.location;
    ctx.annotate((instance, state) => keysOf(instance as object, state).filter((name) => regexes.some((r) => r.test(name))));
    return (instance, state, at) => {
      const object = instance as Record<string, unknown>;
      let valid = true;
      const keys = keysOf(object, state);
      // validate()'s boolean pass records where it failed; its error pass starts there (witness.ts).
      for (let k = state.witness === undefined ? 0 : firstKeyToCheck(state.witness, object, keys, location, PATTERNS_SEEN); k < keys.length; k++) {
        const name = keys[k]!;
        for (let i = 0; i < regexes.length; i++) {
          if (!regexes[i]!.test(name)) continue;
          if (tracking) state.ev!.addProp(name);
          if (!checks[i]!(object[name], state, childPath(state, at, name))) {
            if (!state.allErrors) return state.witness === undefined ? false : state.witness.record(object, location, PATTERNS_SEEN, name);
            valid = false;
          }
        }
      }
      return valid;
    };
  },
  // The patterns' matchers, found once per schema object (as the closure's compile does).
  prepare(value) {
    const patterns = Object.keys(value as object);
    return { map: value, patterns, matchers: patterns.map(sharedMatcher) };
  },
  explain(prepared, e, instance) {
    const { map, patterns, matchers } = prepared as { map: Record<string, unknown>; patterns: string[]; matchers: Matcher[] };
    const object = instance as Record<string, unknown>;
    let valid = true;
    const keys = e.keys(object);
    for (let k = e.firstKey(object, keys, PATTERNS_SEEN); k < keys.length; k++) {
      const name = keys[k]!;
      for (let i = 0; i < patterns.length; i++) {
        if (!matchers[i]!.test(name) || e.child(map[patterns[i]!], object[name], name, "patternProperties", patterns[i])) continue;
        if (!e.allErrors) return false;
        valid = false;
      }
    }
    return valid;
  },
};
