import { errors } from './api-error.js';

/**
 * The simulator's clock (design: State). Real by default; tests can freeze it at an instant or run it at an
 * offset from real time. Token lifetimes and the dates the API shows use it; OAuth timestamp checks use
 * real time. The real time source is passed in, so the clock is testable.
 */
export type ClockMode = { mode: 'real' } | { mode: 'frozen'; at: number } | { mode: 'offset'; offsetMs: number };

export class SimClock {
  private state: ClockMode = { mode: 'real' };
  /** Told each new mode once set (a sandbox in the data folder records its own clock's). */
  onChange: ((mode: ClockMode) => void) | undefined = undefined;

  constructor(private readonly realNow: () => number) {}

  /** Milliseconds since 1970 on the simulator's clock. */
  now(): number {
    return instantIn(this.state, this.realNow);
  }

  /** Real time in whole seconds, for OAuth timestamp checks. */
  realSeconds(): number {
    return Math.floor(this.realNow() / 1000);
  }

  get mode(): ClockMode {
    return this.state;
  }

  /** Changes the mode; one that would put the clock outside CLOCK_RANGE is a 400 and changes nothing. */
  set(mode: ClockMode): void {
    const at = instantIn(mode, this.realNow);
    if (!(at >= CLOCK_RANGE.first && at <= CLOCK_RANGE.last)) throw errors.badRequest(outOfRange(at));
    this.state = mode;
    this.onChange?.(mode);
  }

  /** Moves the clock forward (or back); a real clock becomes an offset one. Checked as `set` is. */
  advance(ms: number): void {
    if (this.state.mode === 'frozen') this.set({ mode: 'frozen', at: this.state.at + ms });
    else this.set({ mode: 'offset', offsetMs: (this.state.mode === 'offset' ? this.state.offsetMs : 0) + ms });
  }
}

/** The instant a clock in this mode shows (real time read only when the mode needs it). */
function instantIn(mode: ClockMode, realNow: () => number): number {
  return mode.mode === 'frozen' ? mode.at : realNow() + (mode.mode === 'offset' ? mode.offsetMs : 0);
}

/**
 * The instants the API can write. Dates go out as YYYY-MM-DDTHH:MM:SSZ
 * (docs/reference/wire-format.md#the-body), four-digit years typed xs:dateTime (schemas/common.xsd), which has
 * no year 0000; beyond year 9999 toISOString writes `+010000-`, and past +-8.64e15 ms there is no Date at all
 * (isoDateTime throws). A clock outside this range would break every dated answer, so it is refused rather than
 * kept.
 */
export const CLOCK_RANGE = { first: Date.parse('0001-01-01T00:00:00Z'), last: Date.parse('9999-12-31T23:59:59.999Z') } as const;

function outOfRange(at: number): string {
  const where = Number.isNaN(new Date(at).getTime()) ? 'past the end of what a date can hold' : `at ${new Date(at).toISOString()}`;
  return (
    `the clock would read ${where}, outside the dates the API can write (${isoDateTime(CLOCK_RANGE.first)} to ${isoDateTime(CLOCK_RANGE.last)}); ` +
    'choose an instant, offset or advance that stays within them'
  );
}

/** YYYY-MM-DDTHH:MM:SSZ (docs/reference/wire-format.md#the-body). */
export function isoDateTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** YYYY-MM-DD. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Parses durations like `11m`, `2h`, `30s`, `1d`, `500ms` into milliseconds; undefined when malformed. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(text.trim());
  if (!m) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Math.round(Number(m[1]) * unit);
}

/** parseDuration with an optional sign: a clock can be moved back as well as forward. */
export function signedDuration(text: string): number | undefined {
  const t = text.trim();
  const ms = parseDuration(t.replace(/^-/, ''));
  return ms !== undefined && t.startsWith('-') ? -ms : ms;
}
