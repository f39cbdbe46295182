// Unicode data that JS regular expressions cannot query (no \p{} for these properties), kept as
// compact base-36 range lists. From Unicode 15.1 (DerivedCombiningClass.txt,
// DerivedJoiningType.txt); joining-type ranges are merged across gaps still unassigned in 17.0.

import { rangesHave } from "../regex/char-set.js";

/** Parses "a b-c ..." (base 36) into a lookup predicate. */
function rangeSet(spec: string): (cp: number) => boolean {
  const bounds: number[] = [];
  for (const item of spec.split(" ")) {
    const [lo, hi = lo] = item.split("-") as [string, string?];
    bounds.push(parseInt(lo, 36), parseInt(hi, 36));
  }
  // [lo0, hi0, lo1, hi1, ...], sorted: the same ranges the pattern matcher searches.
  return (cp) => rangesHave(bounds, cp);
}

/** Canonical_Combining_Class = 9 (Virama), for the ZWJ/ZWNJ rules of RFC 5892 A.1/A.2. */
export const isVirama = rangeSet(
  "1u5 1xp 219 24t 28d 2bx 2fh 2j1 2m3 2m4 2ml 2q2 2t6 2wq 32c 37d 37e 4k4 4k5 4l0 4pe 57k 5dw 5gq " +
    "5gr 5iq 5ir 8zj x6u x7w xc4 xg3 xj4 xrq xyl 1glb 1hs6 1htc 1htr 1hvd 1hyr 1hys 1i2o 1i5x 1iay 1idp " +
    "1iki 1io2 1iv3 1iyn 1j1y 1j57 1jcp 1jjx 1jjy 1jog 1jqs 1jrb 1jtl 1k5b 1kck 1kcl 1kev 1kqp 1kqq",
);

/** Joining_Type L or D: may join to the following letter (left side of ZWNJ, RFC 5892 A.1). */
export const joinsForward = rangeSet(
  "17k 17q 17s 17u-17y 183-18f 18h-18n 18p-18q 19q-19r 1a0-1af 1ay-1bz 1c1-1c2 1cc 1ce 1cg-1ch " +
    "1dm-1do 1dr 1ea-1ec 1ei-1el 1en-1ev 1ex 1ez 1f1-1f2 1fy-1g8 1gc-1gq 1gt-1gw 1gy 1h1-1h3 1h6-1hb " +
    "1je-1ka 1mp-1mt 1mw 1my-1n7 1n9 1nk 1nm-1np 1ns 1om 1op-1ot 1pc-1pl 1pr-1ps 1pv-1q0 1q2-1qg 4qv " +
    "4rk-4u0 4uf-4vc 4ve x8g-x9u 1gow-1gp0 1gp9 1gpf-1gpo 1gpq-1gps 1gq3-1gq6 1gu8 1gua 1gue-1gug " +
    "1gui-1guj 1gul 1guo 1gvh-1gvi 1h4w-1h5t 1h5v 1hkg-1hki 1hkk-1hl0 1hld-1hlf 1hm8-1hmb 1hme-1hmp " +
    "1ho0 1ho2-1ho3 1ho8 1hob-1hoc 1hoe-1hof 1hoh 1hok 1hoq-1hor 2olc-2on7",
);

/** Joining_Type R or D: may join to the preceding letter (right side of ZWNJ, RFC 5892 A.1). */
export const joinsBackward = rangeSet(
  "17k 17m-18f 18h-18q 19q-19r 19t-19v 19x-1cj 1cl 1da-1db 1dm-1do 1dr 1e8 1ea-1f3 1fx-1hb 1je-1ka " +
    "1mo-1nc 1nk 1nm-1np 1nr-1oi 1om 1op-1ou 1pc-1po 1pq-1qg 4qv 4rk-4u0 4uf-4vc 4ve x8g-x9t " +
    "1gow-1gp1 1gp3 1gp5-1gp6 1gpa-1gpi 1gpk-1gpt 1gpw 1gq3-1gq7 1gu8-1gup 1gvd-1gvi 1h4x-1h5v " +
    "1hkg-1hl0 1hld-1hlg 1hm8-1hmp 1ho0 1ho2-1ho6 1ho8-1hof 1hoh-1hok 1hop-1hoq 2olc-2on7",
);
