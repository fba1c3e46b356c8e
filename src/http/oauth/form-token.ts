import { createHmac, randomBytes } from 'node:crypto';
import { secretsMatch } from '../../domain/secrets-match.js';

/**
 * The login page's per-page token, the cross-site request forgery defence of Allow and Deny. Each page
 * carries `nonce.mac`, the mac an HMAC-SHA256 of the request token and the nonce under a key that never
 * leaves this process. A page on another origin cannot read ours, so it has no token to send; a token
 * shown for one request token does not decide another. Nothing is stored: the key is the whole state, and a
 * restart (which forgets the request tokens too) makes old pages stale.
 */
export function formTokens(key: Buffer = randomBytes(32), random: (size: number) => Buffer = randomBytes) {
  const mac = (requestToken: string, nonce: string) => createHmac('sha256', key).update(`${requestToken.toUpperCase()}\n${nonce}`).digest('base64url');
  return {
    /** A fresh token for a page that decides this request token. */
    issue: (requestToken: string): string => {
      const nonce = random(16).toString('base64url');
      return `${nonce}.${mac(requestToken, nonce)}`;
    },
    /** Whether a form's token was issued by this process for this request token. */
    check: (requestToken: string, sent = ''): boolean => {
      const dot = sent.indexOf('.');
      return dot > 0 && secretsMatch(mac(requestToken, sent.slice(0, dot)), sent.slice(dot + 1));
    },
  };
}

export type FormTokens = ReturnType<typeof formTokens>;
