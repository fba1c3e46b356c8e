import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { code, coverageMarkdown, coverageReport } from './coverage-report.js';
import { errors } from './api-error.js';
import { CoverageTally, ERROR_ROWS, OAUTH_PROBLEMS, coverageSpecOf, variantsUsed, type OperationSpec, type RequestFacts } from './coverage.js';

// A small document in openapi.yaml's shape: path items by $ref, shared parameters, write_response by $ref.
const doc = {
  security: [{ oauthUser: [] }],
  paths: {
    '/catalog/{kind}': {
      get: {
        parameters: [
          { $ref: '#/components/parameters/expand' },
          { $ref: '#/components/parameters/start_index' },
          { name: 'refine', in: 'query' },
          { name: 'f', in: 'query' },
        ],
      },
    },
    '/catalog/title/{id}': { $ref: '#/components/pathItems/title' },
    '/users/{guid}/queues/{queue_id}': {
      get: { parameters: [{ name: 'title_refs', in: 'query' }, { $ref: '#/components/parameters/if_none_match' }] },
      post: { parameters: [{ $ref: '#/components/parameters/if_match' }], responses: { '201': { $ref: '#/components/responses/write_response' } } },
    },
    '/users/{guid}/queues/item/{id}': { delete: {} },
    '/users/{guid}/lists/{list_id}': { post: { responses: { '201': { $ref: '#/components/responses/write_response' } } } },
    '/oauth/login': { get: { security: [] } },
  },
  components: {
    pathItems: { title: { get: { parameters: [{ $ref: '#/components/parameters/expand' }] } } },
    parameters: {
      expand: { name: 'expand', in: 'query' },
      start_index: { name: 'start_index', in: 'query' },
      if_none_match: { name: 'If-None-Match', in: 'header' },
      if_match: { name: 'If-Match', in: 'header' },
    },
    responses: { write_response: { description: 'x' } },
  },
};
const spec = coverageSpecOf(doc);
const op = (method: string, path: string): OperationSpec => spec.operations.find((o) => o.method === method && o.path === path)!;
const EXPANDS = ['actors', 'directors', 'synopsis', 'histogram', 'languages', 'collections', 'artworks', 'all', 'none'].map((v) => `expand=${v}`);

describe("documented variants come from each operation's parameters and answers", () => {
  it.each([
    ['GET', '/catalog/{kind}', ['start_index>1', ...EXPANDS, 'refine', 'f']],
    ['GET', '/catalog/title/{id}', EXPANDS],
    ['GET', '/users/{guid}/queues/{queue_id}', ['title_refs', 'If-None-Match', '304 Not Modified']],
    [
      'POST',
      '/users/{guid}/queues/{queue_id}',
      [
        'If-Match',
        '412 Precondition Failed',
        ...['not_a_title_ref', 'unknown_title', 'disc_not_title', 'already_queued', 'not_rentable', 'fail_add', 'queue_full'].map(
          (k) => `failed_title_refs:${k}`,
        ),
      ],
    ],
    ['POST', '/users/{guid}/lists/{list_id}', ['not_a_title_ref', 'unknown_title', 'already_in_list', 'fail_add'].map((k) => `failed_title_refs:${k}`)],
    ['DELETE', '/users/{guid}/queues/item/{id}', []],
  ])('%s %s', (method, path, variants) => {
    expect(op(method, path).variants).toEqual(variants);
  });

  it('an operation with security: [] is one no consumer signs', () => {
    expect(spec.operations.filter((o) => !o.signed).map((o) => `${o.method} ${o.path}`)).toEqual(['GET /oauth/login']);
  });
});

describe('a request path matches its operation, the most literal template first', () => {
  it.each([
    ['GET', '/catalog/title', 'GET /catalog/{kind}'],
    ['GET', '/catalog/voice%20over', 'GET /catalog/{kind}'],
    ['GET', '/catalog/title/12', 'GET /catalog/title/{id}'],
    ['HEAD', '/catalog/title/12', 'GET /catalog/title/{id}'],
    ['GET', '/users/ABC/queues/item', 'GET /users/{guid}/queues/{queue_id}'],
    ['DELETE', '/users/ABC/queues/item/12', 'DELETE /users/{guid}/queues/item/{id}'],
    ['PUT', '/catalog/title/12', undefined],
    ['GET', '/nowhere', undefined],
  ])('%s %s -> %s', (method, path, expected) => {
    const found = spec.match(method, path);
    expect(found && `${found.method} ${found.path}`).toBe(expected);
  });
});

