import type { Router } from 'express';
import { z } from 'zod';
import { returnHome, shipFromQueue } from '../world/business.js';
import type { World } from '../world/world.js';
import { consumerFor } from './admin-caller.js';
import { parseBody } from './admin-request.js';

const shipBody = z.strictObject({
  /** A team's call may leave it out: its own consumer. */
  consumer: z.string().min(1).optional(),
  user: z.string().min(1),
  /** How many discs to send; default: fill the allocations (their sum less the discs at home). */
  count: z.number().int().min(0).max(100).optional(),
});

const returnBody = z.strictObject({
  consumer: z.string().min(1).optional(),
  user: z.string().min(1),
  /** Title id or catalogue URI of a title at home. */
  title: z.union([z.number().int().positive(), z.string().min(1)]),
});

/**
 * The rental business, simulated (design: admin): POST /__admin/business/ship sends titles from the
 * subscriber's queue home (sub-queue allocation, queue order, skipping unavailable and quarantined titles);
 * POST /__admin/business/return brings one back (it stays in `rented` with `returned`). Both act on the
 * sandbox of the consumer named, on the simulator clock's date.
 */
export function businessRoutes(router: Router, world: World): void {
  router.post('/business/ship', (req, res) => {
    const body = parseBody(shipBody, req.body, 'POST /__admin/business/ship');
    res.json(shipFromQueue(world, consumerFor(req, body.consumer), body.user, body.count));
  });

  router.post('/business/return', (req, res) => {
    const body = parseBody(returnBody, req.body, 'POST /__admin/business/return');
    res.json(returnHome(world, consumerFor(req, body.consumer), body.user, body.title));
  });
}
