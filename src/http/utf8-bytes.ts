import type { SelfWritten } from '../xml/writer.js';

/**
 * The UTF-8 bytes of texts written one after another, as one buffer. Answers are mostly ASCII, whose UTF-8
 * bytes are its Latin-1 bytes: a part whose UTF-8 length equals its length is all ASCII and copied as
 * Latin-1, several times faster than the UTF-8 encoder on a search page (both public Buffer APIs; a text
 * with any other character costs one length count more).
 *
 * Parts, not one string: an answer is its XML declaration and its root, and joining those first copied the
 * whole root (a whole search page) once more before it was encoded. A page of search results is its
 * envelope and its titles, each cached title writing its own bytes (SelfWritten, src/xml/writer.ts).
 */
export function utf8Bytes(...parts: ReadonlyArray<string | SelfWritten>): Buffer {
  const lengths = parts.map((p) => (typeof p === 'string' ? Buffer.byteLength(p, 'utf8') : p.utf8Length));
  const bytes = Buffer.allocUnsafe(lengths.reduce((sum, n) => sum + n, 0));
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    // Every byte is written: each part fills exactly the length counted for it.
    if (typeof part !== 'string') at = part.writeUtf8(bytes, at);
    else at += bytes.write(part, at, lengths[i]!, lengths[i] === part.length ? 'latin1' : 'utf8');
  }
  return bytes;
}