const facts = (params: Record<string, string>, more: Partial<RequestFacts> = {}): RequestFacts => ({
  param: (n) => params[n],
  ifNoneMatch: false,
  ifMatch: false,
  status: 200,
  refusals: [],
  ...more,
});

describe('which documented variants a request used', () => {
  it.each([
    [
      'page 2 and two expansions',
      'GET /catalog/{kind}',
      facts({ start_index: '21', expand: 'Actors, synopsis' }),
      ['start_index>1', 'expand=actors', 'expand=synopsis'],
    ],
    ['page 1 is no paging variant', 'GET /catalog/{kind}', facts({ start_index: '1' }), []],
    ['refine and a filter', 'GET /catalog/{kind}', facts({ refine: 'genre', f: 'genre|Drama' }), ['refine', 'f']],
    ['an expansion the operation does not document', 'GET /catalog/{kind}', facts({ expand: 'reviews' }), []],
    ['parameters of an error answer were not acted on', 'GET /catalog/{kind}', facts({ expand: 'actors,bogus' }, { status: 400 }), []],
    [
      'a title_refs filter and a 304',
      'GET /users/{guid}/queues/{queue_id}',
      facts({ title_refs: 'x' }, { ifNoneMatch: true, status: 304 }),
      ['title_refs', 'If-None-Match', '304 Not Modified'],
    ],
    ['If-Match answered 412', 'POST /users/{guid}/queues/{queue_id}', facts({}, { ifMatch: true, status: 412 }), ['If-Match', '412 Precondition Failed']],
    [
      'title_refs on a write is its body, not a filter',
      'POST /users/{guid}/queues/{queue_id}',
      facts({ title_refs: 'x' }, { status: 201, refusals: ['queue_full', 'queue_full', 'fail_add'] }),
      ['failed_title_refs:queue_full', 'failed_title_refs:fail_add'],
    ],
    [
      'a refusal a collection cannot give',
      'POST /users/{guid}/lists/{list_id}',
      facts({}, { status: 201, refusals: ['queue_full', 'already_in_list'] }),
      ['failed_title_refs:already_in_list'],
    ],
  ])('%s', (_rule, key, r, expected) => {
    const [method, path] = key.split(' ');
    expect(variantsUsed(op(method!, path!), r)).toEqual(expected);
  });
});

describe('the report', () => {
  it('counts calls, statuses, variants, error rows and OAuth failures against what is documented', () => {
    const tally = new CoverageTally();
    const search = op('GET', '/catalog/{kind}');
    tally.record({ operation: search, status: 200, variants: ['refine'] });
    tally.record({ operation: search, status: 200, variants: ['refine', 'f'] });
    tally.record({ operation: search, status: 400, variants: [], errorCode: 'ERR_400_INVALID_PARAMETER' });
    tally.record({ operation: undefined, status: 401, variants: [], errorCode: 'ERR_401_INVALID_OR_EXPIRED_TOKEN', oauthProblem: 'token_rejected' });
    const r = coverageReport('k', spec, tally);
    expect(r.operations.find((o) => o.path === '/catalog/{kind}')).toEqual({
      method: 'GET',
      path: '/catalog/{kind}',
      calls: 3,
      statuses: { '200': 2, '400': 1 },
      variantsUsed: { refine: 2, f: 1 },
      variantsNeverUsed: ['start_index>1', ...EXPANDS],
    });
    expect(r.totals.operations).toEqual({ exercised: 1, documented: 6, percent: 16.7 });
    expect(r.totals.variants).toEqual({ exercised: 2, documented: 12 + 9 + 3 + 9 + 4, percent: 5.4 });
    expect(r.totals.oauthProblems).toEqual({ exercised: 1, documented: 3, percent: 33.3 });
    expect(r.oauthProblems.neverAnswered).toEqual(['parameter_absent', 'verifier_invalid']);
    expect(r.errors.answered).toEqual({ ERR_400_INVALID_PARAMETER: 1, ERR_401_INVALID_OR_EXPIRED_TOKEN: 1 });
    expect(r.errors.neverAnswered).not.toContain('ERR_400_INVALID_PARAMETER');
    expect(r.errors.notAttributable).toContain('ERR_401_INVALID_SIGNATURE');
    expect(r.undocumentedCalls).toBe(1);
    expect(r.unsignedOperations).toEqual(['GET /oauth/login']);
  });
});

