import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { simulatorServerOf } from '../src/index.js';
import { signed } from './support/signing.js';
import { freezeClock, testWorld } from './support/world.js';

// Scenario files in a --scenario-dir, read again by reload and switch (README: Scenarios). Every scenario
// here uses the default scenario's catalogue, which the world has built already: nothing is generated.
const CATALOG = 'catalog: { seed: 42, titles: 2000, people: 1500, curated: true }';
const GUID = '0A0A0A0A-0000-4000-8000-00000000000A';

function scenarioText(name: string, opts: { key?: string; login?: string; description?: string; extra?: string } = {}): string {
  return [
    `name: ${name}`,
    `description: ${opts.description ?? 'a scenario written by a test'}`,
    CATALOG,
    `consumers: [{ key: ${opts.key ?? `${name}-key`}, secret: ${name}-secret }]`,
    `users: [{ guid: ${GUID}, login: ${opts.login ?? 'lou'}, password: pw, first_name: Lou, last_name: Lee }]`,
    opts.extra ?? '',
  ].join('\n');
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rentalsim-scenarios-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A world reading `dir`, with its admin errors written to `lines` instead of stderr. */
function world(overrides: Parameters<typeof testWorld>[1] = {}) {
  const t = testWorld('default', { scenarioDir: dir, ...overrides });
  const lines: string[] = [];
  const app = simulatorServerOf({ world: t.world, config: t.config, adminLog: (line) => lines.push(line) });
  return { ...t, app, lines };
}

/** A file written again with a later modification time. */
function rewrite(file: string, text: string): void {
  writeFileSync(file, text);
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
}

const listing = async (app: Parameters<typeof request>[0]) => (await request(app).get('/__admin/scenarios')).body;
interface Listed {
  name: string;
  consumers: string[];
}
const entry = (body: { scenarios: Listed[] }, name: string) => body.scenarios.find((s) => s.name === name);

describe('scenario files are read again: a file added or edited while running can be used', () => {
  it('reload finds a new file, a switch uses it, and an edit shows after the next reload and switch', async () => {
    const { app } = world();
    writeFileSync(join(dir, 'mine.yaml'), scenarioText('mine', { key: 'first-key' }));
    const reload = await request(app).post('/__admin/scenarios/reload');
    expect(reload.status, reload.text).toBe(200);
    expect(reload.body).toMatchObject({ added: ['mine'], changed: [], removed: [], invalid: [], active: 'default' });

    expect((await request(app).post('/__admin/scenarios/mine')).body).toEqual({ active: 'mine' });
    expect((await signed(app, 'GET', '/catalog/title?term=a', { consumer: { key: 'first-key', secret: 'mine-secret' } })).status).toBe(200);

    // Same size, written within the same moment: told apart by its text, not by its time.
    writeFileSync(join(dir, 'mine.yaml'), scenarioText('mine', { key: 'secnd-key', login: 'ann' }));
    const again = await request(app).post('/__admin/scenarios/reload');
    expect(again.body).toMatchObject({ added: [], changed: ['mine'], removed: [], active: 'mine' });
    // The active scenario is not swapped under running tests: the old version serves until a switch.
    expect(again.body.activeChange).toContain('POST /__admin/scenarios/mine');
    expect((await signed(app, 'GET', '/catalog/title?term=a', { consumer: { key: 'first-key', secret: 'mine-secret' } })).status).toBe(200);

    expect((await request(app).post('/__admin/scenarios/mine')).status).toBe(200);
    expect((await signed(app, 'GET', '/catalog/title?term=a', { consumer: { key: 'secnd-key', secret: 'mine-secret' } })).status).toBe(200);
    expect((await signed(app, 'GET', '/catalog/title?term=a', { consumer: { key: 'first-key', secret: 'mine-secret' } })).status).toBe(401);
    const after = await listing(app);
    expect(after.activeChange).toBeUndefined();
    expect(entry(after, 'mine')).toMatchObject({ consumers: ['secnd-key'], users: ['ann'], active: true, source: 'folder' });
  });

  it('a switch reads the folder itself: a file written a moment ago is switched to without a reload', async () => {
    const { app } = world();
    writeFileSync(join(dir, 'fresh.yml'), scenarioText('fresh'));
    const res = await request(app).post('/__admin/scenarios/fresh');
    expect(res.status, res.text).toBe(200);
    expect((await listing(app)).active).toBe('fresh');
  });

  it('a file deleted is reported removed and can no longer be switched to', async () => {
    writeFileSync(join(dir, 'gone.yaml'), scenarioText('gone'));
    const { app } = world();
    expect(entry(await listing(app), 'gone')).toBeDefined();
    rmSync(join(dir, 'gone.yaml'));
    expect((await request(app).post('/__admin/scenarios/reload')).body).toMatchObject({ removed: ['gone'] });
    const res = await request(app).post('/__admin/scenarios/gone');
    expect(res.status).toBe(404);
    expect(res.body.error.details).toContain('no scenario named "gone"');
  });

  it('a touched file whose text is unchanged is not reported changed', async () => {
    writeFileSync(join(dir, 'same.yaml'), scenarioText('same'));
    const { app } = world();
    rewrite(join(dir, 'same.yaml'), scenarioText('same'));
    expect((await request(app).post('/__admin/scenarios/reload')).body).toMatchObject({ added: [], changed: [], removed: [] });
  });

  it('a folder that can no longer be read is a 409 with the cause, and the scenarios stay as they were', async () => {
    writeFileSync(join(dir, 'kept.yaml'), scenarioText('kept'));
    const { app, lines } = world();
    rmSync(dir, { recursive: true });
    const res = await request(app).post('/__admin/scenarios/reload');
    expect(res.status).toBe(409);
    expect(res.body.error.cause).toContain('ENOENT');
    expect(lines).toHaveLength(1);
    expect(entry(await listing(app), 'kept')).toBeDefined();
  });
});

describe('a file that cannot be used is listed with its path and why, and refused if switched to', () => {
  const badRating = scenarioText('rated', {
    extra: `stock: []\n`,
  }).replace('last_name: Lee }', 'last_name: Lee, ratings: [{ title: 1, rating: 7 }] }');

  it('a schema error: listed invalid naming the path inside the file; a switch is a 409 with the reason as its cause', async () => {
    writeFileSync(join(dir, 'rated.yaml'), badRating);
    const { app, lines } = world();
    const body = await listing(app);
    expect(entry(body, 'rated')).toBeUndefined();
    expect(body.invalid).toEqual([
      { name: 'rated', file: join(dir, 'rated.yaml'), source: 'folder', problem: expect.stringMatching(/^users\[0\]\.ratings\[0\]\.rating: .*5/) },
    ]);

    const res = await request(app).post('/__admin/scenarios/rated');
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error.details).toContain(`scenario "rated" cannot be used: ${join(dir, 'rated.yaml')}: users[0].ratings[0].rating`);
    expect(res.body.error.cause).toContain('users[0].ratings[0].rating');
    expect(lines).toEqual([
      expect.stringMatching(/^rentalsim: admin POST \/__admin\/scenarios\/rated: 409 Conflict: .*rated\.yaml: users\[0\]\.ratings\[0\]\.rating/),
    ]);
    expect((await listing(app)).active).toBe('default');
  });

  it('once fixed on disk, the same switch succeeds', async () => {
    writeFileSync(join(dir, 'rated.yaml'), badRating);
    const { app } = world();
    expect((await request(app).post('/__admin/scenarios/rated')).status).toBe(409);
    writeFileSync(join(dir, 'rated.yaml'), badRating.replace('rating: 7', 'rating: 4'));
    expect((await request(app).post('/__admin/scenarios/rated')).status).toBe(200);
  });

  it('text that is not YAML is listed under its file name', async () => {
    writeFileSync(join(dir, 'broken.yaml'), 'name: [unclosed\n');
    const { app } = world();
    expect((await listing(app)).invalid).toEqual([
      { name: 'broken', file: join(dir, 'broken.yaml'), source: 'folder', problem: expect.stringContaining('(top level): not valid YAML or JSON') },
    ]);
  });

  it('a title its catalogue lacks is found once the catalogue is built, and named', async () => {
    const { app, world: w } = world();
    freezeClock(w); // the catalogue checked against is the one of the day the world was made
    writeFileSync(join(dir, 'ghost.yaml'), scenarioText('ghost', { extra: 'stock: [{ title: 99999999 }]' }));
    const reload = await request(app).post('/__admin/scenarios/reload');
    expect(reload.body.invalid).toEqual([
      { name: 'ghost', file: join(dir, 'ghost.yaml'), source: 'folder', problem: "stock[0].title: title 99999999 is not in this scenario's catalogue" },
    ]);
    const res = await request(app).post('/__admin/scenarios/ghost');
    expect(res.status).toBe(409);
    expect(res.body.error.cause).toContain('stock[0].title');
  });

  it('a title not checked at reload (its catalogue was not built: building one takes up to a minute) is checked by the switch that builds it', async () => {
    const { app, world: w } = world();
    // As if the default scenario's catalogue were not on disk yet: the check must wait for the load.
    vi.spyOn(w['catalogs'], 'ifBuilt').mockReturnValue(undefined);
    writeFileSync(join(dir, 'ghost.yaml'), scenarioText('ghost', { extra: 'stock: [{ title: 99999999 }]' }));
    await request(app).post('/__admin/scenarios/reload');
    const before = await listing(app);
    expect(entry(before, 'ghost')).toMatchObject({ titlesChecked: false });
    const res = await request(app).post('/__admin/scenarios/ghost');
    expect(res.status).toBe(409);
    expect(res.body.error.details).toContain("stock[0].title: title 99999999 is not in this scenario's catalogue");
    const after = await listing(app);
    expect(entry(after, 'ghost')).toBeUndefined();
    expect(after.invalid.map((i: { name: string }) => i.name)).toEqual(['ghost']);
    expect(after.active).toBe('default');
  });

  it('a name two files give is usable in neither, each saying where the other is', async () => {
    writeFileSync(join(dir, 'one.yaml'), scenarioText('twin'));
    writeFileSync(join(dir, 'two.yaml'), scenarioText('twin'));
    const { app } = world();
    const body = await listing(app);
    expect(entry(body, 'twin')).toBeUndefined();
    expect(body.invalid.map((i: { file: string; problem: string }) => [i.file, i.problem])).toEqual([
      [join(dir, 'one.yaml'), `name: scenario "twin" is also defined in ${join(dir, 'two.yaml')}; give one of them another name`],
      [join(dir, 'two.yaml'), `name: scenario "twin" is also defined in ${join(dir, 'one.yaml')}; give one of them another name`],
    ]);
    expect((await request(app).post('/__admin/scenarios/twin')).status).toBe(409);
  });

  it('the name reload is refused: POST /__admin/scenarios/reload could not switch to it', async () => {
    writeFileSync(join(dir, 'reload.yaml'), scenarioText('reload'));
    const { app } = world();
    expect((await listing(app)).invalid[0].problem).toMatch(/^name: reload is reserved/);
  });
});

