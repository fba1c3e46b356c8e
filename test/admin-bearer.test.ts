import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testWorld } from './support/world.js';

// The admin token is compared as a secret (src/domain/secrets-match.ts): only the exact header passes.
describe('the admin bearer token', () => {
  const { app } = testWorld('default', { adminToken: 's3cret' });
  const asking = (authorization?: string) => {
    const r = request(app).get('/__admin/scenarios');
    return (authorization === undefined ? r : r.set('Authorization', authorization)).then((res) => res.status);
  };

  it('lets the exact header through', async () => {
    expect(await asking('Bearer s3cret')).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['a prefix of the token', 'Bearer s3cre'],
    ['the token and more', 'Bearer s3cret2'],
    ['another token of the same length', 'Bearer s3creT'],
    ['the token without the scheme', 's3cret'],
    ['an empty header', ''],
  ])('answers 401 to %s', async (_case, authorization) => {
    expect(await asking(authorization)).toBe(401);
  });
});
