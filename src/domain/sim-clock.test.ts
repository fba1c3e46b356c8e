import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { CLOCK_RANGE, isoDate, isoDateTime, signedDuration, SimClock } from './sim-clock.js';

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

  it('answers each day right when calls move between days', () => {
    const times = [t, t + DAY, t, t - 5 * DAY, t - 5 * DAY + 1, t + 400 * DAY, Date.UTC(2026, 10, 22) - 1, Date.UTC(2026, 10, 22)];
    expect(times.map((ms) => isoDate(ms))).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-21',
      '2026-11-16',
      '2026-11-16',
      '2027-12-26',
      '2026-11-21',
      '2026-11-22',
    ]);
  });

  it('refuses an invalid time as Date does', () => {
    expect(() => isoDate(Number.NaN)).toThrow(RangeError);
  });
});

describe('signedDuration', () => {
  it.each([
    ['minutes', '11m', 660_000],
    ['a sign moves back', '-1d', -DAY],
    ['milliseconds', '500ms', 500],
    ['surrounding spaces are ignored', ' 2h ', 7_200_000],
    ['a unit is needed', '30', undefined],
    ['a plus sign is not a duration', '+1d', undefined],
    ['a sign alone is not a duration', '-', undefined],
  ])('%s', (_rule, text, expected) => {
    expect(signedDuration(text)).toBe(expected);
  });
});

describe('isoDateTime', () => {
  it('drops the milliseconds', () => {
    expect(isoDateTime(t)).toBe('2026-11-21T12:30:15Z');
  });
});

describe('the clock stays within CLOCK_RANGE, the instants the API can write', () => {
  const real = () => t;
  it.each([
    ['frozen at the last instant', { mode: 'frozen', at: CLOCK_RANGE.last }, true],
    ['frozen at the first instant', { mode: 'frozen', at: CLOCK_RANGE.first }, true],
    ['frozen a millisecond past the last', { mode: 'frozen', at: CLOCK_RANGE.last + 1 }, false],
    ['frozen a millisecond before the first', { mode: 'frozen', at: CLOCK_RANGE.first - 1 }, false],
    ['an offset that reaches the last instant', { mode: 'offset', offsetMs: CLOCK_RANGE.last - t }, true],
    ['an offset one millisecond further', { mode: 'offset', offsetMs: CLOCK_RANGE.last - t + 1 }, false],
    ['an offset past what a Date can hold', { mode: 'offset', offsetMs: 99_999_999 * DAY }, false],
    ['an offset that is not a number', { mode: 'offset', offsetMs: Number.NaN }, false],
  ] as const)('%s: taken %s', (_rule, mode, taken) => {
    const clock = new SimClock(real);
    if (taken) {
      clock.set(mode);
      expect(clock.mode).toEqual(mode);
    } else {
      expect(() => clock.set(mode)).toThrow(ApiError);
      expect(clock.mode).toEqual({ mode: 'real' });
    }
  });

  it('advance past either end is refused and leaves the clock as it was', () => {
    const clock = new SimClock(real);
    clock.set({ mode: 'frozen', at: CLOCK_RANGE.last - 1000 });
    expect(() => clock.advance(1001)).toThrow(/outside the dates the API can write \(0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z\)/);
    expect(clock.now()).toBe(CLOCK_RANGE.last - 1000);
    const running = new SimClock(real);
    expect(() => running.advance(CLOCK_RANGE.first - t - 1)).toThrow(ApiError);
    expect(running.mode).toEqual({ mode: 'real' });
  });

  it('its ends are written with four-digit years', () => {
    expect([isoDateTime(CLOCK_RANGE.first), isoDateTime(CLOCK_RANGE.last)]).toEqual(['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']);
    expect([isoDate(CLOCK_RANGE.first), isoDate(CLOCK_RANGE.last)]).toEqual(['0001-01-01', '9999-12-31']);
  });
});
