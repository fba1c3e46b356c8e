import { describe, expect, it } from 'vitest';
import { parseIsoInstant } from './iso-instant.js';

describe('strict ISO 8601 instants', () => {
  it.each([
    ['2030-01-01T12:00:00Z', Date.UTC(2030, 0, 1, 12)],
    ['2030-01-01T12:00Z', Date.UTC(2030, 0, 1, 12)],
    ['2030-01-01T12:00:00.250Z', Date.UTC(2030, 0, 1, 12, 0, 0, 250)],
    ['2030-01-01T12:00:00+02:00', Date.UTC(2030, 0, 1, 10)],
    ['2030-01-01T12:00:00-02:30', Date.UTC(2030, 0, 1, 14, 30)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['2000-02-29T00:00:00Z', Date.UTC(2000, 1, 29)],
    ['9999-12-31T23:59:59Z', Date.UTC(9999, 11, 31, 23, 59, 59)],
  ])('%s is an instant', (text, ms) => {
    expect(parseIsoInstant(text)).toBe(ms);
  });

  it.each([
    ['a month that does not exist', '2026-13-01T00:00:00Z'],
    ['month 00', '2026-00-10T00:00:00Z'],
    ['day 00', '2026-01-00T00:00:00Z'],
    ['30 February', '2026-02-30T00:00:00Z'],
    ['29 February of a common year', '2026-02-29T00:00:00Z'],
    ['29 February of a century that is not a leap year', '1900-02-29T00:00:00Z'],
    ['31 April', '2026-04-31T00:00:00Z'],
    ['hour 24', '2026-01-01T24:00:00Z'],
    ['minute 60', '2026-01-01T12:60:00Z'],
    ['a leap second', '2026-12-31T23:59:60Z'],
    ['an offset of 24 hours', '2026-01-01T00:00:00+24:00'],
    ['no offset', '2026-01-01T00:00:00'],
    ['a date alone', '2026-01-01'],
    ['a five-digit year', '+010000-01-01T00:00:00Z'],
    ['words', 'March 7, 2030'],
    ['a year alone', '2030'],
    ['empty', ''],
  ])('%s is refused (%s)', (_why, text) => {
    expect(parseIsoInstant(text)).toBeUndefined();
  });
});
