import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { expectedRoots } from './openapi-routes.js';
import { jsonSchemaProblems, jsonSchemas } from './xsd-json-schema.js';

/** The repository's schemas folder: one XSD per response root, common.xsd, and rentalsim.xsd (all of them). */
export const SCHEMA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas');
/** The schema that includes every root's schema: any answer validates against it. */
export const ALL_ROOTS_SCHEMA = 'rentalsim.xsd';

export interface SchemaFile {
  fileName: string;
  contents: string;
}

/** Every .xsd in schemas/, read once per process. */
export const schemaFiles: () => readonly SchemaFile[] = (() => {
  let files: SchemaFile[] | undefined;
  return () =>
    (files ??= readdirSync(SCHEMA_DIR)
      .filter((f) => f.endsWith('.xsd'))
      .sort()
      .map((fileName) => ({ fileName, contents: readFileSync(join(SCHEMA_DIR, fileName), 'utf8') })));
})();

/** The root names that have their own schema (schemas/<root>.xsd). */
export function schemaRoots(): string[] {
  return schemaFiles()
    .map((f) => f.fileName.replace(/\.xsd$/, ''))
    .filter((r) => r !== 'common' && r !== 'rentalsim');
}
const rootsWithSchema: () => ReadonlySet<string> = (() => {
  let roots: Set<string> | undefined;
  return () => (roots ??= new Set(schemaRoots()));
})();

/** The name of the root element of an XML document ('' when there is none). */
export function rootOf(xml: string): string {
  const m = /^(?:\s*<\?[^>]*\?>|\s*<!--[\s\S]*?-->)*\s*<([A-Za-z_][\w.:-]*)/.exec(xml);
  return m?.[1] ?? '';
}

export interface ValidationResult {
  valid: boolean;
  /** xmllint's messages about this document, without the file-name prefix. */
  errors: string[];
}

const TAG = 'rentalsim-xmllint';
interface WorkerAnswer {
  id: number;
  exitCode: number;
  stderr: string;
}
interface XmllintRunner {
  worker: Worker;
  pending: Map<number, (a: WorkerAnswer) => void>;
  nextId: number;
}

/**
 * One xmllint worker per process, kept on globalThis so test files sharing a process share it; unref'd,
 * so it never keeps a process alive.
 */
function runner(): XmllintRunner {
  const g = globalThis as { __rentalsimXmllint?: XmllintRunner };
  if (g.__rentalsimXmllint) return g.__rentalsimXmllint;
  const worker = new Worker(join(dirname(fileURLToPath(import.meta.url)), 'xmllint-worker.cjs'));
  const r: XmllintRunner = { worker, pending: new Map(), nextId: 1 };
  worker.on('message', (m: WorkerAnswer & Record<string, unknown>) => {
    if (m?.[TAG] !== true) return;
    r.pending.get(m.id)?.(m);
    r.pending.delete(m.id);
  });
  // A worker that dies answers what it still owes with a failure, and the next check starts a new one.
  const fail = (why: string) => {
    for (const done of r.pending.values()) done({ id: 0, exitCode: -1, stderr: `xmllint worker ${why}` });
    r.pending.clear();
    if (g.__rentalsimXmllint === r) delete g.__rentalsimXmllint;
  };
  worker.on('error', (e) => fail(`failed: ${String(e)}`));
  worker.on('exit', (code) => fail(`exited with code ${code}`));
  worker.unref();
  g.__rentalsimXmllint = r;
  return r;
}

function xmllint(args: string[], inputFiles: SchemaFile[]): Promise<WorkerAnswer> {
  const r = runner();
  const id = r.nextId++;
  return new Promise((resolve) => {
    r.pending.set(id, resolve);
    r.worker.postMessage({ [TAG]: true, id, args, inputFiles });
  });
}

/**
 * Validates documents against a schema in schemas/ (rentalsim.xsd by default) in ONE xmllint run, and
 * says for each whether it is valid and why not. A document that is not well-formed is invalid too.
 */
export async function validateXmlDocuments(docs: readonly string[], schema = ALL_ROOTS_SCHEMA): Promise<ValidationResult[]> {
  if (docs.length === 0) return [];
  const names = docs.map((_, i) => `answer-${i}.xml`);
  const inputFiles = [...schemaFiles(), ...docs.map((contents, i) => ({ fileName: names[i]!, contents }))];
  const { exitCode, stderr } = await xmllint(['--noout', '--nonet', '--schema', schema, ...names], inputFiles);
  const lines = stderr.split('\n').filter((l) => l.trim() !== '');
  if (exitCode !== 0 && !lines.some((l) => names.some((n) => l.startsWith(n)))) {
    throw new Error(`xmllint could not run (exit ${exitCode}): ${stderr.slice(0, 2000)}`);
  }
  return names.map((name) => {
    const mine = lines.filter((l) => l.startsWith(`${name}:`) || l.startsWith(`${name} `));
    const valid = mine.includes(`${name} validates`);
    const errors = mine.filter((l) => l !== `${name} validates` && l !== `${name} fails to validate`).map((l) => l.slice(name.length).replace(/^:\d+:\s*/, ''));
    return { valid, errors: valid ? [] : errors.length > 0 ? errors : ['xmllint rejected the document'] };
  });
}

