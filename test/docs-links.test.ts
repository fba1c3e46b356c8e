import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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
