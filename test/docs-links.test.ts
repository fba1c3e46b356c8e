import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ link to each other by section (issue 15 part 5): when a section moves to another
 * page, its anchors move with it. Every relative link of every Markdown page here must name a file of this
 * repository (the repository stands alone: nothing outside it) and, with a #fragment, a heading of that
 * file. Links inside fenced code blocks are code, not links.
 */
const ROOT = resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(path);
    return e.name.endsWith('.md') ? [path] : [];
  });
}

const PAGES = [join(ROOT, 'README.md'), join(ROOT, 'deploy', 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

function withoutCode(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchor for a heading: lower case, punctuation but - and _ dropped, spaces to dashes, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of withoutCode(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = heading!
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

function links(text: string): string[] {
  return [...withoutCode(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
}

describe('links between the README and docs/', () => {
  it.each(PAGES.map((p) => [relative(ROOT, p), p] as const))('every relative link of %s names a file of this repository and a heading in it', (_name, page) => {
    const text = readFileSync(page, 'utf8');
    const broken: string[] = [];
    for (const link of links(text)) {
      const [path, fragment] = link.split('#') as [string, string | undefined];
      const target = path === '' ? page : resolve(dirname(page), decodeURIComponent(path));
      if (relative(ROOT, target).startsWith('..')) broken.push(`${link}: outside the repository`);
      else if (!existsSync(target)) broken.push(`${link}: no such file`);
      else if (fragment !== undefined && !(statSync(target).isFile() && anchors(readFileSync(target, 'utf8')).has(fragment)))
        broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it('the anchor rule reads headings as GitHub does', () => {
    expect([
      ...anchors("## The subscriber's resources\n### Reading an `Invalid Signature` answer\n## Test controls (admin API)\n## Faults\n## Faults\n"),
    ]).toEqual(['the-subscribers-resources', 'reading-an-invalid-signature-answer', 'test-controls-admin-api', 'faults', 'faults-1']);
  });
});

const THIS_FILE = relative(ROOT, import.meta.filename);
const SOURCE = /\.(ts|js|mjs|cjs|py|pl|rb|go|java|php|sh|xsd|yaml|yml)$/;

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('.') ? [] : filesUnder(path, keep);
    return keep(e.name) ? [path] : [];
  });
}

/** The code and the published contract: what a newcomer reads beside the docs. */
const CODE = ['src', 'test', 'bench', 'scripts', 'schemas']
  .flatMap((d) => filesUnder(join(ROOT, d), (n) => SOURCE.test(n)))
  .concat(join(ROOT, 'openapi.yaml'))
  .map((p) => relative(ROOT, p))
  .filter((f) => f !== THIS_FILE);
const DOCS = PAGES.map((p) => relative(ROOT, p));

/**
 * Names of documents that are not in this repository: the service's interface description ("spec 4.3 rule 2")
 * and the guide to what the real service did ("fidelity 6"), and the folder beside the checkout they sat in.
 */
const OUTSIDE_DOCUMENTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['a section of the outside interface description or fidelity guide', /\b(?:spec|fidelity)(?: guide)? ?§? ?\d/gi],
  ['the outside fidelity guide', /\bfidelity (?:guide|\.md)|\bfidelity\.md\b/gi],
  ['the outside interface description', /\bservice-interface\.md\b|\bthe spec\b/gi],
  ['a folder outside the repository', /\.\.\/shared\b|\/work\/shared\b|shared\/spec\b/gi],
];

function outsideNames(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => OUTSIDE_DOCUMENTS.flatMap(([what, re]) => [...line.matchAll(re)].map((m) => `line ${i + 1}: "${m[0]}" (${what})`)));
}

/** Comment text of a source file: `//` and `#` line comments, and the lines of block comments. */
function commentLines(text: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  let inBlock = false;
  text.split('\n').forEach((line, i) => {
    const t = line.trim();
    const opens = t.startsWith('/*') || t.startsWith('<!--');
    if (inBlock || opens) out.push([i + 1, t]);
    else if (t.startsWith('//') || t.startsWith('#')) out.push([i + 1, t]);
    else {
      const at = line.indexOf(' // ');
      if (at >= 0) out.push([i + 1, line.slice(at)]);
    }
    if (opens) inBlock = true;
    if (t.endsWith('*/') || t.endsWith('-->')) inBlock = false;
  });
  return out;
}

/** A duration measured on some machine: `12 ms`, `~0.8 µs`, `40ns`. Not `200ms` quoted (a value a client sends). */
const TIMING = /(?<![\w`'".+-])~?\d[\d,.]*\s?(?:ms|µs|us|ns)\b(?![`'"])/g;

describe('the repository stands alone (issue 25 part 3)', () => {
  it('no comment, test name or document names a document outside the repository', () => {
    const found = [...CODE, ...DOCS].flatMap((f) => outsideNames(readFileSync(join(ROOT, f), 'utf8')).map((hit) => `${f} ${hit}`));
    expect(found).toEqual([]);
  });

  it('every docs/ page a comment cites exists, and so does the heading it names', () => {
    const broken: string[] = [];
    for (const f of CODE) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      for (const m of text.matchAll(/\bdocs\/[\w./-]*[\w-](?:#[\w-]+)?/g)) {
        const [path, fragment] = m[0].split('#') as [string, string | undefined];
        const target = join(ROOT, path);
        // `docs/decisions/0008` names a decision by number; `x.js` in an import is `x.ts` here.
        const exists =
          existsSync(target) ||
          existsSync(target.replace(/\.js$/, '.ts')) ||
          (existsSync(dirname(target)) && readdirSync(dirname(target)).some((n) => n.startsWith(`${basename(target)}-`)));
        if (!exists) broken.push(`${f}: ${m[0]}: no such file`);
        else if (fragment !== undefined && !(statSync(target).isFile() && anchors(readFileSync(target, 'utf8')).has(fragment)))
          broken.push(`${f}: ${m[0]}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  // bench/ is where timings are measured: its comments name clock resolutions and units, which do not drift.
  it('no comment quotes a timing: numbers belong in bench/results and the decision records', () => {
    const found = CODE.filter((f) => !f.endsWith('.yaml') && !f.startsWith('bench/')).flatMap((f) =>
      commentLines(readFileSync(join(ROOT, f), 'utf8')).flatMap(([n, c]) => [...c.matchAll(TIMING)].map((m) => `${f}:${n}: "${m[0]}" in ${c}`)),
    );
    expect(found).toEqual([]);
  });

  it('the checks find what they are for', () => {
    const spec = ['spec', '4.3 rule 2'].join(' ');
    const guide = ['Fidelity', '6'].join(' ');
    expect(outsideNames(`// (${spec}); ${guide}: see ../${'shared'}/x`)).toHaveLength(3);
    expect(outsideNames('// special 4 times; the fidelity of the wire; spec: FaultSpec')).toEqual([]);
    const timed = commentLines('const a = 1; // took 12 ms\n/**\n * ~0.8 µs a lookup, `200ms` as sent\n */\nconst b = "5 ms";');
    expect(timed.flatMap(([, c]) => [...c.matchAll(TIMING)].map((m) => m[0]))).toEqual(['12 ms', '~0.8 µs']);
  });
});
