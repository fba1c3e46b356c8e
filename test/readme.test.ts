import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/config.js';

// The README is part of the product: these keep its tables true as the code changes.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const adminApi = readFileSync(new URL('../docs/reference/admin-api.md', import.meta.url), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string>; bin: Record<string, string> };

describe('README', () => {
  it.each(SETTINGS.map((s) => [s.flag, s.env, s.default ?? 'none'] as const))('the configuration table lists %s (%s), default %s', (flag, env, def) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${flag}\``));
    expect(row, `no row for ${flag}`).toBeDefined();
    expect(row).toContain(`\`${env}\``);
    if (def !== 'none') expect(row).toContain(def);
  });

  it("reads as a user's guide: quick start, the first request, Docker and the library, then the reference", () => {
    const headings = readme.split('\n').filter((l) => l.startsWith('## '));
    expect(headings.slice(0, 8)).toEqual([
      '## Quick start',
      '## Contents',
      '## Your first request',
      '## Sign from the shell',
      '## Docker',
      '## Using rentalsim as a library',
      '## Use it in CI',
      '## Reference',
    ]);
    expect(readme).toContain('\n- [Docker](#docker)');
    expect(readme).toContain('](docs/reference/admin-api.md)');
  });

  it('the admin API is described in docs/reference/admin-api.md, not here', () => {
    for (const section of ['Admin routes', 'Test controls (admin API)', 'Sandboxes', 'Clock', 'Faults', 'Overrides', 'Journal', 'Coverage', 'Tokens']) {
      expect(readme, section).not.toMatch(new RegExp(`^#+ ${section.replace(/[()]/g, '\\$&')}$`, 'm'));
      expect(adminApi, section).toMatch(new RegExp(`^#+ ${section.replace(/[()]/g, '\\$&')}$`, 'm'));
    }
  });

  it('the quick start commands exist, and say how long the tests take', () => {
    expect(readme).toContain('npm install');
    expect(readme).toContain('npm start');
    expect(readme).toMatch(/`npm test` runs the whole suite: about \d+ to \d+ minutes on 2 cores/);
    expect(pkg.scripts['start']).toBeDefined();
    expect(pkg.scripts['test']).toBe('vitest run');
  });

  it('says how to run rentalsim in a checkout and how to install it, since the package is not on the registry', () => {
    expect(readme).toContain('alias rentalsim="node $PWD/dist/src/main.js"');
    expect(readme).toContain('npm pack');
    expect(readme).not.toContain('npm install --save-dev rentalsim\n');
    expect(pkg.bin).toEqual({ rentalsim: 'dist/src/main.js' });
  });
});