describe('GET /__admin/scenarios', () => {
  it("lists each scenario's consumer keys and user logins, where it comes from, and which is active", async () => {
    const { app } = world();
    const body = await listing(app);
    expect(body.active).toBe('default');
    expect(body.openMode).toBeNull();
    expect(entry(body, 'default')).toMatchObject({
      source: 'built-in',
      file: expect.stringMatching(/scenarios\/default\.yaml$/),
      active: true,
      consumers: ['test-consumer-key', 'other-consumer-key', 'legacy-consumer-key'],
      users: ['alice', 'bob', 'carol'],
      titlesChecked: true,
    });
    expect(entry(body, 'empty-catalogue')).toMatchObject({ active: false, consumers: ['test-consumer-key'], users: ['alice'] });
  });

  it('says the open-mode prefix when open mode is on', async () => {
    const { app } = world({ openPrefix: 'ci-', openSecret: 's3cret' });
    expect((await listing(app)).openMode).toBe('ci-');
  });

  it('is where the unknown-consumer error sends the client, and it lists the key that works', async () => {
    const { app } = world();
    const res = await signed(app, 'GET', '/catalog/title?term=a', { consumer: { key: 'nobody', secret: 'x' } });
    expect(res.status).toBe(401);
    expect(res.text).toContain('GET /__admin/scenarios lists under the active scenario');
    expect(entry(await listing(app), 'default')?.consumers).toContain('test-consumer-key');
  });
});

