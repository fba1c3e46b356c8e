import type { Router } from 'express';
import { z } from 'zod';
import { errors } from '../domain/api-error.js';
import { coverageCtrf, coverageMarkdown } from '../domain/coverage-report.js';
import { authorisableToken, decideRequestToken, mintToken, revokeToken, tokenJson } from '../world/tokens.js';
import { returnHome, shipFromQueue } from '../world/business.js';
import { checkedConsumer, consumerCoverage, subscriber } from '../world/admin-lookups.js';
import { exportSandbox, scenarioYaml } from '../world/export-scenario.js';
import type { World } from '../world/world.js';
import { consumerFor, requireOperator, adminQuery, parseBody, teamOf } from './admin-request.js';

/** Who an admin shortcut acts for: a subscriber (login or GUID) in a consumer's sandbox (a team's call may leave the consumer out: its own). */
const forUser = { consumer: z.string().min(1).optional(), user: z.string().min(1) } as const;
const mintBody = z.strictObject(forUser);
const shipBody = z.strictObject({
  ...forUser,
  /** How many discs to send; default: fill the allocations (their sum less the discs at home). */
  count: z.number().int().min(0).max(100).optional(),
});
const returnBody = z.strictObject({
  ...forUser,
  /** Title id or catalogue URI of a title at home. */
  title: z.union([z.number().int().positive(), z.string().min(1)]),
});

/**
 * The sandboxes and what acts on one consumer's sandbox: resetting, who holds one and dropping it, its access tokens
 * and request-token decisions, its rental business, its state as a scenario file, and its coverage of openapi.yaml.
 */
