import type { NextFunction, Request, Response } from 'express';
import { errors } from '../domain/api-error.js';
import { defaultDetails, defaultReason, type FaultDecision } from '../domain/faults.js';
import { claimedConsumer } from './claimed-consumer.js';
import { noteFaults } from './journal-middleware.js';
import { ctxOf } from './request-context.js';

/**
 * Applies injected faults (admin: /__admin/faults) to API requests: waits for any latency, then answers
 * with the fault's error or rate limit (through the one error handler, so it carries the gateway headers),
 * or drops the connection. Mounted after the request context and before the API routers, so admin
 * requests are never faulted.
 */
export function faultsMiddleware() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const ctx = ctxOf(req);
    if (ctx.world.faults.none || req.originalUrl.startsWith('/__admin')) return next();
    const decision = ctx.world.faults.decide({ method: req.method, path: ctx.path, consumer: claimedConsumer(req, ctx) });
    if (decision.firedIds.length === 0) return next();
    noteFaults(req, decision.firedIds);
    const act = () => applyTerminal(decision, req, res, next);
    if (decision.delayMs > 0) setTimeout(act, decision.delayMs);
    else act();
  };
}

function applyTerminal(decision: FaultDecision, req: Request, _res: Response, next: NextFunction): void {
  const terminal = decision.terminal;
  if (!terminal) return next();
  const action = terminal.action;
  switch (action.kind) {
    case 'drop':
      req.socket.destroy();
      return;
    case 'rate-limit':
      return next(errors.overQpsLimit(action.retryAfterSeconds));
    case 'error':
      return next(errors.injected(action.status, action.reason ?? defaultReason(action.status), action.details ?? defaultDetails(action.status)));
  }
}
