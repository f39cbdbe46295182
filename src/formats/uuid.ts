// "uuid" (RFC 4122 §3): the 8-4-4-4-12 hex form only, any version and variant, no "urn:uuid:".
import { compiledBeforeUse } from "../regex/compiled-now.js";

const UUID = compiledBeforeUse(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const isUuid = (value: string): boolean => UUID.test(value);
