// Keys that tell equal JSON values apart from unequal ones (uniqueItems' search, duplicates.ts),
// in time linear in the values, however they nest. A canonical text holds its whole subtree, so
// arrays nested in arrays (a tree under a recursive `uniqueItems` schema) wrote and hashed every
// subtree again at each level above it: depth × size. Here a container's key is written from its
// members' keys (a scalar's canonical text, a container's key) in order, or by sorted name, and
// its closing bracket (else `[[1],2]` and `[[1,2]]` would write the same): a
// short one is the key itself, a longer one gets a number, the same for equal containers, and
// is kept, so that each large container is read once per pass.
import { scalarText } from "./canonical.js";
import { quote } from "./quote.js";
import { isJsonObject } from "./type-of.js";
import { TextKeys } from "./text-keys.js";

/** Kept for a container that is not JSON, or holds a value that is not (it equals nothing). */
const NOT_JSON = "";
/**
 * Up to this many characters a container's text is its key ("[" or "{" first, never "#"), for
 * equal values alike: a member's key is the same in both, so is the text, and so the choice.
 */
const INLINE_TEXT = 64;

export class Structures {
  /** Each container met: its key ("#" and its number), or NOT_JSON. */
  readonly #keys = new Map<object, string>();
  /** Each distinct container text (its members' keys), by its number; a long one by its token. */
  readonly #numbers = new Map<unknown, string>();
  readonly #texts = new TextKeys();
  /** Members read so far (for the pass's count of what a search read). */
  read = 0;

  /** The key of a JSON value: equal values have equal keys; undefined for what is not JSON. */
  keyOf(value: unknown): string | undefined {
    if (typeof value !== "object" || value === null) return scalarText(value);
    let key = this.#keys.get(value);
    if (key === undefined) {
      // One frame a level, as canonical.ts takes: deep data runs out of stack where it did.
      let text = NOT_JSON;
      if (Array.isArray(value)) {
        text = "[";
        for (let i = 0; i < value.length && text !== NOT_JSON; i++) {
          const member = this.keyOf(value[i]);
          text = member === undefined ? NOT_JSON : text + (i === 0 ? "" : ",") + member;
        }
        if (text !== NOT_JSON) text += "]"; // closed: `[[1],2]` and `[[1,2]]` differ
        this.read += value.length;
      } else if (isJsonObject(value)) {
        const names = Object.keys(value).sort();
        text = "{";
        for (let i = 0; i < names.length && text !== NOT_JSON; i++) {
          const member = this.keyOf((value as Record<string, unknown>)[names[i]!]);
          text = member === undefined ? NOT_JSON : text + (i === 0 ? "" : ",") + quote(names[i]!) + ":" + member;
        }
        if (text !== NOT_JSON) text += "}";
        this.read += names.length;
      }
      // A short text is the key itself, made again when asked (it costs what a lookup would); a
      // longer one is numbered and kept, so that the containers around it read it once.
      if (text !== NOT_JSON && text.length <= INLINE_TEXT) return text;
      this.#keys.set(value, (key = text === NOT_JSON ? NOT_JSON : this.#numberOf(text)));
    }
    return key === NOT_JSON ? undefined : key;
  }

  /** The key of a container text: "#" and the number of the first container that had it. */
  #numberOf(text: string): string {
    const at = this.#texts.keyOf(text);
    let key = this.#numbers.get(at);
    if (key === undefined) this.#numbers.set(at, (key = "#" + this.#numbers.size));
    return key;
  }
}
