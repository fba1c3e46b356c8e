// vitest.global-setup.ts: one simulator for the whole run (vitest.config.ts: test.globalSetup)
import type { TestProject } from 'vitest/node';
import { startSimulator } from 'rentalsim';

export default async function setup(project: TestProject) {
  const sim = await startSimulator({ port: 0, scenario: 'default' });
  project.provide('rentalsimUrl', sim.url); // in a test: inject('rentalsimUrl')
  return () => sim.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    rentalsimUrl: string;
  }
}
