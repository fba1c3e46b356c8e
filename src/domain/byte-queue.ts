/** Bytes of one chunk: what a queue of small records allocates at a time. */
const CHUNK_BYTES = 1 << 20;
/** Positions are chunk number × SPAN + offset; a chunk's offsets stay below it (a bigger record gets a chunk to itself, at offset 0). */
const SPAN = 2 ** 21;

/**
 * Records of bytes appended one after another and forgotten oldest first, kept off the JavaScript heap in
 * chunks of 1 MiB: what the journal keeps of each request (src/domain/journal.ts). A record is a copy, so it
 * holds nothing of what it was made from alive, and the garbage collector sees a handful of chunks rather
 * than objects and strings for every request, each copied by the young-generation collections it lives
 * through and then promoted. Memory follows what is held: a chunk goes once every record in it is forgotten,
 * and one is kept spare for the next.
 */
export class ByteQueue {
  /** Chunks still holding records, oldest first; `chunks[0]` is chunk number `first`. */
  private chunks: Buffer[] = [];
  private first = 0;
  /** Bytes written into the newest chunk. */
  private used = 0;
  private spare: Buffer | undefined;

  /** Copies `bytes` in, and answers their position, for `read` and `forgetBefore`. */
  push(bytes: Uint8Array): number {
    let last = this.chunks.at(-1);
    if (!last || this.used + bytes.length > last.length) {
      last = this.chunk(bytes.length);
      this.chunks.push(last);
      this.used = 0;
    }
    const at = (this.first + this.chunks.length - 1) * SPAN + this.used;
    last.set(bytes, this.used);
    this.used += bytes.length;
    return at;
  }

  /** The `length` bytes pushed at `at` (a view into the queue's memory, valid until they are forgotten). */
  read(at: number, length: number): Buffer {
    const chunk = this.chunks[Math.floor(at / SPAN) - this.first];
    if (!chunk) throw new RangeError(`no bytes are held at ${at}`);
    const offset = at % SPAN;
    return chunk.subarray(offset, offset + length);
  }

  /** Forgets every record pushed before the one at `at` (chunks wholly before its chunk go). */
  forgetBefore(at: number): void {
    const gone = Math.floor(at / SPAN) - this.first;
    if (gone <= 0) return;
    // A chunk of the usual size is kept as the spare.
    for (const chunk of this.chunks.splice(0, gone)) if (chunk.length === CHUNK_BYTES) this.spare = chunk;
    this.first += gone;
  }

  /** Forgets every record: those before where the next chunk will start. */
  clear(): void {
    this.forgetBefore((this.first + this.chunks.length) * SPAN);
  }

  /** Bytes allocated now (chunks held and the spare). */
  get allocated(): number {
    return this.chunks.reduce((n, c) => n + c.length, this.spare?.length ?? 0);
  }

  private chunk(needed: number): Buffer {
    if (needed > CHUNK_BYTES) return Buffer.allocUnsafeSlow(needed);
    const spare = this.spare;
    this.spare = undefined;
    return spare ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
  }
}
