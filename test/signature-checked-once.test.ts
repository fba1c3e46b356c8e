import { describe, expect, it, vi } from 'vitest';
import { ALICE, CAROL, CONSUMER, signed } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';

// How many signatures the simulator computes, counted where it computes them.
const computed = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/domain/oauth/verify-signature.js', async (original) => {
  const real = await original<typeof import('../src/domain/oauth/verify-signature.js')>();
  return {
    ...real,
    verifySignature: (input: Parameters<typeof real.verifySignature>[0]) => {
      computed.count++;
      return real.verifySignature(input);
    },
  };
});

// A request's signature is computed once, whoever asks: its route, then the journal filing it under a
// consumer (docs/reference/attribution.md). A 64 KB form body of spaces makes a base string of ~320 KB,
// each build of which cost ~6 MB of garbage: the soak bench (bench/soak.ts) sends thousands.
describe('a signature is computed once a request', () => {
  it('for a 64 KB body with a bad signature, answered 401 and journaled', async () => {
    const { app } = testWorld();
    const form = { title_ref: `${BASE}/catalog/title/30`, rating: '4', note: ' '.repeat(60_000) };
    computed.count = 0;
    const res = await signed(app, 'POST', `/users/${CAROL.guid}/ratings/title`, { consumer: { key: CONSUMER.key, secret: 'wrong' }, token: CAROL.token, form });
    expect(res.status).toBe(401);
    expect(computed.count).toBe(1);
  });

  it('for a good read', async () => {
    const { app } = testWorld();
    computed.count = 0;
    const res = await signed(app, 'GET', `/users/${ALICE.guid}/ratings/title`, { token: ALICE.token });
    expect(res.status).toBe(200);
    expect(computed.count).toBe(1);
  });
});