describe('uploaded scenarios: PUT replaces, DELETE forgets', () => {
  const yaml = (name: string, description = 'uploaded by a test') => scenarioText(name, { description });
  const put = (app: Parameters<typeof request>[0], name: string, body: string) =>
    request(app).put(`/__admin/scenarios/${name}`).type('application/yaml').send(body);

  it('PUT adds (201) then replaces (200) an uploaded scenario; the listing shows the new text', async () => {
    const { app } = world();
    expect((await put(app, 'up', yaml('up'))).status).toBe(201);
    const replaced = await put(app, 'up', yaml('up', 'the second version'));
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toEqual({ replaced: 'up', active: 'default' });
    expect(entry(await listing(app), 'up')).toMatchObject({ description: 'the second version', source: 'uploaded', file: 'uploaded:up' });
  });

  it('POST refuses a name taken (409) and points at PUT', async () => {
    const { app } = world();
    await request(app).post('/__admin/scenarios').type('application/yaml').send(yaml('up'));
    const again = await request(app).post('/__admin/scenarios').type('application/yaml').send(yaml('up'));
    expect(again.status).toBe(409);
    expect(again.body.error.details).toContain('PUT /__admin/scenarios/up');
  });

  it('replacing the active one takes effect at the next switch to it; ?use=true switches at once', async () => {
    const { app } = world();
    await request(app).post('/__admin/scenarios?use=true').type('application/yaml').send(yaml('up'));
    const replaced = await put(app, 'up', yaml('up', 'second'));
    expect(replaced.body.activeChange).toContain('POST /__admin/scenarios/up');
    const used = await request(app).put('/__admin/scenarios/up?use=true').type('application/yaml').send(yaml('up', 'third'));
    expect(used.body).toEqual({ replaced: 'up', active: 'up' });
    expect((await listing(app)).activeChange).toBeUndefined();
  });

  it.each([
    ['a built-in scenario', 'default', (n: string) => yaml(n), 409, 'is built in'],
    ['a folder scenario', 'infolder', (n: string) => yaml(n), 409, 'edit that file and POST /__admin/scenarios/reload'],
    ['a body giving another name', 'up', () => yaml('other'), 400, 'the file\'s name: is "other", not "up"'],
    ['a body that is no scenario', 'up', () => 'name: up\n', 400, 'description'],
  ])('PUT over %s is refused', async (_what, name, body, status, says) => {
    writeFileSync(join(dir, 'infolder.yaml'), scenarioText('infolder'));
    const { app } = world();
    const res = await put(app, name, body(name));
    expect(res.status, res.text).toBe(status);
    expect(res.body.error.details).toContain(says);
  });

  it('DELETE forgets an uploaded scenario', async () => {
    const { app } = world();
    await put(app, 'up', yaml('up'));
    expect((await request(app).delete('/__admin/scenarios/up')).body).toEqual({ deleted: 'up', active: 'default' });
    expect(entry(await listing(app), 'up')).toBeUndefined();
    expect((await request(app).post('/__admin/scenarios/up')).status).toBe(404);
  });

  it.each([
    ['the active scenario', 'up', true, 409, 'is the active one'],
    ['a built-in scenario', 'empty-catalogue', false, 409, 'is built in'],
    ['a folder scenario', 'infolder', false, 409, 'delete or rename the file'],
    ['an unknown name', 'nope', false, 404, 'no uploaded scenario named "nope"'],
  ])('DELETE of %s is refused', async (_what, name, activate, status, says) => {
    writeFileSync(join(dir, 'infolder.yaml'), scenarioText('infolder'));
    const { app } = world();
    await request(app).post(`/__admin/scenarios?use=${activate}`).type('application/yaml').send(yaml('up'));
    const res = await request(app).delete(`/__admin/scenarios/${name}`);
    expect(res.status, res.text).toBe(status);
    expect(res.body.error.details).toContain(says);
  });
});

