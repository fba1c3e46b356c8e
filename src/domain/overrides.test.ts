import { describe, expect, it } from 'vitest';
import { headerProblem, OverrideRules, type OverrideRequest, type OverrideSpec } from './overrides.js';

const SEARCH: OverrideRequest = {
  method: 'GET',
  path: '/catalog/title',
  query: [
    ['term', 'alien'],
    ['start_index', '0'],
  ],
};
const html503: OverrideSpec = {
  match: { method: 'GET', path: '/catalog/title' },
  answer: { status: 503, body: '<html>down</html>', contentType: 'text/html' },
};
const answers = (spec: OverrideSpec, req: OverrideRequest) => {
  const rules = new OverrideRules();
  rules.add(spec);
  return rules.decide(req) !== undefined;
};

describe('override matching', () => {
  it.each([
    ['path and method match', html503, SEARCH, true],
    ['another method does not match', html503, { ...SEARCH, method: 'POST' }, false],
    ['method * matches any method', { ...html503, match: { method: '*', path: '/catalog/*' } }, { ...SEARCH, method: 'DELETE' }, true],
    ['another path does not match', html503, { ...SEARCH, path: '/catalog/people' }, false],
    ['a query parameter with its value matches', { ...html503, match: { ...html503.match, query: { term: 'alien' } } }, SEARCH, true],
    ['a query parameter with another value does not', { ...html503, match: { ...html503.match, query: { term: 'heat' } } }, SEARCH, false],
    ['every parameter named must be there', { ...html503, match: { ...html503.match, query: { term: 'alien', expand: 'synopsis' } } }, SEARCH, false],
    [
      'a repeated parameter matches on any of its values',
      { ...html503, match: { ...html503.match, query: { term: 'heat' } } },
      {
        ...SEARCH,
        query: [
          ['term', 'alien'],
          ['term', 'heat'],
        ],
      },
      true,
    ],
    [
      'a query parameter is not looked for in the form',
      { ...html503, match: { ...html503.match, query: { term: 'alien' } } },
      { ...SEARCH, query: [], form: [['term', 'alien']] },
      false,
    ],
    [
      'a form parameter matches the form body',
      { ...html503, match: { method: 'POST', path: '/catalog/title', form: { term: 'alien' } } },
      { ...SEARCH, method: 'POST', query: [], form: [['term', 'alien']] },
      true,
    ],
    ['a consumer-scoped override skips other consumers', { ...html503, match: { ...html503.match, consumer: 'k' } }, { ...SEARCH, consumer: 'other' }, false],
    ['a consumer-scoped override skips requests nobody signed', { ...html503, match: { ...html503.match, consumer: 'k' } }, SEARCH, false],
    ['a consumer-scoped override answers its consumer', { ...html503, match: { ...html503.match, consumer: 'k' } }, { ...SEARCH, consumer: 'k' }, true],
    ['an unscoped override answers any consumer', html503, { ...SEARCH, consumer: 'anyone' }, true],
  ] as Array<[string, OverrideSpec, OverrideRequest, boolean]>)('%s', (_rule, spec, req, answered) => {
    expect(answers(spec, req)).toBe(answered);
  });
});

