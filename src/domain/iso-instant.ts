/**
 * ISO 8601 instants as the admin API and scenario files take them: `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z`
 * or an offset `+HH:MM`/`-HH:MM`, read strictly. `Date.parse` alone takes `2026-02-30` as 2 March and reads
 * a dozen other shapes by the engine's own rules, so a typo became a different day rather than an error;
 * here a month, day, hour, minute, second or offset that does not exist is no instant at all.
 */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Epoch milliseconds of a strict ISO 8601 instant; undefined for anything else. */
export function parseIsoInstant(text: string): number | undefined {
  const m = ISO_INSTANT.exec(text);
  if (!m) return undefined;
  // A part left out (seconds, the offset after Z) reads as NaN, which no check below refuses.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = m.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Whether an instant lies in a range (both ends included). */
export function inRange(ms: number, range: { first: number; last: number }): boolean {
  return ms >= range.first && ms <= range.last;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
