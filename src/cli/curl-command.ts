import { authorizationHeader, type SignedRequest } from './signed-request.js';

/**
 * A curl command that sends the signed request as signed: quiet but for errors (as scripts want it), the
 * protocol parameters in the Authorization header, each form pair as its own already-encoded `-d` (curl joins
 * them with `&` and sends them as application/x-www-form-urlencoded, byte for byte), the URL last.
 */
export function curlCommand(request: SignedRequest): string {
  const words = ['curl', '-sS', '-X', request.method, '-H', `Authorization: ${authorizationHeader(request)}`];
  if (request.body !== undefined) for (const pair of request.body.split('&')) words.push('-d', pair);
  // curl reads [] and {} in a URL as its own globbing; a path may hold them (queries are fully encoded).
  if (/[[\]{}]/.test(request.url)) words.push('-g');
  words.push(request.url);
  return words.map(shellQuote).join(' ');
}

/** A word for a POSIX shell: as it is when it holds only characters no shell treats specially, else in single quotes. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_\-.,:/=@%+]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
