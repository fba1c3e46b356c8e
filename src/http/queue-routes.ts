import { Router } from 'express';

export function queueRoutes(): Router {
  const router = Router();
  return router;
}
