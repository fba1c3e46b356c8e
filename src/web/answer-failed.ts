import type { Response } from 'express';

/** What a surface answers when its own answer could not be sent: a 500 in its own format. */
export interface LastAnswer {
  contentType: string;
  body: Buffer;
  headers?: Readonly<Record<string, string>>;
}

/**
 * What every sender of an answer does when node refuses to send it (a header it will not write, a write
 * after the end): only that answer fails, never the process, and nothing is thrown on, since a throw out of
 * a timer or out of the last error handler would end the process. The failure is logged; the client gets
 * `last` as a 500 with every header set so far dropped and the connection closed after it, or, when the
 * head already went out (or even the 500 fails), loses its connection. Senders: sendXmlBytes and the
 * overrides (src/http/), the API's error handler and the admin's (src/admin/admin-errors.ts).
 */
export function answerFailed(res: Response, error: unknown, last: LastAnswer): void {
  // Reported one line each to the app's `log`, else to stderr.
  const log = (res.app?.locals['log'] as ((line: string) => void) | undefined) ?? ((line: string) => process.stderr.write(`${line}\n`));
  const what = `rentalsim: ${res.req.method} ${res.req.originalUrl ?? res.req.url}: its answer could not be sent (${reasonOf(error)})`;
  // A failed head of a 204 or 304 has told node the answer has no body: a 500 after it could not send one.
  if (!res.headersSent && !res.destroyed && res.statusCode !== 204 && res.statusCode !== 304) {
    try {
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      // A Transfer-Encoding that node read before refusing the head must not frame the 500.
      res.chunkedEncoding = false;
      res.writeHead(500, 'Internal Server Error', {
        ...last.headers,
        'Content-Type': last.contentType,
        'Content-Length': last.body.length,
        Connection: 'close',
      });
      res.end(last.body);
      log(`${what}; answered 500 instead`);
      return;
    } catch {
      // The 500 failed too: the connection goes, below.
    }
  }
  log(`${what}; its connection was closed`);
  res.destroy();
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' ? `${code}: ${error.message}` : error.message).replace(/\s*\n\s*/g, ' ');
}
