import type { Request, Response } from 'express';

/**
 * Accepts absolute-form request lines (`GET http://host/path HTTP/1.1`), which clients send through an HTTP
 * proxy (docs/reference/wire-format.md#addresses-and-ids): routing sees the path, and the origin is remembered
 * for {base_url} and the OAuth base string URI. It runs inside the app's router, which read the URL before this
 * rewrote it: a router mounted at a path (`app.use('/x', r)`) must sit inside a router of its own, as /__admin
 * does in app.ts, or express glues the stale `http://host` back on when it strips the path.
 */
export function absoluteFormMiddleware(req: Request, _res: Response, next: () => void): void {
  const m = /^(https?):\/\/([^/?#]+)(.*)$/i.exec(req.url);
  if (m) {
    (req as unknown as { absoluteOrigin: string }).absoluteOrigin = `${m[1]!.toLowerCase()}://${m[2]!.toLowerCase()}`;
    req.url = m[3] || '/';
  }
  next();
}
