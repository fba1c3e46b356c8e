import { type AnswerFormat, type CoverageSpec, type CoverageTally, ERROR_ROWS, OAUTH_PROBLEMS } from './coverage.js';

// The coverage report (GET /__admin/coverage): JSON, a markdown table for a CI job summary, or CTRF.

export interface Ratio {
  exercised: number;
  documented: number;
  /** exercised / documented, as a percentage with one decimal (0 when nothing is documented). */
  percent: number;
}

export interface OperationCoverage {
  method: string;
  path: string;
  calls: number;
  /** Status -> answers. */
  statuses: Record<string, number>;
  /** Variant -> requests that used it. */
  variantsUsed: Record<string, number>;
  variantsNeverUsed: string[];
}

export interface RowsCoverage {
  /** Row -> answers. */
  answered: Record<string, number>;
  neverAnswered: string[];
  /** Rows answered only before a request proves its consumer: no report can count them (docs/reference/admin-api.md#coverage). */
  notAttributable: string[];
}

/** Which format the client's answers came in (XML, or JSON when it sent Accept: application/json). */
export interface FormatsCoverage {
  /** Answers with a body, by format. */
  answers: Record<AnswerFormat, number>;
  /** The same per operation called, `METHOD /path` -> format -> answers. */
  byOperation: Record<string, Record<AnswerFormat, number>>;
}

export interface CoverageReport {
  consumer: string;
  totals: { operations: Ratio; variants: Ratio; errors: Ratio; oauthProblems: Ratio };
  operations: OperationCoverage[];
  /** Operations no consumer signs (the login page, schemas): not counted. */
  unsignedOperations: string[];
  /** Calls to a path or method the document does not have. */
  undocumentedCalls: number;
  errors: RowsCoverage;
  oauthProblems: RowsCoverage;
  formats: FormatsCoverage;
}

const ratio = (exercised: number, documented: number): Ratio => ({
  exercised,
  documented,
  percent: documented === 0 ? 0 : Math.round((exercised / documented) * 1000) / 10,
});

/** The rows answered, those never answered that a report counts, and those it cannot count; with the ratio of the counted. */
function rows<K extends string>(
  all: ReadonlyArray<Record<K, string> & { attributable: boolean }>,
  key: K,
  tally: ReadonlyMap<string, number>,
): [RowsCoverage, Ratio] {
  const counted = all.filter((r) => r.attributable).map((r) => r[key]);
  const answered = Object.fromEntries([...tally].sort(([a], [b]) => a.localeCompare(b)));
  const neverAnswered = counted.filter((n) => !tally.has(n));
  const notAttributable = all.filter((r) => !r.attributable).map((r) => r[key]);
  return [{ answered, neverAnswered, notAttributable }, ratio(counted.length - neverAnswered.length, counted.length)];
}

/** The report of one consumer's tally against the document's operations, in the document's order. */
export function coverageReport(consumer: string, spec: CoverageSpec, tally: CoverageTally): CoverageReport {
  const signed = spec.operations.filter((op) => op.signed);
  const operations = signed.map((op): OperationCoverage => {
    const t = tally.operations.get(op);
    return {
      method: op.method,
      path: op.path,
      calls: t?.calls ?? 0,
      // Statuses are integer keys, which an object lists in ascending order whatever order they were set in.
      statuses: Object.fromEntries(t?.statuses ?? []),
      variantsUsed: Object.fromEntries(op.variants.filter((v) => t?.variants.has(v)).map((v) => [v, t!.variants.get(v)!])),
      variantsNeverUsed: op.variants.filter((v) => !t?.variants.has(v)),
    };
  });
  const [errors, errorsRatio] = rows(ERROR_ROWS, 'code', tally.errors);
  const [oauthProblems, oauthRatio] = rows(OAUTH_PROBLEMS, 'problem', tally.oauthProblems);
  return {
    consumer,
    totals: {
      operations: ratio(operations.filter((o) => o.calls > 0).length, operations.length),
      variants: ratio(
        operations.reduce((n, o) => n + Object.keys(o.variantsUsed).length, 0),
        signed.reduce((n, op) => n + op.variants.length, 0),
      ),
      errors: errorsRatio,
      oauthProblems: oauthRatio,
    },
    operations,
    unsignedOperations: spec.operations.filter((op) => !op.signed).map((op) => `${op.method} ${op.path}`),
    undocumentedCalls: tally.undocumented,
    errors,
    oauthProblems,
    formats: formatsOf(spec, tally),
  };
}

function formatsOf(spec: CoverageSpec, tally: CoverageTally): FormatsCoverage {
  const byFormat = (m: ReadonlyMap<AnswerFormat, number>) => ({ xml: m.get('xml') ?? 0, json: m.get('json') ?? 0 });
  const byOperation: Record<string, Record<AnswerFormat, number>> = {};
  for (const op of spec.operations) {
    const t = tally.operations.get(op);
    if (t && t.formats.size > 0) byOperation[`${op.method} ${op.path}`] = byFormat(t.formats);
  }
  return { answers: byFormat(tally.formats), byOperation };
}

