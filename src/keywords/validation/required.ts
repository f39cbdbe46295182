import { report } from "../../engine/report.js";
import { OBJECT } from "../../json/type-of.js";
import type { Keyword } from "../types.js";
import { stringArray } from "../values.js";
import { REQUIRED, shapeOf } from "../../engine/plan.js";
import type { Explain } from "../../engine/types.js";
import { Heads } from "../../engine/message-heads.js";
import { quote } from "../../json/quote.js";

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
      return (instance, state, at) => Object.hasOwn(instance as object, name) || report(state, at, where, instance, name);
    }
    return (instance, state, at) => {
      let valid = true;
      for (let i = 0; i < names.length; i++) {
        if (!Object.hasOwn(instance as object, names[i]!)) {
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
    let valid = true;
    for (const name of value as string[]) {
      if (Object.hasOwn(instance as object, name)) continue;
      valid = e.report(explainRequired, undefined, instance, name);
      if (!e.allErrors) return false;
    }
    return valid;
  },
};
