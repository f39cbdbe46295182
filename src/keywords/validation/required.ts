import { report } from "../../engine/report.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { stringArray } from "../values.js";
import { REQUIRED, shapeOf } from "../../engine/plan.js";
import type { EvalState, Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";
import { quote } from "../../json/quote.js";
import { allListed, hasMember } from "../../json/declared.js";
import { keysOf } from "../../engine/once-per-pass.js";
import { memberBits } from "../../engine/plain-objects.js";

const HEADS = new Heads<string>((name) => `must have required property ${quote(name)}`);

const explainRequired: Explain<undefined> = (_data, _instance, missing) => ({
  error: HEADS.of(missing as string),
  params: { missingProperty: missing },
});

/** An object of at most 8 keys a name, with no non-enumerable property (listing its keys costs less than asking each name). */
function ownAreMembers(object: object, names: number, state: EvalState): boolean {
  const listed = keysOf(object, state).length;
  return listed <= 8 * names && allListed(object, listed);
}

export const requiredKeyword: Keyword = {
  name: "required",
  vocabulary: "validation",
  appliesTo: OBJECT,
  compile(value, ctx) {
    const names = stringArray(value, ctx);
    if (names.length === 0) return undefined;
    const where = ctx.where(explainRequired, undefined);
    // Which names are members: one for…in over a plain object (at most 31 names: bits); for more
    // names, Object.hasOwn once an object of not many more keys than names is found to have no
    // non-enumerable property; else each name asked (hasMember, a slow builtin call).
    const few = names.length <= 31;
    return (instance, state, at) => {
      const object = instance as object;
      const members = few ? memberBits(object, names, state) : -1;
      const exact = !few && ownAreMembers(object, names.length, state);
      let valid = true;
      for (let i = 0; i < names.length; i++) {
        const name = names[i]!;
        if (!(members >= 0 ? ((members >> i) & 1) !== 0 : exact ? Object.hasOwn(object, name) : hasMember(object, name))) {
          valid = report(state, at, where, instance, name);
          if (!state.allErrors) return false;
        }
      }
      return valid;
    };
  },
  plan(value, { plan }) {
    shapeOf(plan).required = value as string[];
    plan.rules |= REQUIRED;
    return true;
  },
  explain(value, e, instance) {
    let valid = true;
    for (const name of value as string[]) {
      if (hasMember(instance as object, name)) continue;
      valid = e.report(explainRequired, undefined, instance, name);
      if (!e.allErrors) return false;
    }
    return valid;
  },
};
