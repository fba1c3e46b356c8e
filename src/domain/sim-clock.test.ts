import { describe, expect, it } from 'vitest';
import { isoDate, isoDateTime } from './sim-clock.js';

const DAY = 86_400_000;
const t = Date.UTC(2026, 10, 21, 12, 30, 15, 250);

describe('isoDate', () => {
  it.each([
    ['midday', t, '2026-11-21'],
    ['the first millisecond of a day', Date.UTC(2026, 10, 21), '2026-11-21'],
    ['the last millisecond of a day', Date.UTC(2026, 10, 22) - 1, '2026-11-21'],
    ['the epoch', 0, '1970-01-01'],
    ['before the epoch', -1, '1969-12-31'],
    ['a leap day', Date.UTC(2028, 1, 29, 23, 59), '2028-02-29'],
  ])('%s', (_rule, ms, expected) => {
    expect(isoDate(ms)).toBe(expected);
  });

  it('answers each day right when calls move between days (the last day is kept)', () => {
    const times = [t, t + DAY, t, t - 5 * DAY, t - 5 * DAY + 1, t + 400 * DAY, Date.UTC(2026, 10, 22) - 1, Date.UTC(2026, 10, 22)];
    for (const ms of times) expect(isoDate(ms)).toBe(new Date(ms).toISOString().slice(0, 10));
  });

  it('refuses an invalid time as Date does', () => {
    expect(() => isoDate(Number.NaN)).toThrow(RangeError);
  });
});

describe('isoDateTime', () => {
  it('drops the milliseconds (fidelity 1)', () => {
    expect(isoDateTime(t)).toBe('2026-11-21T12:30:15Z');
  });
});
