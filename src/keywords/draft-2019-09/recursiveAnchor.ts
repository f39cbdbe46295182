import { identifierKeyword } from "../core/id.js";

/** `$recursiveAnchor: true` on a resource root lets a $recursiveRef land there (2019-09). */
export const recursiveAnchorKeyword = identifierKeyword("$recursiveAnchor", "recursive-anchor");