describe('override answers', () => {
  it('answers the next N matching requests only, then stays listed as used up', () => {
    const rules = new OverrideRules();
    rules.add({ ...html503, times: 2 });
    expect([1, 2, 3].map(() => rules.decide(SEARCH)?.status)).toEqual([503, 503, undefined]);
    expect(rules.list()[0]).toMatchObject({ answered: 2, remaining: 0 });
  });

  it('the first matching override in the order added answers; a used-up one hands over to the next', () => {
    const rules = new OverrideRules();
    rules.add({ ...html503, times: 1 });
    rules.add({ ...html503, answer: { status: 502 } });
    expect([1, 2].map(() => rules.decide(SEARCH)?.overrideId)).toEqual([1, 2]);
  });

  it('sends base64 bodies as their bytes and text as UTF-8, content type first', () => {
    const rules = new OverrideRules();
    rules.add({ match: { method: '*', path: '*' }, answer: { status: 200, bodyBase64: '/wA8eA==', headers: { 'X-A': '1' }, contentType: 'application/xml' } });
    rules.add({ match: { method: '*', path: '*' }, answer: { status: 200, body: 'é' } });
    const first = rules.decide(SEARCH)!;
    expect([...first.body]).toEqual([0xff, 0x00, 0x3c, 0x78]);
    expect(first.headers).toEqual([
      ['Content-Type', 'application/xml'],
      ['X-A', '1'],
    ]);
    expect(first).toMatchObject({ hasBody: true, hasContentType: true });
    rules.remove(1);
    expect([...rules.decide(SEARCH)!.body]).toEqual([0xc3, 0xa9]);
  });

  it('a list is a copy: changing it changes no override', () => {
    const rules = new OverrideRules();
    rules.add(html503);
    rules.list()[0]!.match.path = '/users';
    expect(rules.decide(SEARCH)).toBeDefined();
  });
});

describe('override headers', () => {
  it.each([
    ['a plain header', 'X-Gateway', 'nginx', undefined],
    ['a name with a space', 'X Gateway', 'a', 'not a header name'],
    ['Content-Length, which is the body’s own', 'content-length', '10', 'set by the simulator'],
    ['Transfer-Encoding', 'Transfer-Encoding', 'chunked', 'set by the simulator'],
    ['a value with a line break', 'X-A', 'a\r\nSet-Cookie: x=1', 'cannot carry'],
    ['Trailer, which node refuses on an answer sent whole', 'trailer', 'X-Checksum', 'set by the simulator'],
    ['Connection: close', 'Connection', 'close', undefined],
    ['Connection: keep-alive, which would override a client’s close', 'connection', 'keep-alive', 'only Connection: close'],
    ['Connection: close with a line break', 'Connection', 'close\n', 'cannot carry'],
    ['Keep-Alive', 'Keep-Alive', 'timeout=5', 'about the connection'],
    ['Upgrade', 'upgrade', 'h2c', 'about the connection'],
    ['Expect, a request’s header', 'Expect', '100-continue', "a request's header"],
    ['Date, which replaces the simulator’s', 'Date', 'Thu, 01 Jan 2026 00:00:00 GMT', undefined],
  ])('%s', (_rule, name, value, problem) => {
    const found = headerProblem(name, value);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });
});

describe("a consumer's share", () => {
  const scoped = (consumer: string, body = ''): OverrideSpec => ({ match: { method: '*', path: '*', consumer }, answer: { status: 200, body } });

  it('each consumer holds at most 100 overrides and 2 MiB of them; others, and overrides for everyone, still fit', () => {
    const rules = new OverrideRules();
    for (let i = 0; i < 100; i++) rules.add(scoped('a'));
    expect(() => rules.add(scoped('a'))).toThrow(/"a" already holds 100 overrides scoped to it, its share/);
    const mb = 'x'.repeat(1_000_000);
    rules.add(scoped('b', mb));
    rules.add(scoped('b', mb));
    expect(() => rules.add(scoped('b', mb))).toThrow(/"b"'s overrides past 2097152 bytes, its share of the simulator's \(2000\d+ held\)/);
    expect(rules.add(scoped('c', mb)).match.consumer).toBe('c');
    expect(rules.add({ ...html503 }).match.consumer).toBeUndefined();
  });

  it('the instance still holds at most 16 MiB in all, whoever adds them', () => {
    const rules = new OverrideRules();
    const mb = 'x'.repeat(1_000_000);
    for (let c = 0; c < 8; c++) for (let i = 0; i < 2; i++) rules.add(scoped(`c${c}`, mb));
    expect(() => rules.add(scoped('d', mb))).toThrow(/past 16777216 bytes in all/);
  });
});
