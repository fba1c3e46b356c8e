import { connect } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../src/index.js';
import { getRequestToken } from './support/oauth-dance.js';
import { CONSUMER } from './support/signing.js';
import { testWorld } from './support/world.js';

// The admin API and the login page are not a cross-site target (docs/reference/admin-api.md#security). Each attack of issue 14
// is made here as a browser would make it: a page on another origin sends what a page may send without
// asking (text/plain or form bodies, no custom headers, its own Origin), or a DNS-rebinding page sends its
// own name as Host.

const EVIL = 'http://evil.example';
/** A page on another port of the same machine: another origin, the dev-server case. */
const OTHER_PORT = 'http://localhost:3000';

/** A scenario file to upload: the default sandbox, exported under another name. */
async function scenarioYaml(app: Server, name: string): Promise<string> {
  const res = await request(app).get(`/__admin/export?consumer=${CONSUMER.key}&name=${name}`);
  expect(res.status, res.text).toBe(200);
  return res.text;
}

/** The sign-in page for a code, as the subscriber's browser gets it, and its form token. */
async function signInPage(app: Server, code: string, host = 'localhost:8080') {
  const res = await request(app).get(`/oauth/login?oauth_token=${code}`).set('Host', host);
  return { res, formToken: /name="form_token" value="([^"]*)"/.exec(res.text)?.[1] };
}

describe('a page on another origin cannot change the simulator through the admin API (no admin token set)', () => {
  it('cannot upload and activate a scenario with a text/plain POST (Origin sent, as browsers do)', async () => {
    const { app, world } = testWorld();
    const yaml = await scenarioYaml(app, 'planted');
    const res = await request(app).post('/__admin/scenarios?use=true').set('Origin', EVIL).set('Content-Type', 'text/plain').send(yaml);
    expect(res.status, res.text).toBe(403);
    expect(res.body.error.details).toContain('another origin');
    expect(world.scenario.definition.name).toBe('default');
    expect(world.scenarioFiles().map((f) => f.name)).not.toContain('planted');
  });

  it('cannot send a text/plain or form body even where no Origin arrives: it needs X-Rentalsim-Admin, which no page can add', async () => {
    const { app, world } = testWorld();
    const yaml = await scenarioYaml(app, 'planted');
    const plain = await request(app).post('/__admin/scenarios?use=true').set('Content-Type', 'text/plain').send(yaml);
    expect(plain.status, plain.text).toBe(415);
    expect(plain.body.error.details).toContain('X-Rentalsim-Admin: 1');
    const form = await request(app).post('/__admin/reset').type('form').send('consumer=test-consumer-key');
    expect(form.status).toBe(415);
    const multipart = await request(app).post('/__admin/faults').field('route', '/catalog/*').field('kind', 'error');
    expect(multipart.status).toBe(415);
    expect(world.scenario.definition.name).toBe('default');
    expect(world.faults.list()).toEqual([]);
  });

  it('cannot switch scenarios (which starts every sandbox again) with a bodiless POST, from another site or another port', async () => {
    const { app, world } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    for (const origin of [EVIL, OTHER_PORT, 'null']) {
      const res = await request(app).post('/__admin/scenarios/empty-catalogue').set('Host', 'localhost:8080').set('Origin', origin);
      expect(res.status, `${origin}: ${res.text}`).toBe(403);
    }
    expect(world.scenario.definition.name).toBe('default');
    // The sandbox was not wiped: the request token issued before is still there to decide.
    const { res } = await signInPage(app, rt.key);
    expect(res.status).toBe(200);
  });

  it('still takes what the README shows: curl without Origin (JSON, YAML, bodiless), the form with its header, and the dashboard on its own origin', async () => {
    const { app, world } = testWorld();
    const yaml = await scenarioYaml(app, 'uploaded');
    const upload = await request(app).post('/__admin/scenarios?use=true').set('Content-Type', 'application/yaml').send(yaml);
    expect(upload.status, upload.text).toBe(201);
    expect(world.scenario.definition.name).toBe('uploaded');
    expect((await request(app).post('/__admin/scenarios/default')).status).toBe(200);
    expect((await request(app).put('/__admin/clock').send({ mode: 'frozen' })).status).toBe(200);
    const rt = await getRequestToken(app, { callback: 'oob' });
    const form = await request(app).post('/__admin/oauth/authorize').type('form').set('X-Rentalsim-Admin', '1').send(`oauth_token=${rt.key}&user=alice`);
    expect(form.status, form.text).toBe(200);
    const dashboard = await request(app)
      .post('/__admin/reset')
      .set('Host', 'localhost:8080')
      .set('Origin', 'http://localhost:8080')
      .set('X-Rentalsim-Admin', '1');
    expect(dashboard.status, dashboard.text).toBe(200);
  });

  it("behind a proxy that rewrites Host, the --public-url origin is the simulator's own", async () => {
    const { app } = testWorld('default', { publicUrl: 'https://sim.example.com' });
    const res = await request(app).post('/__admin/reset').set('Host', '127.0.0.1:8080').set('Origin', 'https://sim.example.com');
    expect(res.status, res.text).toBe(200);
    expect((await request(app).post('/__admin/reset').set('Host', '127.0.0.1:8080').set('Origin', 'http://sim.example.com')).status).toBe(403);
  });
});

