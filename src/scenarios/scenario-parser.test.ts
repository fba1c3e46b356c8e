import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario-parser.js';
import { ScenarioError } from './scenario-error.js';

const minimal = 'name: tiny\ndescription: test\n';

describe('scenario files', () => {
  it('fills every default of a minimal file', () => {
    const s = parseScenario(minimal, 'tiny.yaml');
    expect(s.catalog).toEqual({ seed: 1, titles: 2000, people: 1500, curated: true });
    expect(s.settings.queue_cap).toBe(500);
    expect(s.users).toEqual([]);
  });

  it('reads JSON as well as YAML', () => {
    expect(parseScenario('{"name":"j","description":"json"}', 'j.json').name).toBe('j');
  });

  it.each([
    ['text that is not YAML', 'name: [unclosed', '(top level)', /not valid YAML or JSON/],
    ['a missing description', 'name: x\n', 'description', /expected string/],
    ['an upper-case scenario name', 'name: Big\ndescription: d\n', 'name', /lower-case/],
    ['an unknown top-level key', `${minimal}colour: blue\n`, '(top level)', /colour/],
    [
      'a rating above 5',
      `${minimal}users:\n  - {guid: 9D48675C-096F-11DC-BF5A-88D01745CE5C, login: a, password: p, first_name: A, last_name: B, ratings: [{title: 1, rating: 7}]}\n`,
      'users[0].ratings[0].rating',
      /5/,
    ],
    [
      'a lower-case GUID',
      `${minimal}users:\n  - {guid: 9d48675c-096f-11dc-bf5a-88d01745ce5c, login: a, password: p, first_name: A, last_name: B}\n`,
      'users[0].guid',
      /upper-case hex GUID/,
    ],
    [
      'a priority out of range',
      `${minimal}users:\n  - {guid: 9D48675C-096F-11DC-BF5A-88D01745CE5C, login: a, password: p, first_name: A, last_name: B, queues: [{name: q, items: [{title: 1, priority: 4}]}]}\n`,
      'users[0].queues[0].items[0].priority',
      /3/,
    ],
  ])('rejects %s, naming the file and the path inside it', (_name, text, path, problem) => {
    try {
      parseScenario(text, 'bad.yaml');
      expect.unreachable('parseScenario accepted a bad file');
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioError);
      const err = e as ScenarioError;
      expect(err.file).toBe('bad.yaml');
      expect(err.message).toContain(`bad.yaml: ${path}`);
      expect(err.problem).toMatch(problem);
    }
  });
});
