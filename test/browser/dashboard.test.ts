import type { Express } from 'express';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/index.js';
import { CONSUMER, signed } from '../support/signing.js';

// The dashboard in real headless chromium against a listening simulator.
describe('the admin dashboard', () => {
  let sim: Simulator;
  let browser: Browser;
  let page: Page;
  const api = () => sim.url as unknown as Express; // supertest takes a URL as well as an app

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await sim?.close();
  });
  beforeEach(async () => {
    sim.reset();
    sim.useScenario('default');
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
    expect(sim.world.scenario.scenario.name).toBe('empty-catalogue');
  });
});