export function sandboxRoutes(router: Router, world: World): void {
  /** POST /__admin/reset[?consumer=KEY]: one consumer's sandbox (a team's own), or every one, back to the scenario. */
  router.post('/reset', (req, res) => {
    const consumer = consumerFor(req, adminQuery(req).get('consumer'));
    world.reset(consumer);
    res.json({ reset: consumer ?? 'all', scenario: world.scenario.definition.name });
  });

  /** GET /__admin/sandboxes: who holds a sandbox; DELETE /__admin/sandboxes/:key drops one. */
  router.get('/sandboxes', (req, res) => {
    requireOperator(req, 'the list of sandboxes');
    const now = world.realNow();
    const pool = world.sandboxes;
    res.json({
      scenario: world.scenario.definition.name,
      held: pool.size,
      max: pool.settings.max,
      idleSeconds: pool.settings.idleMs / 1000,
      evicted: pool.evicted,
      openMode: world.openModePrefix() ?? null,
      sandboxes: pool
        .list()
        .reverse()
        .map((s) => ({
          key: s.key,
          created: new Date(s.createdAt).toISOString(),
          lastUsed: new Date(s.lastUsedAt).toISOString(),
          idleSeconds: Math.floor((now - s.lastUsedAt) / 1000),
          uses: s.uses,
        })),
    });
  });

  router.delete('/sandboxes/:key', (req, res) => {
    const key = consumerFor(req, String(req.params['key']))!;
    if (!world.sandboxes.has(key)) throw errors.notFound(`no sandbox is held for ${JSON.stringify(key)}; GET /__admin/sandboxes lists them`);
    world.reset(key);
    res.json({ dropped: key });
  });

  /**
   * Access tokens without the browser dance (design: admin):
   * - POST /__admin/tokens {consumer, user}: a new access token for a subscriber (login or GUID), issued to
   *   that consumer in its sandbox, exactly as /oauth/access_token would issue it;
   * - GET /__admin/tokens?consumer=KEY&user=LOGIN: the subscriber's access tokens in that sandbox;
   * - DELETE /__admin/tokens/:token?consumer=KEY: revokes it (its next use is 401 Invalid Or Expired Token).
   *   Without consumer, it is revoked in every sandbox held now that knows it.
   */
  router.post('/tokens', (req, res) => {
    const body = parseBody(mintBody, req.body, 'POST /__admin/tokens');
    res.status(201).json(mintToken(world, consumerFor(req, body.consumer), body.user));
  });

  router.get('/tokens', (req, res) => {
    const q = adminQuery(req);
    // Read without opening a sandbox: an admin GET changes nothing.
    const tokens = world.readSandbox(checkedConsumer(world, consumerFor(req, q.get('consumer'))).key, (sandbox) =>
      sandbox.stores.tokens.accessTokensOf(subscriber(sandbox, q.get('user') ?? undefined).guid).map(tokenJson),
    );
    res.json({ tokens });
  });

  router.delete('/tokens/:token', (req, res) => {
    res.json(revokeToken(world, String(req.params['token']), consumerFor(req, adminQuery(req).get('consumer'))));
  });

  /**
   * For scripts that cannot drive a browser: POST /__admin/oauth/authorize with `oauth_token`, `user` (login or
   * GUID) and `decision` (`allow`, the default, or `deny`), as JSON or a form: the same decision the
   * authorisation page records, answered as JSON with the verifier and, when the client gave a URL callback,
   * the address the browser would have been sent to.
   */
  router.post('/oauth/authorize', (req, res) => {
    const body = fieldsOf(req.body);
    const code = body['oauth_token'];
    if (!code) throw errors.missingParameter('oauth_token', 'send the request token from /oauth/request_token');
    const decision = body['decision'] || 'allow';
    if (decision !== 'allow' && decision !== 'deny') throw errors.invalidParameter('decision', `${JSON.stringify(decision)} is not allow or deny`);
    // A team decides its own consumer's request tokens only; another's reads as unknown.
    const located = authorisableToken(world, code, teamOf(req));
    const user = body['user'] ? subscriber(located.sandbox, body['user']) : undefined;
    if (decision === 'allow' && !user) throw errors.missingParameter('user', 'name the subscriber who allows access, by login or GUID');
    const outcome = decideRequestToken(world, located, user, decision);
    res.json({
      oauth_token: outcome.token.token,
      decision: outcome.decision,
      // JSON leaves out what is undefined: no user for a denial without one, no verifier or redirect when none was made.
      user: user && { guid: user.guid, login: user.login },
      verifier: outcome.verifier,
      redirect: outcome.redirect,
    });
  });

  /**
   * The rental business, simulated (design: admin): POST /__admin/business/ship sends titles from the
   * subscriber's queue home (sub-queue allocation, queue order, skipping unavailable and quarantined titles);
   * POST /__admin/business/return brings one back (it stays in `rented` with `returned`). Both act on the
   * sandbox of the consumer named, on the simulator clock's date.
   */
  router.post('/business/ship', (req, res) => {
    const body = parseBody(shipBody, req.body, 'POST /__admin/business/ship');
    res.json(shipFromQueue(world, consumerFor(req, body.consumer), body.user, body.count));
  });

  router.post('/business/return', (req, res) => {
    const body = parseBody(returnBody, req.body, 'POST /__admin/business/return');
    res.json(returnHome(world, consumerFor(req, body.consumer), body.user, body.title));
  });

  /**
   * A sandbox as a scenario file: GET /__admin/export?consumer=KEY[&name=NAME][&format=json] answers the
   * sandbox's state as a scenario file (YAML by default) that loads back to the same state through
   * POST /__admin/scenarios (scenario-routes.ts).
   */
  router.get('/export', (req, res) => {
    const q = adminQuery(req);
    const exported = exportSandbox(world, consumerFor(req, q.get('consumer')), q.get('name') ?? undefined);
    const format = q.get('format') ?? 'yaml';
    if (format !== 'yaml' && format !== 'json') throw errors.invalidParameter('format', 'yaml or json');
    res.set('Content-Disposition', `attachment; filename="${exported.name}.${format}"`);
    if (format === 'json') res.json(exported);
    else res.type('application/yaml').send(scenarioYaml(exported, new Date(world.realNow()).toISOString()));
  });

  /**
   * GET /__admin/coverage?consumer=KEY[&format=json|markdown|ctrf]: what that consumer's verified requests
   * exercised of openapi.yaml since its sandbox was last reset (docs/reference/admin-api.md#coverage).
   */
  router.get('/coverage', (req, res) => {
    const q = adminQuery(req);
    const consumer = consumerFor(req, q.get('consumer'));
    if (!consumer) throw errors.missingParameter('consumer', 'send ?consumer=<consumer key>');
    const format = q.get('format') ?? 'json';
    if (format !== 'json' && format !== 'markdown' && format !== 'ctrf') throw errors.invalidParameter('format', 'expected one of json, markdown, ctrf');
    const report = consumerCoverage(world, consumer);
    if (format === 'markdown') res.type('text/markdown; charset=utf-8').send(coverageMarkdown(report));
    else if (format === 'ctrf') res.json(coverageCtrf(report, world.realNow()));
    else res.json(report);
  });
}

/** String fields of a JSON or form body; anything else is ignored. */
function fieldsOf(body: unknown): Record<string, string> {
  // A form arrives as text (the admin router keeps form bodies raw, for a team's signature).
  const pairs = typeof body === 'string' ? [...new URLSearchParams(body)] : Object.entries(body && typeof body === 'object' ? body : {});
  return Object.fromEntries(pairs.flatMap(([k, v]) => (typeof v === 'string' ? [[k, v.trim()]] : [])));
}
