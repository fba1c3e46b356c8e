import type { Server } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/index.js';
import { ALICE, CAROL, CONSUMER, asAlice, signed } from '../support/signing.js';
import { BASE } from '../support/world.js';

// The dashboard in real headless chromium against a listening simulator.
describe('the admin dashboard', () => {
  let sim: Simulator;
  let browser: Browser;
  let page: Page;
  const api = () => sim.url as unknown as Server; // supertest takes a URL as well as an app

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await sim?.close();
  });
  beforeEach(async () => {
    sim.reset();
    await sim.useScenario('default');
    page = await browser.newPage();
    await page.goto(`${sim.url}/__admin/`);
    await page.locator('#scenario-name', { hasText: 'default' }).waitFor();
  });
  afterEach(async () => {
    await page.close();
  });

  it('shows a rejected request in the live journal with why it was rejected', async () => {
    await signed(api(), 'GET', '/catalog/title?term=zzyzx', { consumer: { key: CONSUMER.key, secret: 'wrong' } });
    const row = page.locator('#journal tr.rejected', { hasText: '/catalog/title?term=zzyzx' });
    await row.waitFor();
    expect(await row.locator('summary').textContent()).toBe('oauth-signature: Invalid Signature');
    await row.locator('summary').click();
    expect(await row.locator('.why').textContent()).toContain('GET&http%3A%2F%2Frentalsim.test%2Fcatalog%2Ftitle');
    expect(await row.textContent()).toContain(CONSUMER.key);
  });

  it('keeps the URL column as wide when a rejection is opened', async () => {
    await signed(api(), 'GET', `/catalog/title?term=${'q'.repeat(60)}`, { consumer: { key: CONSUMER.key, secret: 'wrong' } });
    const row = page.locator('#journal tr.rejected').first();
    await row.waitFor();
    const url = row.locator('td').nth(2);
    const before = (await url.boundingBox())!;
    await row.locator('summary').click();
    await row.locator('.why').waitFor();
    const after = (await url.boundingBox())!;
    expect(before.width).toBeGreaterThan(200);
    expect(Math.abs(after.width - before.width)).toBeLessThan(1);
  });

  it("opens an entry on its request (headers, decoded parameters, body) and its answer, with the user's login", async () => {
    const form = { title_ref: `${BASE}/catalog/title/30`, rating: '4', note: 'one two' };
    const res = await signed(api(), 'POST', `/users/${CAROL.guid}/ratings/title`, { token: CAROL.token, form });
    expect(res.status).toBe(201);
    const row = page.locator('#journal tr.entry', { hasText: '/ratings/title' });
    await row.waitFor();
    expect(await row.locator('.login').textContent()).toBe('carol');
    expect(await row.locator('.guid').textContent()).toBe(CAROL.guid);
    await row.locator('button.toggle').click();
    const exchange = page.locator('#journal tr.exchange');
    await exchange.waitFor();
    const request = exchange.locator('.request');
    expect(await request.locator('tr', { hasText: 'Authorization' }).textContent()).toContain(`oauth_token="${CAROL.token.key}"`);
    expect(await request.locator('tr', { hasText: 'note' }).textContent()).toBe('noteone two');
    expect(await request.locator('pre.body').textContent()).toBe(new URLSearchParams(form).toString());
    const answer = exchange.locator('.answer');
    expect(await answer.locator('h3').textContent()).toBe('Answer: 201');
    expect(await answer.locator('tr', { hasText: 'Content-Type' }).textContent()).toContain('application/xml');
    expect(await answer.locator('pre.body').textContent()).toBe(res.text);
    await row.locator('button.toggle').click();
    await exchange.waitFor({ state: 'detached' });
  });

  it('filters the journal by user, route and status, says why a filter is refused, and shows everything again', async () => {
    await asAlice(api(), 'GET', '/users');
    await asAlice(api(), 'GET', `/users/${ALICE.guid}`);
    await signed(api(), 'GET', `/users/${CAROL.guid}`, { token: CAROL.token });
    await signed(api(), 'GET', '/catalog/title?term=zzyzx');
    await page.locator('#journal tr.entry').nth(3).waitFor();

    await page.fill('#jf-user', 'alice');
    await page.click('#jf-apply');
    await page.locator('#status', { hasText: 'journal filtered' }).waitFor();
    await page.locator('#journal tr.entry', { hasText: 'zzyzx' }).waitFor({ state: 'detached' });
    await page.locator('#journal tr.entry', { hasText: '/users' }).nth(1).waitFor();
    expect(await page.locator('#journal .login').allTextContents()).toEqual(['alice', 'alice']);

    await page.fill('#jf-path', '/users/:guid');
    await page.fill('#jf-status', '200');
    await page.click('#jf-apply');
    // The rows of the last filter (alice's two) stay until the new one is checked and applied: wait for the
    // rows this filter shows, not for a row both filters share.
    await page.waitForFunction(
      (path) => [...document.querySelectorAll('#journal tr.entry td:nth-child(3)')].map((td) => td.textContent).join(' ') === path,
      `/users/${ALICE.guid}`,
    );
    expect(await page.locator('#journal tr.entry td:nth-child(3)').allTextContents()).toEqual([`/users/${ALICE.guid}`]);

    await page.fill('#jf-since', 'yesterday');
    await page.click('#jf-apply');
    await page.locator('#status.error', { hasText: 'since: expected an ISO 8601 instant' }).waitFor();
    expect(await page.locator('#journal tr.entry').count()).toBe(1);

    await page.click('#jf-reset');
    await page.locator('#journal tr.entry').nth(3).waitFor();
  });

  it('starts the journal empty after a scenario switch', async () => {
    await signed(api(), 'GET', '/catalog/title?term=zzyzx');
    await page.locator('#journal tr.entry').first().waitFor();
    await page.selectOption('#scenario-select', 'empty-catalogue');
    await page.click('#scenario-switch');
    await page.locator('#scenario-name', { hasText: 'empty-catalogue' }).waitFor();
    await page.locator('#journal tr.entry').first().waitFor({ state: 'detached' });
    await page.locator('#journal-summary', { hasText: /^0 held/ }).waitFor();
    await signed(api(), 'GET', '/catalog/title?term=after');
    await page.locator('#journal tr.entry', { hasText: 'term=after' }).waitFor();
    expect(await page.locator('#journal tr.entry').count()).toBe(1);
  });

  it('adds a fault that then answers API requests, and lists it', async () => {
    await page.fill('#fault-route', '/catalog/title');
    await page.selectOption('#fault-method', 'GET');
    await page.selectOption('#fault-kind', 'error');
    await page.fill('#fault-status', '503');
    await page.fill('#fault-times', '1');
    await page.click('#fault-add');
    await page.locator('#faults tr', { hasText: 'error 503' }).waitFor();
    expect(sim.faults.list()).toMatchObject([{ route: '/catalog/title', method: 'GET', times: 1, action: { kind: 'error', status: 503 } }]);
    expect((await signed(api(), 'GET', '/catalog/title?term=zzyzx')).status).toBe(503);
    await page.locator('#faults tr', { hasText: '0 of 1 left' }).waitFor();
  });

  it('says why a fault was refused', async () => {
    await page.selectOption('#fault-kind', 'latency');
    await page.click('#fault-add');
    await page.locator('#status.error', { hasText: 'needs ms' }).waitFor();
    expect(sim.faults.list()).toEqual([]);
  });

  it('freezes and moves the clock', async () => {
    await page.fill('#freeze-at', '2030-01-01T00:00:00Z');
    await page.click('#freeze-form button');
    await page.locator('#clock-now', { hasText: '2030-01-01T00:00:00Z' }).waitFor();
    await page.fill('#advance-by', '11m');
    await page.click('#advance-form button');
    await page.locator('#clock-now', { hasText: '2030-01-01T00:11:00Z' }).waitFor();
    expect(sim.clock.now()).toBe('2030-01-01T00:11:00Z');
  });

  it("shows a consumer's coverage: the operations it called with their statuses, and those it never called marked", async () => {
    await signed(api(), 'GET', '/catalog/title?term=the&start_index=2');
    await signed(api(), 'GET', '/catalog/title?expand=bogus');
    // Prefilled with the default scenario's first consumer key, the one the requests were signed as.
    await page.locator('#coverage-consumer').waitFor();
    await expect.poll(() => page.inputValue('#coverage-consumer')).toBe(CONSUMER.key);
    await page.click('#coverage-load');
    const catalog = page.locator('#coverage tr[data-op="GET /catalog/{kind}"]');
    await catalog.waitFor();
    expect(await catalog.locator('td').allTextContents()).toEqual([
      'GET',
      '/catalog/{kind}',
      '2',
      '200 ×1, 400 ×1',
      sim
        .coverage(CONSUMER.key)
        .operations.find((o) => o.path === '/catalog/{kind}')!
        .variantsNeverUsed.join(', '),
    ]);
    expect(await catalog.locator('td').nth(4).textContent()).not.toContain('start_index>1');
    expect(await catalog.getAttribute('class')).toBe('op');
    const never = page.locator('#coverage tr[data-op="GET /catalog/person/{id}"]');
    expect(await never.getAttribute('class')).toBe('op never');
    expect(await never.locator('td').nth(2).textContent()).toBe('0never called');
    expect(await page.locator('#coverage-totals').textContent()).toMatch(/^operations called 1\.\d% \(1 of \d+\) · variants used /);

    await page.fill('#coverage-consumer', 'nobody-key');
    await page.click('#coverage-load');
    await page.locator('#status.error', { hasText: 'nobody-key' }).waitFor();
    expect(await page.locator('#coverage tr').count()).toBe(0);
  });

  it('lists sandboxes, resets everything, and switches scenario', async () => {
    await signed(api(), 'GET', '/catalog/title?term=zzyzx');
    await page.locator(`#sandboxes tr[data-key="${CONSUMER.key}"]`).waitFor();
    sim.faults.add({ route: '*', kind: 'drop' });
    await page.locator('#faults tr').first().waitFor();
    await page.click('#reset-all');
    await page.locator('#status', { hasText: 'everything reset' }).waitFor();
    expect(sim.faults.list()).toEqual([]);
    await page.locator(`#sandboxes tr[data-key="${CONSUMER.key}"]`).waitFor({ state: 'detached' });

    await page.selectOption('#scenario-select', 'empty-catalogue');
    await page.click('#scenario-switch');
    await page.locator('#scenario-name', { hasText: 'empty-catalogue' }).waitFor();
    expect(sim.world.scenario.definition.name).toBe('empty-catalogue');
  });
});
