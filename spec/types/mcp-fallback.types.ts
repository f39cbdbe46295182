// Type-level specs for withStructuredContentFallback: checked by `tsc` (npm test's typecheck), never
// run. Its structuredContent is the caller's value or the one read back from the text (a copy:
// a Date is a string there, a class instance has no methods), and the type says either.
import { withStructuredContentFallback, type JsonOf } from "../../src/mcp/index.js";

type Equal<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class Reading {
  constructor(readonly celsius: number) {}
  fahrenheit(): number {
    return (this.celsius * 9) / 5 + 32;
  }
}

export type Fallback = [
  Expect<Equal<JsonOf<number[]>, number[]>>,
  Expect<Equal<JsonOf<Date>, string>>,
  Expect<Equal<JsonOf<Reading>, { celsius: number }>>,
  Expect<Equal<JsonOf<[string, () => void, undefined]>, [string, null, null]>>,
  Expect<Equal<JsonOf<{ a: string; b: undefined; f(): void }>, { a: string }>>,
  Expect<Equal<JsonOf<unknown>, unknown>>,
  Expect<Equal<ReturnType<typeof numbers>["structuredContent"], number[]>>,
  Expect<Equal<ReturnType<typeof readings>["structuredContent"], Reading[] | { celsius: number }[]>>,
];

const numbers = () => withStructuredContentFallback({ structuredContent: [1, 2, 3] });
const readings = () => withStructuredContentFallback({ structuredContent: [new Reading(20)] });
// It once type-checked, and threw: the value returned is a copy without the method.
// @ts-expect-error the element may be the copy read back from the text
readings().structuredContent[0]!.fahrenheit();
// @ts-expect-error a Date is a string on the wire, and in the copy
withStructuredContentFallback({ structuredContent: new Date() }).structuredContent.getUTCFullYear();
