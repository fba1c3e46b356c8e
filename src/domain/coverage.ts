import { EXPANDABLE } from './expand.js';
import { percentDecode } from './oauth/percent-decode.js';
import { commaList } from './search-term.js';
import { LIST_REFUSALS, QUEUE_REFUSALS, type RefusalKind } from './queue-add.js';

// Behaviour coverage of a client's tests (issue 16 part 4): which operations of the published OpenAPI
// document a consumer's verified requests called, with which documented variants, and which error rows and
// OAuth failures they were answered. Pure: the document comes in parsed, the tally is kept on the consumer's
// sandbox (src/world/sandbox.ts), so a reset of the sandbox empties it.

/** One documented operation and the variants of it a client can exercise. */
export interface OperationSpec {
  readonly method: string;
  readonly path: string;
  /** `start_index>1`, `expand=<link>`, `refine`, `f`, `title_refs`, `If-None-Match`, `304 Not Modified`, `If-Match`, `412 Precondition Failed`, `failed_title_refs:<kind>`. */
  readonly variants: readonly string[];
  /** False for what no consumer signs (`security: []`: the login page, schemas): no report can count those calls. */
  readonly signed: boolean;
}

export interface CoverageSpec {
  readonly operations: readonly OperationSpec[];
  /** The operation a request is (HEAD reads as GET), the most literal template first; undefined when none. */
  match(method: string, path: string): OperationSpec | undefined;
}

/**
 * The error catalog's rows (src/domain/api-error.ts) by X-Mashery-Error-Code, with the oauth_problem each
 * carries (a nonce too long is ERR_401_INVALID_NONCE with a duplicate's parameter_rejected).
 * `attributable: false` for those answered before a request proves its consumer (no or a wrong signature, an
 * unknown key, a stale timestamp, a replay, a body refused before it was read): a report counts only requests
 * whose signature verified, so listing those as "never exercised" would ask for what no test can make count.
 */
export const ERROR_ROWS: ReadonlyArray<{ readonly code: string; readonly problem?: string; readonly attributable: boolean }> = [
  { code: 'ERR_400_BAD_REQUEST', attributable: true },
  { code: 'ERR_400_INVALID_PARAMETER', attributable: true },
  { code: 'ERR_400_MISSING_REQUIRED_PARAMETER', attributable: true },
  { code: 'ERR_400_MISSING_REQUIRED_ACCESS_TOKEN', problem: 'parameter_absent', attributable: true },
  { code: 'ERR_401_INVALID_OR_EXPIRED_TOKEN', problem: 'token_rejected', attributable: true },
  { code: 'ERR_400_MISSING_REQUIRED_VERIFIER', problem: 'parameter_absent', attributable: true },
  { code: 'ERR_401_INVALID_VERIFIER', problem: 'verifier_invalid', attributable: true },
  { code: 'ERR_403_FORBIDDEN', attributable: true },
  { code: 'ERR_403_DEVELOPER_OVER_QPS', attributable: true },
  { code: 'ERR_403_DEVELOPER_OVER_RATE', attributable: true },
  { code: 'ERR_404_NOT_FOUND', attributable: true },
  { code: 'ERR_405_METHOD_NOT_ALLOWED', attributable: true },
  { code: 'ERR_409_CONFLICT', attributable: true },
  { code: 'ERR_412_PRECONDITION_FAILED', attributable: true },
  { code: 'ERR_500_INTERNAL_SERVER_ERROR', attributable: true },
  { code: 'ERR_503_SERVICE_UNAVAILABLE', attributable: true },
  { code: 'ERR_507_INSUFFICIENT_STORAGE', attributable: true },
  { code: 'ERR_403_NOT_AUTHORIZED', attributable: false },
  { code: 'ERR_400_MISSING_REQUIRED_CONSUMER_KEY', problem: 'parameter_absent', attributable: false },
  { code: 'ERR_400_MISSING_REQUIRED_NONCE', problem: 'parameter_absent', attributable: false },
  { code: 'ERR_400_MISSING_REQUIRED_SIGNATURE', problem: 'parameter_absent', attributable: false },
  { code: 'ERR_400_MISSING_REQUIRED_SIGNATURE_METHOD', problem: 'parameter_absent', attributable: false },
  { code: 'ERR_400_MISSING_REQUIRED_TIMESTAMP', problem: 'parameter_absent', attributable: false },
  { code: 'ERR_400_DUPLICATED_OAUTH_PROTOCOL_PARAMETER', problem: 'parameter_rejected', attributable: false },
  { code: 'ERR_400_UNSUPPORTED_OAUTH_VERSION', problem: 'version_rejected', attributable: false },
  { code: 'ERR_400_UNSUPPORTED_SIGNATURE_METHOD', problem: 'signature_method_rejected', attributable: false },
  { code: 'ERR_401_TIMESTAMP_IS_INVALID', problem: 'timestamp_refused', attributable: false },
  { code: 'ERR_401_INVALID_CONSUMER_KEY', problem: 'consumer_key_unknown', attributable: false },
  { code: 'ERR_401_INVALID_SIGNATURE', problem: 'signature_invalid', attributable: false },
  { code: 'ERR_401_INVALID_NONCE', problem: 'nonce_used', attributable: false },
  { code: 'ERR_408_REQUEST_TIMEOUT', attributable: false },
  { code: 'ERR_400_TOO_MANY_PARAMETERS', attributable: false },
  { code: 'ERR_413_REQUEST_ENTITY_TOO_LARGE', attributable: false },
  { code: 'ERR_415_UNSUPPORTED_MEDIA_TYPE', attributable: false },
  { code: 'ERR_431_REQUEST_HEADER_FIELDS_TOO_LARGE', attributable: false },
];

