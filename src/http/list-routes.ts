import { Router } from 'express';

export function listRoutes(): Router {
  const router = Router();
  return router;
}
