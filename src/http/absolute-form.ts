import type { Request, Response } from 'express';

/**
 * Accepts absolute-form request lines (`GET http://host/path HTTP/1.1`), which clients send through an
 * HTTP proxy (fidelity 2): routing sees the path, and the origin is remembered for {base_url} and the OAuth
 * base string URI.
 */
export function absoluteForm(req: Request, _res: Response, next: () => void): void {
  const m = /^(https?):\/\/([^/?#]+)(.*)$/i.exec(req.url);
  if (m) {
    (req as unknown as { absoluteOrigin: string }).absoluteOrigin = `${m[1]!.toLowerCase()}://${m[2]!.toLowerCase()}`;
    req.url = m[3] || '/';
  }
  next();
}
