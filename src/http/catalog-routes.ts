import { Router } from 'express';

export function catalogRoutes(): Router {
  const router = Router();
  return router;
}