/** The oauth_problem values the API answers, in the rows' order: attributable when an attributable row carries it. */
export const OAUTH_PROBLEMS: ReadonlyArray<{ readonly problem: string; readonly attributable: boolean }> = [
  ...new Set(ERROR_ROWS.flatMap((r) => r.problem ?? [])),
].map((problem) => ({ problem, attributable: ERROR_ROWS.some((r) => r.problem === problem && r.attributable) }));

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Follows local `$ref`s ('#/components/...') until an object that is not one. */
function deref(doc: Json, node: unknown): Json {
  let n = node as Json;
  for (let hops = 0; n && typeof n['$ref'] === 'string'; hops++) {
    const ref = n['$ref'] as string;
    if (hops > 20 || !ref.startsWith('#/')) throw new Error(`openapi: cannot follow $ref ${ref}`);
    n = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (o as Json | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Json;
    if (n === undefined) throw new Error(`openapi: unresolved $ref ${ref}`);
  }
  return n;
}

/** The variants an operation documents, from its parameters and its answers. */
function variantsOf(doc: Json, path: string, op: Json): string[] {
  const params = ((op['parameters'] as unknown[] | undefined) ?? []).map((p) => deref(doc, p));
  const has = (name: string, where = 'query') => params.some((p) => p['name'] === name && p['in'] === where);
  const out: string[] = [];
  if (has('start_index')) out.push('start_index>1');
  if (has('expand')) out.push(...EXPANDABLE.map((l) => `expand=${l}`), 'expand=all', 'expand=none');
  out.push(...['refine', 'f', 'title_refs'].filter((name) => has(name)));
  if (has('If-None-Match', 'header')) out.push('If-None-Match', '304 Not Modified');
  if (has('If-Match', 'header')) out.push('If-Match', '412 Precondition Failed');
  const created = (op['responses'] as Json | undefined)?.['201'] as Json | undefined;
  if (created?.['$ref'] === '#/components/responses/write_response') {
    out.push(...(path.includes('/lists/') ? LIST_REFUSALS : QUEUE_REFUSALS).map((k) => `failed_title_refs:${k}`));
  }
  return out;
}

/** The operations of a parsed OpenAPI document, and a matcher of concrete request paths to them. */
export function coverageSpecOf(document: unknown): CoverageSpec {
  const doc = document as Json;
  const topSecurity = doc['security'];
  const operations: OperationSpec[] = [];
  for (const [path, item] of Object.entries(doc['paths'] as Json)) {
    const pathItem = deref(doc, item);
    for (const m of METHODS) {
      if (!pathItem[m]) continue;
      const op = deref(doc, pathItem[m]);
      const security = (op['security'] ?? topSecurity) as unknown[] | undefined;
      operations.push({ method: m.toUpperCase(), path, variants: variantsOf(doc, path, op), signed: (security?.length ?? 0) > 0 });
    }
  }
  const literals = (op: OperationSpec) => op.path.split('/').filter((p) => p !== '' && !p.startsWith('{')).length;
  const templates = [...operations].sort((a, b) => literals(b) - literals(a)).map((op) => ({ op, parts: op.path.split('/').filter(Boolean) }));
  return {
    operations,
    match(method, path) {
      const m = method === 'HEAD' ? 'GET' : method;
      const segments = path
        .split('/')
        .filter(Boolean)
        .map((s) => percentDecode(s, { plusAsSpace: false }));
      return templates.find(
        (t) =>
          t.op.method === m &&
          t.parts.length === segments.length &&
          t.parts.every((p, i) => p.startsWith('{') || p.toLowerCase() === segments[i]!.toLowerCase()),
      )?.op;
    },
  };
}

/** What a request used and how it was answered: enough to tell which variants it exercised. */
export interface RequestFacts {
  /** A decoded parameter (query or form), undefined when not sent. */
  param(name: string): string | undefined;
  ifNoneMatch: boolean;
  ifMatch: boolean;
  status: number;
  /** Why refs failed, when a write answered failed_title_refs. */
  refusals: readonly RefusalKind[];
}

/**
 * The documented variants of `op` a request exercised. A parameter counts only when it was acted on (the
 * answer is not an error: `expand=actors,bogus` answering 400 exercised no expansion); the conditional
 * headers count whatever the answer, since 304 and 412 are what they are for.
 */
export function variantsUsed(op: OperationSpec, r: RequestFacts): string[] {
  const used: string[] = [];
  const ok = r.status < 400;
  if (ok) {
    const start = Number(r.param('start_index'));
    if (Number.isFinite(start) && start > 1) used.push('start_index>1');
    for (const name of commaList(r.param('expand'))) used.push(`expand=${name.toLowerCase()}`);
    if (r.param('refine')?.trim()) used.push('refine');
    if (r.param('f') !== undefined) used.push('f');
    if (r.param('title_refs')?.trim() && op.method === 'GET') used.push('title_refs');
    for (const kind of r.refusals) used.push(`failed_title_refs:${kind}`);
  }
  if (r.ifNoneMatch) used.push('If-None-Match');
  if (r.status === 304) used.push('304 Not Modified');
  if (r.ifMatch) used.push('If-Match');
  if (r.status === 412) used.push('412 Precondition Failed');
  return [...new Set(used)].filter((v) => op.variants.includes(v));
}

/** One recorded answer. */
export interface CoverageEvent {
  operation: OperationSpec | undefined;
  status: number;
  variants: readonly string[];
  /** X-Mashery-Error-Code of an error answer, and its oauth_problem if any. */
  errorCode?: string;
  oauthProblem?: string;
  /** The format of the answer's body, when it had one in either (docs/reference/json.md). */
  format?: AnswerFormat;
}

/** The two formats an answer of the API comes in. */
export type AnswerFormat = 'xml' | 'json';

interface OperationTally {
  calls: number;
  statuses: Map<number, number>;
  variants: Map<string, number>;
  formats: Map<AnswerFormat, number>;
}

/** A consumer's counts since its sandbox was made; kept on the sandbox. */
export class CoverageTally {
  readonly operations = new Map<OperationSpec, OperationTally>();
  readonly errors = new Map<string, number>();
  readonly oauthProblems = new Map<string, number>();
  /** Answers by format, over all calls. */
  readonly formats = new Map<AnswerFormat, number>();
  /** Calls to paths or methods the document does not have (404, 405). */
  undocumented = 0;

  record(e: CoverageEvent): void {
    if (e.format !== undefined) bump(this.formats, e.format);
    if (e.errorCode !== undefined) bump(this.errors, e.errorCode);
    if (e.oauthProblem !== undefined) bump(this.oauthProblems, e.oauthProblem);
    if (!e.operation) {
      this.undocumented++;
      return;
    }
    let t = this.operations.get(e.operation);
    if (!t) this.operations.set(e.operation, (t = { calls: 0, statuses: new Map(), variants: new Map(), formats: new Map() }));
    t.calls++;
    if (e.format !== undefined) bump(t.formats, e.format);
    bump(t.statuses, e.status);
    for (const v of e.variants) bump(t.variants, v);
  }
}

function bump<K>(m: Map<K, number>, k: K): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}
