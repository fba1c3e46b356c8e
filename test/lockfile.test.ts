import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// `npm ci` refuses a lock file that lacks an entry for any optional dependency, even one for another
// platform. The registry these machines reach serves only some of Biome's platform packages, so `npm install`
// leaves the others out of the lock and the next clean install fails before any test runs. The entries for
// the other platforms are written by hand (os/cpu set, so npm skips them without fetching): keep them.
interface LockEntry {
  optionalDependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as { packages: Record<string, LockEntry> };

const optional = Object.entries(lock.packages).flatMap(([at, entry]) =>
  Object.keys(entry.optionalDependencies ?? {}).map((name) => [at === '' ? '(root)' : at, name] as const),
);

describe('package-lock.json', () => {
  it('has optional dependencies to check', () => {
    expect(optional.length).toBeGreaterThan(0);
  });

  it.each(optional)('%s: its optional dependency %s has an entry, so npm ci accepts the lock', (at, name) => {
    const nested = at === '(root)' ? `node_modules/${name}` : `${at}/node_modules/${name}`;
    expect(lock.packages[nested] ?? lock.packages[`node_modules/${name}`]).toBeDefined();
  });
});
