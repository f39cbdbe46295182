import { report } from "../../engine/report.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { stringArray } from "../values.js";
import { REQUIRED, shapeOf } from "../../engine/plan.js";
import type { Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";
import { quote } from "../../json/quote.js";
import { allListed, hasMember } from "../../json/declared.js";
import { keysOf } from "../../engine/once-per-pass.js";

/** Past this many names, an object is asked once whether all its properties are enumerable (allListed). */
const FEW_NAMES = 4;

const HEADS = new Heads<string>((name) => `must have required property ${quote(name)}`);

const explainRequired: Explain<undefined> = (_data, _instance, missing) => ({
  error: HEADS.of(missing as string),
  params: { missingProperty: missing },
});

export const requiredKeyword: Keyword = {
  name: "required",
  vocabulary: "validation",
  appliesTo: OBJECT,
  compile(value, ctx) {
    const names = stringArray(value, ctx);
    if (names.length === 0) return undefined;
    const where = ctx.where(explainRequired, undefined);
    if (names.length === 1) {
      const [name] = names as [string];
      return (instance, state, at) => hasMember(instance as object, name) || report(state, at, where, instance, name);
    }
    const many = names.length > FEW_NAMES;
    return (instance, state, at) => {
      const exact = many && allListed(instance as object, keysOf(instance as object, state).length);
      let valid = true;
      for (let i = 0; i < names.length; i++) {
        if (!(exact ? Object.hasOwn(instance as object, names[i]!) : hasMember(instance as object, names[i]!))) {
          valid = report(state, at, where, instance, names[i]);
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
    const exact = (value as string[]).length > FEW_NAMES && allListed(instance as object);
    let valid = true;
    for (const name of value as string[]) {
      if (exact ? Object.hasOwn(instance as object, name) : hasMember(instance as object, name)) continue;
      valid = e.report(explainRequired, undefined, instance, name);
      if (!e.allErrors) return false;
    }
    return valid;
  },
};