const pct = (r: Ratio) => `${r.exercised} of ${r.documented} (${r.percent}%)`;
const list = (xs: readonly string[]) => (xs.length ? xs.map((x) => code(x)).join(', ') : '-');

/**
 * Text as one inline code span that nothing in it can end or break out of (a consumer key is anyone's
 * text in open mode): control characters and line separators are written as `\uXXXX` (a newline ends the
 * table row, a blank line the paragraph), the fence is one backtick longer than any run of them inside,
 * and in a table `|` is escaped, since GitHub splits a row on it even inside a code span (and drops the
 * backslash there). Markup in a code span is shown as written.
 */
export function code(text: string, inTable = true): string {
  if (text === '') return '` `';
  const visible = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const shown = inTable ? visible.replace(/\|/g, '\\|') : visible;
  const fence = '`'.repeat(Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  // A space inside each fence is dropped by the reader, and keeps a backtick at either end off the fence.
  const pad = /^[`\s]|[`\s]$/.test(shown) ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}
const counts = (m: Record<string, number>) => list(Object.entries(m).map(([k, n]) => `${k} x${n}`));

/** A GitHub-flavoured markdown summary: totals, one table row per operation, then the error and OAuth rows. */
export function coverageMarkdown(r: CoverageReport): string {
  const lines = [
    `## API coverage: ${code(r.consumer, false)}`,
    '',
    `Operations called: ${pct(r.totals.operations)}. Variants used: ${pct(r.totals.variants)}. ` +
      `Error rows answered: ${pct(r.totals.errors)}. OAuth failures answered: ${pct(r.totals.oauthProblems)}.`,
    '',
    '| Operation | Calls | Statuses | Variants used | Never used |',
    '| --- | ---: | --- | --- | --- |',
    ...r.operations.map(
      (o) => `| ${code(`${o.method} ${o.path}`)} | ${o.calls} | ${counts(o.statuses)} | ${counts(o.variantsUsed)} | ${list(o.variantsNeverUsed)} |`,
    ),
    '',
    `Error rows never answered: ${list(r.errors.neverAnswered)}`,
    '',
    `OAuth failures never answered: ${list(r.oauthProblems.neverAnswered)}`,
    '',
    `Answers by format: XML x${r.formats.answers.xml}, JSON x${r.formats.answers.json}. ` +
      `Operations answered in JSON: ${list(
        Object.entries(r.formats.byOperation)
          .filter(([, f]) => f.json > 0)
          .map(([op, f]) => `${op} x${f.json}`),
      )}`,
    '',
    `Not counted (answered before a signature proves the consumer): ${list([...r.errors.notAttributable, ...r.oauthProblems.notAttributable])}; ` +
      `operations no consumer signs: ${list(r.unsignedOperations)}. Calls to undocumented paths: ${r.undocumentedCalls}.`,
    '',
  ];
  return lines.join('\n');
}

/**
 * CTRF (Common Test Report Format) reading: each operation, each of its variants, each error row and each
 * OAuth failure is one "test"; exercised is `passed`, never exercised is `skipped`. Nothing is `failed`:
 * coverage says what a suite touched, not whether the client behaved.
 */
export function coverageCtrf(r: CoverageReport, nowMs: number): object {
  const tests: Array<{ name: string; status: 'passed' | 'skipped'; duration: 0; suite: string }> = [];
  const add = (suite: string, name: string, exercised: boolean) => tests.push({ name, status: exercised ? 'passed' : 'skipped', duration: 0, suite });
  for (const o of r.operations) {
    const op = `${o.method} ${o.path}`;
    add('operations', op, o.calls > 0);
    for (const v of Object.keys(o.variantsUsed)) add('variants', `${op} ${v}`, true);
    for (const v of o.variantsNeverUsed) add('variants', `${op} ${v}`, false);
  }
  for (const [suite, rc] of [
    ['errors', r.errors],
    ['oauth_problems', r.oauthProblems],
  ] as const) {
    for (const name of Object.keys(rc.answered)) if (!rc.notAttributable.includes(name)) add(suite, name, true);
    for (const name of rc.neverAnswered) add(suite, name, false);
  }
  const passed = tests.filter((t) => t.status === 'passed').length;
  return {
    reportFormat: 'CTRF',
    specVersion: '0.0.0',
    results: {
      tool: { name: 'rentalsim-coverage' },
      summary: { tests: tests.length, passed, failed: 0, pending: 0, skipped: tests.length - passed, other: 0, start: nowMs, stop: nowMs },
      tests,
      extra: { consumer: r.consumer, totals: r.totals, formats: r.formats.answers },
    },
  };
}
