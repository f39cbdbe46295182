// The 2020-12 keyword table: every keyword of the dialect, in evaluation order (cheapest first,
// unevaluated* last since they read what the others evaluated). Owned keywords (then, else,
// minContains, maxContains) compile nothing: their owner (if, contains) reads them. The older
// dialects' tables are edits of this one (dialects.ts).
import { allOfKeyword } from "./applicator/allOf.js";
import { anyOfKeyword } from "./applicator/anyOf.js";
import { additionalPropertiesKeyword } from "./applicator/additionalProperties.js";
import { containsKeyword, maxContainsKeyword, minContainsKeyword } from "./applicator/contains.js";
import { dependenciesKeyword } from "./applicator/dependencies.js";
import { dependentSchemasKeyword } from "./applicator/dependentSchemas.js";
import { elseKeyword, ifKeyword, thenKeyword } from "./applicator/if.js";
import { itemsKeyword } from "./applicator/items.js";
import { notKeyword } from "./applicator/not.js";
import { oneOfKeyword } from "./applicator/oneOf.js";
import { patternPropertiesKeyword } from "./applicator/patternProperties.js";
import { prefixItemsKeyword } from "./applicator/prefixItems.js";
import { propertiesKeyword } from "./applicator/properties.js";
import { propertyNamesKeyword } from "./applicator/propertyNames.js";
import { contentEncodingKeyword, contentMediaTypeKeyword, contentSchemaKeyword } from "./content/contentSchema.js";
import { defsKeyword } from "./core/defs.js";
import { dynamicRefKeyword } from "./core/dynamicRef.js";
import { anchorKeyword, dynamicAnchorKeyword, idKeyword } from "./core/id.js";
import { refKeyword } from "./core/ref.js";
import { formatKeyword } from "./format/format.js";
import {
  defaultKeyword,
  deprecatedKeyword,
  descriptionKeyword,
  examplesKeyword,
  readOnlyKeyword,
  titleKeyword,
  writeOnlyKeyword,
} from "./meta-data/annotations.js";
import type { Keyword } from "./types.js";
import { unevaluatedItemsKeyword } from "./unevaluated/unevaluatedItems.js";
import { unevaluatedPropertiesKeyword } from "./unevaluated/unevaluatedProperties.js";
import { constKeyword } from "./validation/const.js";
import { dependentRequiredKeyword } from "./validation/dependentRequired.js";
import { enumKeyword } from "./validation/enum.js";
import { exclusiveMaximumKeyword } from "./validation/exclusiveMaximum.js";
import { exclusiveMinimumKeyword } from "./validation/exclusiveMinimum.js";
import { maximumKeyword } from "./validation/maximum.js";
import { maxItemsKeyword } from "./validation/maxItems.js";
import { maxLengthKeyword } from "./validation/maxLength.js";
import { maxPropertiesKeyword } from "./validation/maxProperties.js";
import { minimumKeyword } from "./validation/minimum.js";
import { minItemsKeyword } from "./validation/minItems.js";
import { minLengthKeyword } from "./validation/minLength.js";
import { minPropertiesKeyword } from "./validation/minProperties.js";
import { multipleOfKeyword } from "./validation/multipleOf.js";
import { patternKeyword } from "./validation/pattern.js";
import { requiredKeyword } from "./validation/required.js";
import { typeKeyword } from "./validation/type.js";
import { uniqueItemsKeyword } from "./validation/uniqueItems.js";
import { completed } from "./completed.js";

export const KEYWORDS_2020_12: readonly Keyword[] = completed([
  typeKeyword,
  constKeyword,
  enumKeyword,
  maximumKeyword,
  exclusiveMaximumKeyword,
  minimumKeyword,
  exclusiveMinimumKeyword,
  multipleOfKeyword,
  maxLengthKeyword,
  minLengthKeyword,
  formatKeyword,
  patternKeyword,
  maxItemsKeyword,
  minItemsKeyword,
  maxPropertiesKeyword,
  minPropertiesKeyword,
  requiredKeyword,
  dependentRequiredKeyword,
  uniqueItemsKeyword,
  propertiesKeyword,
  patternPropertiesKeyword,
  additionalPropertiesKeyword,
  propertyNamesKeyword,
  prefixItemsKeyword,
  itemsKeyword,
  containsKeyword,
  minContainsKeyword,
  maxContainsKeyword,
  refKeyword,
  dynamicRefKeyword,
  allOfKeyword,
  dependentSchemasKeyword,
  dependenciesKeyword,
  ifKeyword,
  thenKeyword,
  elseKeyword,
  oneOfKeyword,
  anyOfKeyword,
  notKeyword,
  defsKeyword,
  titleKeyword,
  descriptionKeyword,
  defaultKeyword,
  examplesKeyword,
  deprecatedKeyword,
  readOnlyKeyword,
  writeOnlyKeyword,
  contentEncodingKeyword,
  contentMediaTypeKeyword,
  contentSchemaKeyword,
  unevaluatedPropertiesKeyword,
  unevaluatedItemsKeyword,
  idKeyword,
  anchorKeyword,
  dynamicAnchorKeyword,
]);

