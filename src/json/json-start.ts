// The start of a value's JSON text, for a message that shows its first characters: written until
// there is enough, never the whole of a large value. JSON.stringify of a 6.5 MB instance, for each
// of the 300 units that showed it, was most of an error pass.
import { quote } from "./quote.js";
import { isJsonObject } from "./type-of.js";
import { matched } from "./last-match.js";
import { compiledBeforeUse } from "../regex/compiled-now.js";

const PLAIN_NAME = compiledBeforeUse(/^[A-Za-z][\w$]{0,39}$/);

/** Thrown out of the writer once `room` characters are written (unwinds a deep value at once). */
const ENOUGH: object = Object.freeze({ enough: true });

/**
 * A value's text as a message shows it, or when that is longer than `room` characters its first
 * `room` characters, written without the rest. JSON data is written as JSON.stringify writes it;
 * what is not JSON is written as what the validator saw, never as the JSON it would become (a
 * Date as its ISO string, `{ a: undefined }` as `{}`, `[NaN]` as `[null]`: "must be equal to {},
 * but is {}"): `NaN`, `undefined`, `function`, `symbol`, `1n`, and an object that is not a JSON
 * object as `not JSON (Date)`. Throws at a cycle, and where reading the value throws (a getter, a
 * Proxy). `keys` lists an object's own keys, as Object.keys does (a validation pass passes the
 * list it keeps of an object of many keys).
 */
export function jsonStart(value: unknown, room: number, keys: (object: object) => readonly string[] = Object.keys): string {
  const writer = new Writer(room, keys);
  try {
    writer.value(value);
    return writer.out;
  } catch (thrown) {
    // Past the room, a string or key was written from its start only, closed early: cut there.
    if (thrown === ENOUGH) return writer.out.slice(0, room);
    throw thrown;
  }
}

/** Past this a BigInt is not written out: its decimal digits take time that grows faster than their number (seconds for a 2 MB BigInt). */
const LARGE_BIGINT = 10n ** 40n;

/** A BigInt as a message shows it: `12n`, or for a large one its sign and size only (a comparison, no conversion). */
function bigintText(value: bigint): string {
  if (value >= LARGE_BIGINT) return "a BigInt past 1e40";
  if (value <= -LARGE_BIGINT) return "a BigInt below -1e40";
  return `${value}n`;
}

/**
 * A value's class tag (Object.prototype.toString's: "Date", "Map") when it is a plain name, to be
 * shown as it is; undefined for any other (a data's own Symbol.toStringTag may say anything).
 */
export function plainTag(value: unknown): string | undefined {
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return matched(PLAIN_NAME.test(tag)) ? tag : undefined;
}

class Writer {
  out = "";
  readonly #open: object[] = [];

  constructor(
    readonly room: number,
    readonly keys: (object: object) => readonly string[],
  ) {}

  #put(text: string): void {
    this.out += text;
    if (this.out.length > this.room) throw ENOUGH;
  }

  value(value: unknown): void {
    switch (typeof value) {
      case "string":
        // Its start only: a string longer than the room shows no more than that.
        this.#put(quote(value.length > this.room ? value.slice(0, this.room) : value));
        return;
      case "number":
        this.#put(String(value)); // NaN and the infinities as they are, not JSON's null
        return;
      case "boolean":
        this.#put(value ? "true" : "false");
        return;
      case "object":
        if (value === null) this.#put("null");
        else this.#container(value);
        return;
      case "bigint":
        this.#put(bigintText(value));
        return;
      default:
        this.#put(typeof value); // undefined, function, symbol (a symbol's description is the data's)
    }
  }

  #container(value: object): void {
    const array = Array.isArray(value);
    if (!array && !isJsonObject(value)) return this.#put(`not JSON (${plainTag(value) ?? "object"})`);
    if (this.#open.includes(value)) throw new TypeError("a cycle");
    this.#open.push(value);
    if (array) {
      const items = value as readonly unknown[];
      this.#put("[");
      for (let i = 0; i < items.length; i++) {
        if (i > 0) this.#put(",");
        this.value(items[i]);
      }
      this.#put("]");
    } else {
      const object = value as Record<string, unknown>;
      this.#put("{");
      let first = true;
      for (const key of this.keys(object)) {
        this.#put((first ? "" : ",") + quote(key.length > this.room ? key.slice(0, this.room) : key) + ":");
        first = false;
        this.value(object[key]);
      }
      this.#put("}");
    }
    this.#open.pop();
  }
}
