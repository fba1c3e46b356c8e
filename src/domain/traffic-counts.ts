import type { ApiError } from './api-error.js';
import { OAUTH_PROBLEMS } from './coverage.js';

/** The route label of a request no documented operation matches: one label, so no client can grow the set. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The label of an OAuth rejection whose reason is not one of the known ones (none today). */
const OTHER_REASON = 'other';

/**
 * Why the verifier refuses a request, as the metrics name it: the oauth_problem the answer carries, or for
 * the refusals that carry none, the check that failed (src/domain/api-error.ts). A closed list, so the label
 * set stays bounded whatever a client sends.
 */
const OAUTH_REJECTION_REASONS: readonly string[] = [
  ...OAUTH_PROBLEMS.map((p) => p.problem),
  'oauth-present',
  'oauth-parameters',
  'oauth-nonce',
  'oauth-user',
  OTHER_REASON,
];

/**
 * Plain counts of a world's API traffic, read when the operator scrapes /__admin/metrics (src/admin/
 * metrics-routes.ts). Counting a request is a few Map lookups and an add: no label object, key string or
 * array is made per request (a Map entry only the first time a route, method and status are seen together).
 * Every label is bounded: routes are the published templates plus UNMATCHED_ROUTE, methods the ones node's
 * parser accepts, statuses three digits (0 for a connection closed before its answer, as the journal says).
 */
export class TrafficCounts {
  /** route -> method -> status -> count */
  private readonly requests = new Map<string, Map<string, Map<number, number>>>();
  private readonly rejections = new Map<string, number>();

  /** A request whose connection is done with; `route` is its operation's template, or undefined. */
  countRequest(route: string | undefined, method: string, status: number): void {
    const r = route ?? UNMATCHED_ROUTE;
    let byMethod = this.requests.get(r);
    if (byMethod === undefined) this.requests.set(r, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  /** An error answer: counted when it is one of the verifier's refusals (its check starts with `oauth-`). */
  countRejection(error: ApiError): void {
    if (error.check === undefined || !error.check.startsWith('oauth-')) return;
    let reason = error.oauthProblem ?? error.check;
    if (!OAUTH_REJECTION_REASONS.includes(reason)) reason = OTHER_REASON;
    this.rejections.set(reason, (this.rejections.get(reason) ?? 0) + 1);
  }

  /** Every request count so far (for a scrape: this allocates, the counting does not). */
  requestRows() {
    const rows: Array<{ route: string; method: string; status: number; count: number }> = [];
    for (const [route, byMethod] of this.requests) {
      for (const [method, byStatus] of byMethod) for (const [status, count] of byStatus) rows.push({ route, method, status, count });
    }
    return rows;
  }

  /** OAuth rejections so far by reason. */
  rejectionRows(): Array<{ reason: string; count: number }> {
    return [...this.rejections].map(([reason, count]) => ({ reason, count }));
  }
}