describe('admin errors', () => {
  it('a failure inside an admin call answers 500 with its cause, written to stderr as one line', async () => {
    const { app, world: w, lines } = world();
    vi.spyOn(w, 'reloadScenarios').mockImplementation(() => {
      throw new Error('the disk is on fire\nsecond line');
    });
    const res = await request(app).post('/__admin/scenarios/reload');
    expect(res.status).toBe(500);
    expect(res.body.error.details).toContain('error.cause says why');
    expect(res.body.error.cause).toMatch(/^the disk is on fire second line \(at .*\)$/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^rentalsim: admin POST \/__admin\/scenarios\/reload: 500 Internal Server Error: the disk is on fire second line/);
  });

  it('a body that is not JSON says what the parser found', async () => {
    const { app, lines } = world();
    const res = await request(app).post('/__admin/faults').type('application/json').send('{"status": ');
    expect(res.status).toBe(400);
    expect(res.body.error.details).toBe('the body is not valid JSON');
    expect(res.body.error.cause).toMatch(/JSON/);
    expect(lines).toHaveLength(1);
  });

  it('an error with no cause behind it writes nothing', async () => {
    const { app, lines } = world();
    expect((await request(app).post('/__admin/scenarios/nope')).status).toBe(404);
    expect(lines).toEqual([]);
  });

  it.each([
    ['GET', '/__admin/nothing-here'],
    ['DELETE', '/__admin/scenarios'],
    ['POST', '/__admin/clock/sideways'],
  ])('%s %s, an unknown admin path, answers a JSON 404', async (method, path) => {
    const { app } = world();
    const res = await request(app)[method.toLowerCase() as 'get' | 'delete' | 'post'](path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error.details).toBe(`no admin route ${method} ${path}; docs/reference/admin-api.md lists them, and GET /__admin/ is the dashboard`);
  });
});
