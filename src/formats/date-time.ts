// RFC 3339 §5.6 "full-date", "full-time" and "date-time", and Appendix A "duration".
// RFC 3339 §5.6 allows lower-case "t" and "z". Duration designators stay upper-case only, as in
// ISO 8601 and other validators, although ABNF literals are nominally case-insensitive.
// Only ASCII digits count: [0-9], never \d with Unicode semantics.
import { compiledBeforeUse } from "../regex/compiled-now.js";

const T_SEPARATOR = compiledBeforeUse(/t/i);

const DATE = compiledBeforeUse(/^([0-9]{4})-([0-9]{2})-([0-9]{2})$/);
const TIME = compiledBeforeUse(/^([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?(?:z|([+-])([0-9]{2}):([0-9]{2}))$/i);

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

export function isTime(value: string): boolean {
  const m = TIME.exec(value);
  if (m === null) return false;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  const second = Number(m[3]);
  const sign = m[4] === "-" ? -1 : 1; // "Z" (no sign group) is a zero offset
  const offsetHour = Number(m[5] ?? 0);
  const offsetMinute = Number(m[6] ?? 0);
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  // A leap second is only ever inserted at 23:59:60 UTC, so the local time must map there.
  const utcMinutes = hour * 60 + minute - sign * (offsetHour * 60 + offsetMinute);
  return (((utcMinutes % 1440) + 1440) % 1440) === 23 * 60 + 59;
}

export function isDateTime(value: string): boolean {
  // "T" separates the parts; the time part starts with a digit, so a date cannot contain it.
  const t = value.search(T_SEPARATOR);
  return t === 10 && isDate(value.slice(0, t)) && isTime(value.slice(t + 1));
}

// Each alternative mirrors the ABNF nesting: a unit may only be followed by the next smaller one.
const DUR_TIME = "T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)";
const DUR_DATE = "(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)";
const DURATION = compiledBeforeUse(new RegExp(`^P(?:${DUR_DATE}(?:${DUR_TIME})?|${DUR_TIME}|[0-9]+W)$`));

export const isDuration = (value: string): boolean => DURATION.test(value);
