import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md cannot drift from the code it describes (issue 15 part 5): its sample handler is a
 * quote of a real route file, and its request diagram names the app's middleware and routers in the order
 * src/app.ts mounts them.
 */
const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const doc = read('docs/architecture.md');
const section = /\n## One request, end to end\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? '';
const [diagram = '', sample = ''] = [...section.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** What createApp mounts, in order: each name src/http or src/admin exports that its code uses (underPrefix is plumbing). */
function mounted(app: string): string[] {
  const ours = new Set(
    [...app.matchAll(/^import \{([^}]*)\} from '\.\/(?:http|admin)\//gm)].flatMap((m) =>
      m[1]!
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type ')),
    ),
  );
  const body = app.slice(app.indexOf('export function createApp')).replace(/\/\/.*$/gm, '');
  const calls = [...body.matchAll(/\b([A-Za-z]+)\b/g)].map((m) => m[1]!).filter((n) => ours.has(n) && n !== 'underPrefix');
  return [...new Set(calls)];
}

describe('docs/architecture.md', () => {
  it('quotes its sample handler from src/http/routes/ratings-routes.ts as it is there', () => {
    expect(sample).toContain('resource(');
    expect(read('src/http/routes/ratings-routes.ts')).toContain(sample);
  });

  it("names every middleware and router of src/app.ts, in the app's mount order", () => {
    const names = mounted(read('src/app.ts'));
    expect(names).toEqual(
      expect.arrayContaining([
        'absoluteFormMiddleware',
        'adminRoutes',
        'journalMiddleware',
        'contextMiddleware',
        'faultsMiddleware',
        'schemaRoutes',
        'errorHandler',
      ]),
    );
    const missing = names.filter((n) => !new RegExp(`\\b${n}\\b`).test(diagram));
    expect(missing).toEqual([]);
    const positions = names.map((n) => diagram.search(new RegExp(`\\b${n}\\b`)));
    expect(names.filter((_, i) => i > 0 && positions[i]! < positions[i - 1]!)).toEqual([]);
  });

  it('links nothing outside this repository', () => {
    expect(doc).not.toMatch(/\.\.\/shared|\/work\//);
  });
});
