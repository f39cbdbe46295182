// The meta-data vocabulary: keywords that never fail and only annotate, with their own value.
import { PASSES, type Keyword, type Vocabulary } from "../types.js";
import { deepFreeze } from "../../json/freeze.js";
import { weighAnnotationValue } from "../../engine/report.js";

/** A keyword whose only effect is to annotate the instance with its value (when annotations are collected). */
export function annotationKeyword(name: string, vocabulary: Vocabulary): Keyword {
  return {
    name,
    vocabulary,
    compile(value, ctx) {
      // Every output of the validator shares the value: frozen once, as the annotating variant is
      // compiled (V8 tells whether an object of many keys is frozen by reading every key).
      if (ctx.annotating) {
        deepFreeze(value);
        weighAnnotationValue(value); // the output's text bound counts it as it is serialized
        ctx.annotate(() => value);
      }
      return undefined;
    },
    explain: PASSES,
  };
}

export const titleKeyword = annotationKeyword("title", "meta-data");
export const descriptionKeyword = annotationKeyword("description", "meta-data");
export const defaultKeyword = annotationKeyword("default", "meta-data");
export const examplesKeyword = annotationKeyword("examples", "meta-data");
export const deprecatedKeyword = annotationKeyword("deprecated", "meta-data");
export const readOnlyKeyword = annotationKeyword("readOnly", "meta-data");
export const writeOnlyKeyword = annotationKeyword("writeOnly", "meta-data");
