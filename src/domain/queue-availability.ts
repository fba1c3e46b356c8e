import { mediaOf } from './title-facets.js';
import type { Plan, Title } from './types.js';

// docs/reference/queues-and-lists.md#availability-and-wait: what a queue item's availability and estimated_wait
// categories say.

export type Availability = 'available' | 'quarantined' | 'unavailable';
export type EstimatedWait = 'normal' | 'short' | 'long';

/** A title released this many days ago or fewer is in high demand: it ships after a short delay. */
export const SHORT_WAIT_DAYS = 28;

/** The media each plan covers (mediaOf: games by kind, Blu-ray by format, everything else is a DVD). */
const PLAN_MEDIA: Readonly<Record<Plan, readonly ReturnType<typeof mediaOf>[]>> = {
  dvd: ['DVD'],
  'dvd-bluray': ['DVD', 'Blu-ray'],
  'dvd-bluray-games': ['DVD', 'Blu-ray', 'Games'],
};

/**
 * quarantined when the user's plan does not cover the title's medium, else unavailable when its release
 * date is after today, else available. Quarantine wins over a future release: no date would make the title
 * shippable to this subscription.
 */
export function availabilityOf(t: Pick<Title, 'kind' | 'format' | 'releaseDate'>, plan: Plan, today: string): Availability {
  if (!PLAN_MEDIA[plan].includes(mediaOf(t))) return 'quarantined';
  if (t.releaseDate !== undefined && t.releaseDate > today) return 'unavailable';
  return 'available';
}

/**
 * The stock table of the scenario decides when it names the title. Otherwise: not yet released -> long;
 * released within SHORT_WAIT_DAYS -> short (new releases are in demand); anything else -> normal.
 */
export function estimatedWaitOf(t: Pick<Title, 'releaseDate'>, stock: EstimatedWait | undefined, today: string): EstimatedWait {
  if (stock !== undefined) return stock;
  if (t.releaseDate === undefined) return 'normal';
  if (t.releaseDate > today) return 'long';
  // YYYY-MM-DD parses as midnight UTC.
  return (Date.parse(today) - Date.parse(t.releaseDate)) / 86_400_000 <= SHORT_WAIT_DAYS ? 'short' : 'normal';
}
