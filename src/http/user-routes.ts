import { Router } from 'express';

export function userRoutes(): Router {
  const router = Router();
  return router;
}
