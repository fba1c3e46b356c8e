import type { Router } from 'express';
import { errors } from '../domain/api-error.js';
import { consumerFor, requireOperator, teamOf } from './admin-caller.js';

/** Rules the admin API adds and removes by id, each for one consumer or for every one (faults, overrides). */
interface Rules<Spec, Rule> {
  list(): Rule[];
  add(spec: Spec): Rule;
  remove(id: number): unknown;
  clear(): void;
}

interface Scope<Spec, Rule> {
  /** The consumer a rule or spec is scoped to; undefined: every consumer. */
  consumerOf(ruleOrSpec: Spec | Rule): string | undefined;
  scopedTo(spec: Spec, consumer: string): Spec;
  /** The request body as a spec; a bad body -> 400. */
  parse(body: unknown, where: string): Spec;
}

/**
 * GET/POST/DELETE /__admin/<name>s and DELETE /__admin/<name>s/:id, answering `{ <name>s }`, `{ <name> }`. A team (a call signed by its consumer)
 * lists its own rules and the instance-wide ones that also meet its requests; what it adds is scoped to its
 * consumer (it cannot add one for everybody), and it removes only its own.
 */
export function scopedRuleRoutes<Spec, Rule extends { id: number }>(router: Router, name: string, rules: Rules<Spec, Rule>, scope: Scope<Spec, Rule>): void {
  const path = `/${name}s`;
  const seenBy = (team: string | undefined, r: Rule) => team === undefined || scope.consumerOf(r) === undefined || scope.consumerOf(r) === team;

  router.get(path, (req, res) => {
    const team = teamOf(req);
    res.json({ [`${name}s`]: rules.list().filter((r) => seenBy(team, r)) });
  });

  router.post(path, (req, res) => {
    const spec = scope.parse(req.body, `POST /__admin${path}`);
    const consumer = consumerFor(req, scope.consumerOf(spec));
    res.status(201).json({ [name]: rules.add(consumer === undefined ? spec : scope.scopedTo(spec, consumer)) });
  });

  router.delete(path, (req, res) => {
    const team = teamOf(req);
    const mine = rules.list().filter((r) => team === undefined || scope.consumerOf(r) === team);
    if (team === undefined) rules.clear();
    else for (const r of mine) rules.remove(r.id);
    res.json({ cleared: mine.length });
  });

  router.delete(`${path}/:id`, (req, res) => {
    const id = Number(req.params['id']);
    const rule = rules.list().find((r) => r.id === id);
    if (!rule || !seenBy(teamOf(req), rule)) {
      throw errors.notFound(`no ${name} with id ${JSON.stringify(req.params['id'])}; GET /__admin${path} lists them`);
    }
    if (scope.consumerOf(rule) === undefined) requireOperator(req, `${name} ${id}, set for every consumer,`);
    rules.remove(id);
    res.json({ removed: id });
  });
}
