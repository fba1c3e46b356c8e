import type { Router } from 'express';
import { z } from 'zod';
import { errors } from '../domain/api-error.js';
import type { HeldRule, ScopedRules } from '../domain/scoped-rules.js';
import type { World } from '../world/world.js';
import { consumerFor, parseBody, requireOperator, teamOf } from './admin-request.js';
import { toOverrideSpec, toSpec } from './rule-bodies.js';

const rateLimitBody = z.strictObject({
  perSecond: z.number().int().min(0).optional(),
  perDay: z.number().int().min(0).optional(),
});

/**
 * The rules the gateway applies: GET/POST/DELETE /__admin/faults and /__admin/overrides (rule-bodies.ts
 * reads what they take), and GET/PUT /__admin/rate-limit, the real per-consumer rate limit, whose settings
 * are instance-wide.
 */
export function ruleRoutes(router: Router, world: World): void {
  scopedRuleRoutes(router, world.faults, toSpec);
  scopedRuleRoutes(router, world.overrides, toOverrideSpec);

  router.get('/rate-limit', (_req, res) => {
    res.json(world.rateLimiter.limits);
  });

  router.put('/rate-limit', (req, res) => {
    requireOperator(req, 'the rate limit');
    const body = parseBody(rateLimitBody, req.body, 'PUT /__admin/rate-limit');
    world.rateLimiter.limits = { ...world.rateLimiter.limits, ...body };
    world.rateLimiter.clear();
    res.json(world.rateLimiter.limits);
  });
}

/**
 * GET/POST/DELETE /__admin/<name>s and DELETE /__admin/<name>s/:id for faults and overrides, answering
 * `{ <name>s }`, `{ <name> }` (docs/reference/admin-api.md#faults, #overrides). A team (a call signed by its
 * consumer) lists its own rules and the instance-wide ones that also meet its requests; what it adds is
 * scoped to its consumer (it cannot add one for everybody), and it removes only its own.
 */
function scopedRuleRoutes<Spec, R extends Spec & HeldRule>(
  router: Router,
  rules: ScopedRules<Spec, R, unknown>,
  parse: (body: unknown, where: string) => Spec,
): void {
  const { name } = rules;
  const path = `/${name}s`;
  const seenBy = (team: string | undefined, r: Spec) => team === undefined || rules.consumerOf(r) === undefined || rules.consumerOf(r) === team;

  router.get(path, (req, res) => {
    const team = teamOf(req);
    res.json({ [`${name}s`]: rules.list().filter((r) => seenBy(team, r)) });
  });

  router.post(path, (req, res) => {
    const spec = parse(req.body, `POST /__admin${path}`);
    const consumer = consumerFor(req, rules.consumerOf(spec));
    res.status(201).json({ [name]: rules.add(consumer === undefined ? spec : rules.scopedTo(spec, consumer)) });
  });

  router.delete(path, (req, res) => {
    res.json({ cleared: rules.clear(teamOf(req)) });
  });

  router.delete(`${path}/:id`, (req, res) => {
    const id = Number(req.params['id']);
    const rule = rules.list().find((r) => r.id === id);
    if (!rule || !seenBy(teamOf(req), rule)) {
      throw errors.notFound(`no ${name} with id ${JSON.stringify(req.params['id'])}; GET /__admin${path} lists them`);
    }
    if (rules.consumerOf(rule) === undefined) requireOperator(req, `${name} ${id}, set for every consumer,`);
    rules.remove(id);
    res.json({ removed: id });
  });
}
