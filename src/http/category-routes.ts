import { Router } from 'express';

export function categoryRoutes(): Router {
  const router = Router();
  return router;
}