const knownValid = new Set<string>();
const digest = (body: string) => createHash('sha1').update(body).digest('base64');

/** An answer a test received: how it was asked for and what came back. */
export interface ReceivedAnswer {
  method: string;
  /** The request URL or path; only its path is used. */
  url: string;
  status: number;
  body: string;
  /** The Content-Type header as sent, when known. */
  contentType?: string;
}

/** What every answer of the API starts with, and its exact content type (docs/reference/wire-format.md#the-body). */
export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8" standalone="yes"?>';
export const XML_CONTENT_TYPE = 'application/xml;charset=UTF-8';
// No BOM, nothing before the declaration; --pretty puts a line break between it and the root.
const startsWithDeclaration = (body: string) => body.startsWith(XML_DECLARATION) && /^\s*</.test(body.slice(XML_DECLARATION.length));

/**
 * What is wrong with these answers with respect to the published contract, one line per fault: an answer
 * whose root has a schema in schemas/ must validate against it, start with the XML declaration and carry
 * the exact content type; every root must be one that openapi.yaml declares for that route, method and
 * status. All answers go through ONE xmllint run.
 */
export async function contractProblems(all: readonly ReceivedAnswer[]): Promise<string[]> {
  const answers = all.filter((a) => !isJsonAnswer(a));
  const problems: string[] = all.filter(isJsonAnswer).flatMap(jsonContractProblems);
  const withSchema = rootsWithSchema();
  // Many tests fetch the same answers; one already found valid in this process needs no second run.
  const checked = answers.filter((a) => withSchema.has(rootOf(a.body)) && !knownValid.has(digest(a.body)));
  const results = new Map(checked.map((a, i) => [a, i]));
  const validated = await validateXmlDocuments(checked.map((a) => a.body));
  for (const a of answers) {
    const root = rootOf(a.body);
    const path = pathOf(a.url);
    const where = `${a.method} ${path} -> ${a.status} <${root}>`;
    const i = results.get(a);
    const r = i === undefined ? undefined : validated[i];
    if (withSchema.has(root) && !startsWithDeclaration(a.body))
      problems.push(`${where} does not start with ${XML_DECLARATION} and then the root (docs/reference/wire-format.md#the-body)`);
    if (withSchema.has(root) && a.contentType !== undefined && a.contentType !== XML_CONTENT_TYPE) {
      problems.push(`${where} has Content-Type ${JSON.stringify(a.contentType)}, not ${XML_CONTENT_TYPE} (docs/reference/wire-format.md#the-body)`);
    }
    if (r?.valid) knownValid.add(digest(a.body));
    if (r && !r.valid)
      problems.push(`${where} does not validate against schemas/${root}.xsd:\n    ${r.errors.slice(0, 5).join('\n    ')}\n    ${a.body.slice(0, 400)}`);
    const roots = expectedRoots(a.method, path, a.status);
    if (!roots.includes(root)) {
      problems.push(`${where}: openapi.yaml declares ${roots.length > 0 ? roots.map((x) => `<${x}>`).join(' or ') : 'no XML answer'} here`);
    }
  }
  return problems;
}

/** The path of a URL as sent (still percent-encoded), without the query. */
export function pathOf(url: string): string {
  try {
    return new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return url.split('?')[0] ?? url;
  }
}

/** The content type of every JSON answer of the API (docs/reference/json.md). */
export const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';

const isJsonAnswer = (a: ReceivedAnswer) => a.contentType !== undefined && /^application\/json\b/i.test(a.contentType);

/**
 * What is wrong with a JSON answer: its content type must be exact, its body one object whose single key
 * is a root openapi.yaml declares for the route, method and status, and it must validate against that
 * root's JSON schema, derived from schemas/*.xsd (test/support/xsd-json-schema.ts).
 */
function jsonContractProblems(a: ReceivedAnswer): string[] {
  const path = pathOf(a.url);
  let value: unknown;
  try {
    value = JSON.parse(a.body);
  } catch {
    return [`${a.method} ${path} -> ${a.status} is not JSON: ${a.body.slice(0, 200)}`];
  }
  const keys = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
  const root = keys.length === 1 ? keys[0]! : '';
  const where = `${a.method} ${path} -> ${a.status} JSON {${root}}`;
  const problems: string[] = [];
  if (a.contentType !== JSON_CONTENT_TYPE) problems.push(`${where} has Content-Type ${JSON.stringify(a.contentType)}, not ${JSON_CONTENT_TYPE}`);
  if (!root) return [...problems, `${where}: not one object with one key, the root: ${a.body.slice(0, 200)}`];
  const schema = jsonSchemas()[`json.${root}`];
  if (!schema) problems.push(`${where}: no JSON schema for the root ${root}`);
  else {
    const faults = jsonSchemaProblems(value, schema);
    if (faults.length > 0)
      problems.push(`${where} does not validate against json.${root}:\n    ${faults.slice(0, 5).join('\n    ')}\n    ${a.body.slice(0, 400)}`);
  }
  const roots = expectedRoots(a.method, path, a.status);
  if (!roots.includes(root)) problems.push(`${where}: openapi.yaml declares ${roots.length > 0 ? roots.join(' or ') : 'no answer'} here`);
  return problems;
}