describe("the login page's Allow and Deny need the page's own form token", () => {
  it('a form on another site cannot deny a live request token', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const forged = await request(app)
      .post('/oauth/login')
      .set('Host', 'localhost:8080')
      .set('Origin', EVIL)
      .type('form')
      .send(`oauth_token=${rt.key}&decision=deny`);
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('id="error"');
    expect(forged.text).not.toContain('id="denied"');
    // Nothing was decided: the subscriber can still allow, from the page itself.
    const { formToken } = await signInPage(app, rt.key);
    const allowed = await request(app)
      .post('/oauth/login')
      .set('Host', 'localhost:8080')
      .type('form')
      .send(new URLSearchParams({ oauth_token: rt.key, form_token: formToken!, login: 'alice', password: 'alice-password', decision: 'allow' }).toString());
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.text).toMatch(/id="verifier">\d{6}</);
  });

  it("a page's token decides only the code it was shown for, and a made-up one decides nothing", async () => {
    const { app } = testWorld();
    const mine = await getRequestToken(app, { callback: 'oob' });
    const theirs = await getRequestToken(app, { callback: 'oob' });
    const { formToken } = await signInPage(app, mine.key);
    for (const token of [formToken!, `${formToken!.split('.')[0]}.AAAA`, 'x']) {
      const res = await request(app)
        .post('/oauth/login')
        .set('Host', 'localhost:8080')
        .type('form')
        .send(new URLSearchParams({ oauth_token: theirs.key, form_token: token, decision: 'deny' }).toString());
      expect(res.status, token).toBe(403);
    }
    expect((await signInPage(app, theirs.key)).res.status).toBe(200);
  });
});

