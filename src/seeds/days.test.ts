import { describe, expect, it } from 'vitest';

import { dateOfDay, dateTimeOfDay, dayNumber, firstDayOfYear, yearOfDay } from './days.js';

describe('day arithmetic', () => {
  it.each([
    ['the epoch is day 0', '1970-01-01', 0],
    ['a leap day exists in 2024', '2024-02-29', 19_782],
    ['the coming-soon date of the curated catalogue', '2099-01-15', 47_131],
    ['a date before the epoch', '1931-06-01', -14_094],
  ])('%s', (_rule, date, day) => {
    expect(dayNumber(date)).toBe(day);
    expect(dateOfDay(day)).toBe(date);
  });

  it('round-trips every day of a century like Date does', () => {
    for (let day = -10_000; day < 40_000; day += 7) {
      expect(dateOfDay(day)).toBe(new Date(day * 86_400_000).toISOString().slice(0, 10));
    }
  });

  it.each(['2026-5-1', '2026-02-30', '2025-02-29', 'tomorrow', '2026-13-01'])('rejects "%s"', (date) => {
    expect(() => dayNumber(date)).toThrow(/YYYY-MM-DD/);
  });

  it('formats a time of day in UTC without fractions', () => {
    expect(dateTimeOfDay(dayNumber('2026-05-01'), 3600 * 13 + 60 * 7 + 9)).toBe('2026-05-01T13:07:09Z');
  });

  it('knows the year of a day and the first day of a year', () => {
    expect(yearOfDay(dayNumber('2025-12-31'))).toBe(2025);
    expect(dateOfDay(firstDayOfYear(2026))).toBe('2026-01-01');
  });
});
