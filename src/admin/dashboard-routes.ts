import type { Router } from 'express';
import { dashboardHtml } from './dashboard-page.js';
import { DASHBOARD_SCRIPT } from './dashboard-script.js';

/**
 * GET /__admin/ (the dashboard page) and /__admin/dashboard.js. Mounted before the admin token check: the
 * page and script hold no data, and every call the script makes carries the token.
 */
export function dashboardRoutes(router: Router): void {
  const html = dashboardHtml();
  router.get('/', (_req, res) => {
    res.type('html').set('Cache-Control', 'no-store').send(html);
  });
  router.get('/dashboard.js', (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-store').send(DASHBOARD_SCRIPT);
  });
}
