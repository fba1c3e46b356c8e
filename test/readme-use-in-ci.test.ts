import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { TestProject } from 'vitest/node';
import setup from '../docs/examples/vitest-global-setup.js';
import { yamlValue } from '../src/scenarios/yaml-value.js';

// The example imports the package by its name, as a user's project does; here that name is this source tree.
vi.mock('rentalsim', () => import('../src/index.js'));

// README "Use it in CI" quotes docs/examples/vitest-global-setup.ts; these run that file and check the rest.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('../docs/examples/vitest-global-setup.ts', import.meta.url), 'utf8');
const section = /\n## Use it in CI\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
const testcontainers = readFileSync(new URL('./container/testcontainers.test.ts', import.meta.url), 'utf8');

describe('README: Use it in CI', () => {
  it('quotes docs/examples/vitest-global-setup.ts as it is', () => {
    expect(section).toContain('```ts\n' + example + '```');
  });

  it('quotes test/container/testcontainers.test.ts, which test/container/run.sh runs against the built image, as it is', () => {
    expect(section).toContain('### Testcontainers\n');
    expect(section).toContain('```ts\n' + testcontainers + '```');
  });

  it("the example's global setup starts a simulator, provides its URL to the tests, and its teardown stops it", async () => {
    const provided = new Map<string, unknown>();
    const project = { provide: (key: string, value: unknown) => void provided.set(key, value) } as unknown as TestProject;
    const teardown = await setup(project);
    const url = provided.get('rentalsimUrl') as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${url}/__admin/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'healthy', scenario: 'default' });
    await teardown();
    await expect(fetch(`${url}/__admin/health`)).rejects.toThrow();
  });

  it('its GitHub Actions jobs are YAML with steps, one with the service container on port 8080', () => {
    const blocks = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map(
      (m) => yamlValue(m[1]!) as { jobs: Record<string, { steps: unknown[]; services?: Record<string, { ports: string[] }> }> },
    );
    expect(blocks).toHaveLength(2);
    for (const block of blocks) expect(Object.values(block.jobs)[0]!.steps.length).toBeGreaterThan(0);
    expect(blocks.map((b) => Object.values(b.jobs)[0]!.services?.['rentalsim']?.ports)).toContainEqual(['8080:8080']);
  });
});