describe("the error rows are the catalog's", () => {
  it.each(
    [
      errors.badRequest('x'),
      errors.invalidParameter('a', 'b'),
      errors.missingParameter('a'),
      errors.notFound('x'),
      errors.listNotFound('1'),
      errors.methodNotAllowed('PUT', ['GET']),
      errors.conflict('x'),
      errors.preconditionFailed('x'),
      errors.payloadTooLarge(1),
      errors.headersTooLarge(),
      errors.malformedRequest('x'),
      errors.requestTimeout(1, 2),
      errors.unsupportedMediaType('x'),
      errors.forbidden('x'),
      errors.internal(),
      errors.notAuthorized(),
      ...['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp'].map((p) => errors.missingOAuthParameter(p)),
      errors.missingAccessToken(),
      errors.missingOAuthParameter('oauth_token'),
      errors.missingOAuthParameter('oauth_verifier'),
      errors.tooManyParameters(1),
      errors.duplicatedOAuthParameter('oauth_nonce'),
      errors.unsupportedOAuthVersion('2'),
      errors.unsupportedSignatureMethod('x', ['HMAC-SHA1']),
      errors.timestampInvalid('1', 2, 300),
      errors.invalidConsumerKey('x'),
      errors.invalidOrExpiredToken('x'),
      errors.invalidSignature('x'),
      errors.invalidNonce('x'),
      errors.nonceTooLong(99, 64),
      errors.nonceStoreFull(1, 2),
      errors.storageFull('x'),
      errors.invalidVerifier('x'),
      errors.otherUsersResource(),
      errors.overQpsLimit(1),
      errors.overRateLimit(1),
    ].map((e) => [e.code, e.oauthProblem, e] as const),
  )('%s (%s) is a row, and its oauth_problem one', (code, problem) => {
    expect(ERROR_ROWS.map((r) => r.code)).toContain(code);
    if (problem) expect(OAUTH_PROBLEMS.map((p) => p.problem)).toContain(problem);
  });
});

describe('the markdown report keeps what it quotes inside its code spans', () => {
  /** The text of a one-line code span written by `code`, or undefined when the span does not close where it should. */
  const spanText = (span: string): string | undefined => {
    const fence = /^`+/.exec(span)![0];
    if (!span.endsWith(fence) || span.length < 2 * fence.length) return undefined;
    const inner = span.slice(fence.length, -fence.length);
    // The span ends at the first run of exactly as many backticks: none may be inside.
    if ((inner.match(/`+/g) ?? []).some((run) => run.length === fence.length)) return undefined;
    return inner.length > 1 && inner.startsWith(' ') && inner.endsWith(' ') ? inner.slice(1, -1) : inner;
  };
  const unescapedPipes = (line: string) => line.replace(/\\\|/g, '').split('|').length - 1;
  const reportOf = (consumer: string) => coverageMarkdown(coverageReport(consumer, spec, new CoverageTally()));

  it.each([
    ['a backtick and a newline', 'ci-`\n# pwned\n| a | b |'],
    ['a run of backticks', 'ci-```x``'],
    ['a backtick at each end', '`ci-`'],
    ['a pipe', 'ci-a|b'],
    ['markup', 'ci-<img src=x onerror=alert(1)>'],
    ['a line separator and a carriage return', 'ci-\u2028\r'],
  ])('a consumer key with %s stays in the heading, and the table keeps its shape', (_what, key) => {
    const plain = reportOf('k').split('\n');
    const lines = reportOf(key).split('\n');
    expect(lines).toHaveLength(plain.length);
    const span = lines[0]!.replace(/^## API coverage: /, '');
    expect(spanText(span)?.replace(/\\u([0-9a-f]{4})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))).toBe(key);
    for (const [i, line] of lines.entries()) if (line.startsWith('|')) expect(unescapedPipes(line)).toBe(unescapedPipes(plain[i]!));
  });

  it('any text is one code span that reads back as the text (property)', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(
            fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 40 }),
            fc.string({ unit: fc.constantFrom('`', '|', '\n', '\r', ' ', 'a', '\u2028', '<'), minLength: 1, maxLength: 40 }),
          )
          .filter((t) => !t.includes('\\u')),
        (text) => {
          const span = code(text);
          expect(span).not.toMatch(/[\r\n]/);
          const inner = spanText(span);
          expect(inner).toBeDefined();
          expect(inner!.replace(/\\\|/g, '|').replace(/\\u([0-9a-f]{4})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
