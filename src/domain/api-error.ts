// The one error catalog (docs/reference/wire-format.md#errors,
// docs/reference/oauth.md#the-order-of-the-checks). Every rejection the simulator makes is one of these; the
// single error handler in src/http/error-handler.ts renders it as `<error>` with the gateway headers. Details
// always tell the client what to do next.

export class ApiError extends Error {
  readonly status: number;
  readonly reason: string;
  readonly details: string;
  /** X-Mashery-Error-Code; the gateway in front of the real service sent one with every error. Default: from
   *  status and reason (codeOf). */
  readonly code: string;
  /** For 401s and OAuth 400s: goes into WWW-Authenticate as oauth_problem. */
  readonly oauthProblem?: string;
  /** Extra response headers (Allow, Retry-After). */
  readonly headers: Record<string, string>;
  /** For the journal: which check failed and anything that explains it (e.g. the base string). */
  readonly check?: string;

  constructor(init: ApiErrorInit) {
    super(`${init.status} ${init.reason}: ${init.details}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.reason = init.reason;
    this.details = init.details;
    this.code = init.code ?? codeOf(init.status, init.reason);
    this.oauthProblem = init.oauthProblem;
    this.headers = init.headers ?? {};
    this.check = init.check;
  }
}

/** What makes an ApiError: `cause` is the underlying error, when this one wraps another (admin answers show its message as error.cause). */
export type ApiErrorInit = Pick<ApiError, 'status' | 'reason' | 'details' | 'oauthProblem' | 'check'> &
  Partial<Pick<ApiError, 'code' | 'headers'>> & { cause?: unknown };

/** Upper-snake form of a reason, as the gateway wrote its codes: "Invalid Signature" -> INVALID_SIGNATURE. */
function codeOf(status: number, reason: string): string {
  return `ERR_${status}_${reason
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}`;
}

export const errors = {
  // ---- generic request errors -------------------------------------------------------------
  badRequest: (details: string, reason = 'Bad Request', cause?: unknown) => new ApiError({ status: 400, reason, details, cause }),
  invalidParameter: (name: string, details: string) => new ApiError({ status: 400, reason: 'Invalid Parameter', details: `${name}: ${details}` }),
  missingParameter: (name: string, details = `send the ${name} parameter`) =>
    new ApiError({ status: 400, reason: 'Missing Required Parameter', details: `${name} is required: ${details}` }),
  notFound: (details: string) => new ApiError({ status: 404, reason: 'Not Found', details }),
  listNotFound: (listId: string) => errors.notFound(`The list ${listId} could not be found. Use GET /users/{user_guid}/lists for the lists this user has.`),
  methodNotAllowed: (method: string, allow: string[]) => {
    const details = `${method} is not supported on this resource; allowed: ${allow.join(', ')}`;
    return new ApiError({ status: 405, reason: 'Method Not Allowed', details, headers: { Allow: allow.join(', ') } });
  },
  conflict: (details: string, cause?: unknown) => new ApiError({ status: 409, reason: 'Conflict', details, cause }),
  /** A scenario whose file cannot be used (admin: switch); the cause is its ScenarioError. */
  scenarioUnusable: (name: string, cause: Error) =>
    errors.conflict(`scenario ${JSON.stringify(name)} cannot be used: ${cause.message}; fix the file and switch again (a switch reads it again)`, cause),
  /** A sandbox's id sequence (src/store/sequences.ts) has handed out every id the API can address. */
  idsExhausted: (sequence: string, max: number) =>
    errors.conflict(
      `every ${sequence} id up to ${max} is used in this sandbox; reset it (POST /__admin/reset?consumer=<key>) or load a scenario whose sequences start lower`,
    ),
  preconditionFailed: (details: string) => new ApiError({ status: 412, reason: 'Precondition Failed', details }),
  payloadTooLarge: (limit: number) =>
    new ApiError({ status: 413, reason: 'Request Entity Too Large', details: `the request body is over ${limit} bytes; send less` }),
  /**
   * More parameters (query and form body together) than any operation reads: refused before they are all
   * decoded or journaled, so a body of `=&` repeated costs what a plain one does.
   */
  tooManyParameters: (max: number) =>
    errors.badRequest(
      `the request has more than ${max} parameters (the query string and a form body together); no operation reads that many: send fewer (title_refs takes a comma-separated list in one parameter)`,
      'Too Many Parameters',
    ),
  /** More header lines than any client sends (node's parser allows 2,000 within its 16 KB). */
  tooManyHeaders: (max: number) =>
    new ApiError({ status: 431, reason: 'Request Header Fields Too Large', details: `the request has more than ${max} header lines; send fewer` }),
  /** Node's HTTP parser refuses a request line plus headers over its limit (16 KB) before any route runs. */
  headersTooLarge: () => {
    const details =
      'the request line and headers are over 16 KB; send long parameter values (title_refs, comment, name) in a form body instead of the query string';
    return new ApiError({ status: 431, reason: 'Request Header Fields Too Large', details });
  },
  /** The bytes are not an HTTP/1.1 request the parser can read (caught before express). */
  malformedRequest: (why: string) => errors.badRequest(`the request is not valid HTTP/1.1 (${why}); check the request line and headers`),
  /** node's HTTP server gave up waiting for the rest of a request (headersTimeout, requestTimeout). */
  requestTimeout: (headersSeconds: number, requestSeconds: number) => {
    const details = `the request was not all received in time (the headers within ${headersSeconds} seconds, the whole request within ${requestSeconds} seconds); send the request line, headers and body without pausing`;
    return new ApiError({ status: 408, reason: 'Request Timeout', details });
  },
  /** A request whose body comes in a form the API does not read: its type, its encoding, its charset. */
  unsupportedMedia: (details: string, cause?: unknown) => new ApiError({ status: 415, reason: 'Unsupported Media Type', details, cause }),
  unsupportedMediaType: (type: string) => errors.unsupportedMedia(`send parameters as application/x-www-form-urlencoded or in the query string, not ${type}`),
  /** A body whose Content-Encoding the body parsers cannot undo (body-parser: identity, gzip, deflate, br, zstd). */
  unsupportedContentEncoding: (why: string) => errors.unsupportedMedia(`${why}; send the body uncompressed (no Content-Encoding), or as gzip, deflate or br`),
  /** An admin body the body parsers refused as the client's fault: not what its Content-Encoding says, a charset they cannot read, cut short. */
  unreadableBody: (why: string, cause: unknown, unsupported = false) => {
    const details = `the body could not be read (${why}); send JSON (or YAML for a scenario) as UTF-8, uncompressed or compressed as its Content-Encoding says`;
    return unsupported ? errors.unsupportedMedia(details, cause) : errors.badRequest(details, 'Bad Request', cause);
  },
  /** An admin JSON body nested deeper than MAX_JSON_DEPTH (src/domain/json-depth.ts). */
  nestedTooDeep: (max: number) => errors.badRequest(`the JSON body nests lists and objects more than ${max} levels deep; no admin body needs more`),
  /**
   * A path part whose percent-encoding does not decode to UTF-8 (`%ff`, the overlong `%C0%AE`), from the
   * router's URIError (`Failed to decode param '%ff'`).
   */
  badPathEncoding: (routerMessage: string) => {
    const part = /^Failed to decode param '(.*)'$/.exec(routerMessage)?.[1] ?? routerMessage;
    return errors.badRequest(
      `the path part ${JSON.stringify(part)} has percent-encoded bytes that are not UTF-8; percent-encode the UTF-8 bytes of each character (é is %C3%A9)`,
    );
  },
  /** `check`: for the journal, when an OAuth check refused (oauth-user). */
  forbidden: (details: string, check?: string) => new ApiError({ status: 403, reason: 'Forbidden', details, check }),
  internal: (details = 'the simulator failed to answer this request; the journal has the cause', cause?: unknown) =>
    new ApiError({ status: 500, reason: 'Internal Server Error', details, cause }),
  /** An error answer a tester injected (admin: /__admin/faults); it looks like any other gateway error. */
  injected: (status: number, reason: string, details: string) => new ApiError({ status, reason, details, check: 'fault' }),

  // ---- OAuth and gateway errors, in the order the verifier checks them (docs/reference/oauth.md#the-order-of-the-checks) ----
  notAuthorized: () => {
    const details =
      'this resource needs an OAuth 1.0a signed request: send oauth_consumer_key, oauth_nonce, oauth_signature, oauth_signature_method, oauth_timestamp and oauth_version';
    return new ApiError({ status: 403, reason: 'Not Authorized', check: 'oauth-present', details });
  },
  /** The reason names the parameter as the gateway did: oauth_signature_method -> Missing Required Signature Method. */
  missingOAuthParameter: (param: string) => {
    const name =
      param === 'oauth_token'
        ? 'Access Token'
        : param
            .replace(/^oauth_/, '')
            .replace(/_/g, ' ')
            .replace(/\b[a-z]/g, (c) => c.toUpperCase());
    const details = `the request has no ${param}; sign it with OAuth 1.0a and send ${param} in the Authorization header, the query string or a form body`;
    return oauthError(400, `Missing Required ${name}`, 'parameter_absent', 'oauth-parameters', details);
  },
  missingAccessToken: () => {
    const details = 'user resources need an access token: sign the request with the oauth_token and token secret from /oauth/access_token';
    return oauthError(400, 'Missing Required Access Token', 'parameter_absent', 'oauth-token', details);
  },
  duplicatedOAuthParameter: (param: string) => {
    const details = `${param} was sent more than once; send each oauth_* parameter exactly once, in one place`;
    return oauthError(400, 'Duplicated OAuth Protocol Parameter', 'parameter_rejected', 'oauth-duplicates', details);
  },
  unsupportedOAuthVersion: (version: string) => {
    const details = `oauth_version ${JSON.stringify(version)} is not supported; send 1.0 or leave it out`;
    return oauthError(400, 'Unsupported OAuth Version', 'version_rejected', 'oauth-version', details);
  },
  unsupportedSignatureMethod: (method: string, allowed: string[]) => {
    const details = `oauth_signature_method ${JSON.stringify(method)} is not supported; use ${allowed.join(' or ')}`;
    return oauthError(400, 'Unsupported Signature Method', 'signature_method_rejected', 'oauth-signature-method', details);
  },
  timestampInvalid: (sent: string, serverNow: number, window: number) => {
    const details = `oauth_timestamp ${JSON.stringify(sent)} is not within ${window} seconds of the server time ${serverNow}; check the client's clock and send seconds since 1970 UTC`;
    return oauthError(401, 'Timestamp Is Invalid', 'timestamp_refused', 'oauth-timestamp', details);
  },
  invalidConsumerKey: (key: string) => {
    const details = `the consumer key ${JSON.stringify(key)} is not known to this scenario; use one of the keys GET /__admin/scenarios lists under the active scenario's "consumers" (the default scenario's is test-consumer-key)`;
    return oauthError(401, 'Invalid Consumer Key', 'consumer_key_unknown', 'oauth-consumer', details);
  },
  invalidOrExpiredToken: (why: string) => {
    const details = `${why}; obtain a new token through /oauth/request_token and /oauth/access_token`;
    return oauthError(401, 'Invalid Or Expired Token', 'token_rejected', 'oauth-token', details);
  },
  invalidSignature: (baseString: string) => {
    const details = `the signature does not match. The server computed this signature base string; diff it against yours: ${baseString}`;
    return oauthError(401, 'Invalid Signature', 'signature_invalid', 'oauth-signature', details);
  },
  invalidNonce: (nonce: string) => {
    const details = `the nonce ${JSON.stringify(nonce)} was already used with this timestamp; send a fresh oauth_nonce with every request`;
    return oauthError(401, 'Invalid NONCE', 'nonce_used', 'oauth-nonce', details);
  },
  /** Past MAX_NONCE_BYTES (src/domain/oauth/nonce-store.ts): refused before any lookup, signature or store. */
  nonceTooLong: (bytes: number, max: number) => {
    const details = `oauth_nonce is ${bytes} bytes long and at most ${max} are accepted; send a fresh random value of 8 to 64 characters with every request`;
    return oauthError(401, 'Invalid NONCE', 'parameter_rejected', 'oauth-nonce', details);
  },
  /** The used-nonce store holds as many nonces inside the timestamp window as it may: it refuses rather than forget one. */
  nonceStoreFull: (retryAfterSeconds: number, capacity: number) => {
    const details = `the simulator remembers ${capacity} used nonces still inside the timestamp window and has room for no more (forgetting one would let its replay through); retry in ${retryAfterSeconds} s, when the oldest leaves the window`;
    return new ApiError({ status: 503, reason: 'Service Unavailable', check: 'oauth-nonce', details, headers: { 'Retry-After': String(retryAfterSeconds) } });
  },
  /**
   * The data folder (--data-dir) is at its byte budget, or its disk refused a write: the write changed
   * nothing; reads go on (docs/reference/data-dir.md#when-the-folder-is-full).
   */
  storageFull: (why: string) => {
    const details = `${why}; this write changed nothing and reads still work. Free room: reset or DELETE sandboxes (/__admin/sandboxes), or ask the operator to raise --data-dir-budget`;
    return new ApiError({ status: 507, reason: 'Insufficient Storage', details });
  },
  invalidVerifier: (details: string) => oauthError(401, 'Invalid Verifier', 'verifier_invalid', 'oauth-verifier', details),
  otherUsersResource: () => errors.forbidden('the access token belongs to another user; use the user link from GET /users', 'oauth-user'),
  overQpsLimit: (retryAfterSeconds: number, details = 'this consumer sent more requests than its limit allows') =>
    rateLimited('Account Over Queries Per Second Limit', 'QPS', `${details}; wait ${retryAfterSeconds} s before the next request`, retryAfterSeconds),
  overRateLimit: (retryAfterSeconds: number) =>
    rateLimited('Account Over Rate Limit', 'RATE', `this consumer used its daily request allowance; wait ${retryAfterSeconds} s`, retryAfterSeconds),
} as const;

/** An OAuth check's failure: oauthProblem goes into WWW-Authenticate, check into the journal. */
function oauthError(status: number, reason: string, oauthProblem: string, check: string, details: string): ApiError {
  return new ApiError({ status, reason, oauthProblem, check, details });
}

/** The gateway's own rate limits: 403 with a code of their own (ERR_403_DEVELOPER_OVER_QPS, _RATE) and Retry-After. */
function rateLimited(reason: string, over: string, details: string, retryAfterSeconds: number): ApiError {
  const headers = { 'Retry-After': String(retryAfterSeconds) };
  return new ApiError({ status: 403, reason, code: `ERR_403_DEVELOPER_OVER_${over}`, check: 'rate-limit', details, headers });
}
