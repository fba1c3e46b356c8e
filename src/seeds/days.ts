// Calendar arithmetic on YYYY-MM-DD strings, in whole UTC days; no clock is read.

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date; throws on anything else. */
export function dayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new Error(`expected a date YYYY-MM-DD, got "${date}"`);
  }
  return ms / DAY_MS;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/** Year, month and day of a day number (Hinnant's civil_from_days; Date.toISOString was a hot spot). */
function civil(day: number): [number, number, number] {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

export function dateOfDay(day: number): string {
  const [y, m, d] = civil(day);
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/** YYYY-MM-DDTHH:MM:SSZ for a day plus a number of seconds (0..86399) into it. */
export function dateTimeOfDay(day: number, seconds: number): string {
  return `${dateOfDay(day)}T${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}Z`;
}

export function yearOfDay(day: number): number {
  return civil(day)[0];
}

export function firstDayOfYear(year: number): number {
  return Date.UTC(year, 0, 1) / DAY_MS;
}
