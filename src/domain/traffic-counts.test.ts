import { describe, expect, it } from 'vitest';
import { ApiError, errors } from './api-error.js';
import { TrafficCounts, UNMATCHED_ROUTE } from './traffic-counts.js';

describe('TrafficCounts', () => {
  it('counts requests by route, method and status, unmatched paths under one route', () => {
    const t = new TrafficCounts();
    t.countRequest('/catalog/title/{id}', 'GET', 200);
    t.countRequest('/catalog/title/{id}', 'GET', 200);
    t.countRequest('/catalog/title/{id}', 'HEAD', 200);
    t.countRequest(undefined, 'GET', 404);
    t.countRequest(undefined, 'GET', 404);
    t.countRequest(undefined, 'POST', 0);
    expect(t.requestRows()).toEqual([
      { route: '/catalog/title/{id}', method: 'GET', status: 200, count: 2 },
      { route: '/catalog/title/{id}', method: 'HEAD', status: 200, count: 1 },
      { route: UNMATCHED_ROUTE, method: 'GET', status: 404, count: 2 },
      { route: UNMATCHED_ROUTE, method: 'POST', status: 0, count: 1 },
    ]);
  });

  it("counts the verifier's refusals by oauth_problem, or by check when they name none, and nothing else", () => {
    const t = new TrafficCounts();
    t.countRejection(errors.notAuthorized());
    t.countRejection(errors.invalidVerifier('no'));
    t.countRejection(errors.otherUsersResource());
    t.countRejection(errors.notFound('no such title'));
    t.countRejection(errors.overQpsLimit(1));
    t.countRejection(errors.injected(503, 'Service Unavailable', 'a fault'));
    // A check of the verifier's this list does not know yet is one bounded label, not its own.
    t.countRejection(new ApiError({ status: 401, reason: 'x', code: 'X', check: 'oauth-something-new', details: 'd' }));
    expect(t.rejectionRows()).toEqual([
      { reason: 'oauth-present', count: 1 },
      { reason: 'verifier_invalid', count: 1 },
      { reason: 'oauth-user', count: 1 },
      { reason: 'other', count: 1 },
    ]);
  });
});
