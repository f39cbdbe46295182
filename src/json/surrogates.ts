// Half a surrogate pair without its other half: valid in a JSON string, but not text (encodeURI
// throws on one, a terminal shows U+FFFD, a strict JSON reader refuses it). A RegExp source.
export const LONE_SURROGATE = "[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]";
