import { Router } from 'express';

export function oauthRoutes(): Router {
  const router = Router();
  return router;
}
