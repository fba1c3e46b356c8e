import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret sent by a client equals the one expected (signatures, verifiers, passwords, form tokens,
 * the admin token), in time that tells nothing of either: both are hashed with SHA-256 and the digests
 * compared by node's `timingSafeEqual`, so neither how many leading characters match nor the expected
 * length leaks. Compared as UTF-8, as they were sent.
 */
export function secretsMatch(expected: string, received: string): boolean {
  return timingSafeEqual(digest(expected), digest(received));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