describe('a DNS-rebinding page cannot read or use the admin API or the login page (Host check)', () => {
  it('GET /__admin/export under a foreign Host: 403 JSON naming --allowed-hosts', async () => {
    const { app } = testWorld();
    const res = await request(app).get(`/__admin/export?consumer=${CONSUMER.key}`).set('Host', 'rebind.evil.example:8080');
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body.error.details).toContain('--allowed-hosts rebind.evil.example');
    expect(res.text).not.toContain('users:');
  });

  it('the login page under a foreign Host: 403, a page naming --allowed-hosts, no sign-in form', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const { res, formToken } = await signInPage(app, rt.key, 'rebind.evil.example');
    expect(res.status).toBe(403);
    expect(res.text).toContain('--allowed-hosts rebind.evil.example');
    expect(formToken).toBeUndefined();
  });

  it.each([
    ['localhost:8080'],
    ['LOCALHOST'],
    ['sim.localhost:8080'],
    ['127.0.0.1:8080'],
    ['127.8.9.10'],
    ['[::1]:8080'],
    ['192.168.1.20:8080'], // an IP address cannot be rebound: the page would have to come from that address
  ])('answers to %s without configuration', async (host) => {
    const { app } = testWorld();
    expect((await request(app).get('/__admin/clock').set('Host', host)).status).toBe(200);
  });

  it.each([
    ['the --public-url host', { publicUrl: 'https://sim.example.com' }, 'sim.example.com'],
    ['the --host name it listens on', { host: 'rentalsim' }, 'rentalsim:8080'],
    ['a name in --allowed-hosts', { allowedHosts: 'qa-box, rentalsim' }, 'rentalsim:8080'],
    ['a name under a .domain in --allowed-hosts', { allowedHosts: '.ci.example' }, 'sim.ci.example'],
    ['any name with --allowed-hosts all', { allowedHosts: 'all' }, 'whatever.example'],
  ])('answers to %s', async (_what, config, host) => {
    const { app } = testWorld('default', config);
    expect((await request(app).get('/__admin/clock').set('Host', host)).status).toBe(200);
  });

  it('health and the dashboard page (no data) answer under any name, for CI pollers reaching it by a service name', async () => {
    const { app } = testWorld();
    expect((await request(app).get('/__admin/health').set('Host', 'rentalsim:8080')).status).toBe(200);
    expect((await request(app).get('/__admin/').set('Host', 'rentalsim:8080')).status).toBe(200);
    expect((await request(app).get('/__admin/scenarios').set('Host', 'rentalsim:8080')).status).toBe(403);
  });

  it('signed API calls are not checked: their signature covers the host', async () => {
    const { app } = testWorld();
    // getRequestToken signs for and sends Host rentalsim.test, a name no config here lists.
    await getRequestToken(app, { callback: 'oob' });
  });

  it('a bad --allowed-hosts entry stops start-up with one clear line', async () => {
    await expect(startSimulator({ port: 0, allowedHosts: 'http://rentalsim:8080' })).rejects.toThrow(
      /--allowed-hosts \(ALLOWED_HOSTS\): "http:\/\/rentalsim:8080" is not a host name/,
    );
  });
});

describe('admin calls through a proxy (absolute-form request lines)', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, allowedHosts: 'sim.proxied.example' });
  });
  afterAll(async () => {
    await sim.close();
  });

  /** One raw HTTP/1.1 exchange: the status and the body. */
  function raw(lines: string[]): Promise<{ status: number; body: string }> {
    const { port, hostname } = new URL(sim.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write(lines.join('\r\n') + '\r\n\r\n'));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (data += chunk));
      socket.on('error', reject);
      socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1]), body: data.slice(data.indexOf('\r\n\r\n') + 4) }));
    });
  }
  const get = (url: string) => raw([`GET ${url} HTTP/1.1`, `Host: ${new URL(sim.url).host}`, 'Connection: close']);

  it('route as origin-form ones do: JSON from the admin route, not the dashboard', async () => {
    const res = await get(`${sim.url}/__admin/scenarios`);
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ active: 'default' });
    const clock = await get(`http://sim.proxied.example/__admin/clock`);
    expect(clock.status, clock.body).toBe(200);
    expect(JSON.parse(clock.body)).toHaveProperty('mode');
  });

  it('a name the line gives is checked like a Host, and through a proxy only loopback addresses pass unlisted', async () => {
    expect((await get('http://evil.example/__admin/export')).status).toBe(403);
    expect((await get('http://203.0.113.9/__admin/export')).status).toBe(403);
    expect((await get('http://127.0.0.1/__admin/clock')).status).toBe(200);
  });
});
