import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/config.js';

// The README is part of the product: these keep its tables true as the code changes.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };

describe('README', () => {
  it.each(SETTINGS.map((s) => [s.flag, s.env, s.default ?? 'none'] as const))('the configuration table lists %s (%s), default %s', (flag, env, def) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${flag}\``));
    expect(row, `no row for ${flag}`).toBeDefined();
    expect(row).toContain(`\`${env}\``);
    if (def !== 'none') expect(row).toContain(def);
  });

  it('the Docker section comes early: right after the contents, before the configuration', () => {
    const headings = readme.split('\n').filter((l) => l.startsWith('## '));
    expect(headings.slice(0, 4)).toEqual(['## Quick start', '## Contents', '## Docker', '## Configuration']);
    expect(readme).toContain('\n- [Docker](#docker)');
  });

  it('the quick start commands exist', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    expect(pkg.scripts['start']).toBeDefined();
    expect(pkg.scripts['test']).toBe('vitest run');
  });
});
