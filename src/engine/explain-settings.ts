// What the explainer (engine/explain.ts) of one compiled document needs to know about it.
import type { Recursion } from "../gate/recursion.js";
import { DEFAULT_VOCABULARIES, type Dialect } from "../keywords/dialects.js";
import type { ExplainSettings } from "./explain.js";
import type { Registry } from "./registry.js";

/** Most schemas have no recursive reference: their explainers share one empty set (an empty Set costs every validator its table). */
const NO_POINTERS: ReadonlySet<string> = new Set();

/**
 * What the explainer (engine/explain.ts) needs, for a single document whose resources share one
 * dialect and vocabularies, where no reference's landing depends on the dynamic scope;
 * undefined for others.
 */
export function explainSettings(registry: Registry, found: Recursion, formats: ExplainSettings["formats"]): ExplainSettings | undefined {
  const doc = registry.docs[0]!;
  const resource = doc.resources.get("")!;
  if (registry.docs.length !== 1 || registry.usesDynamic) return undefined;
  for (const other of doc.resources.values()) if (other.dialect !== resource.dialect || other.vocabularies !== resource.vocabularies) return undefined;
  const pointers = [...found.at].filter((key) => key.startsWith("0:")).map((key) => key.slice(2));
  const recursive = pointers.length === 0 ? NO_POINTERS : new Set(pointers);
  const { resources, anchors, dynamic } = registry.resourcesOf(doc);
  const settings = { dialect: resource.dialect, vocabularies: resource.vocabularies, recursive, byValue: found.byValue, formats, resources, anchors, dynamic };
  if (recursive !== NO_POINTERS || formats !== undefined || resource.vocabularies !== DEFAULT_VOCABULARIES || !isRootOnly(resources) || anchors.length + dynamic.length > 0) return settings;
  // A document of one resource without `$id`, anchors or recursion (most tool schemas): one
  // settings object per dialect (five) serves every such validator's explainer.
  const shared = PLAIN_DOCUMENT.get(resource.dialect);
  if (shared !== undefined && shared.byValue === settings.byValue) return shared;
  PLAIN_DOCUMENT.set(resource.dialect, settings);
  return settings;
}

/** The explain settings of a plain document, by its dialect (five at most: the dialect tables). */
const PLAIN_DOCUMENT = new Map<Dialect, ExplainSettings>();

/** Only the document's root resource, without `$id`. */
const isRootOnly = (resources: readonly string[]): boolean => resources.length === 2 && resources[0] === "" && resources[1] === "";
