/**
 * Bytes kept one after another in one buffer allocated once, the oldest written over first: what the
 * journal keeps of each answer body. Off the JavaScript heap, so keeping the last thousand answers' first
 * 4 KiB costs the garbage collector nothing: as 4 KiB strings, each copied by every young-generation
 * collection it lived through and then promoted, they took a fifth of a cached search's time in GC.
 *
 * A write that would not fit before the end starts again at the beginning; positions are absolute (bytes
 * written so far, gaps included), so a read can tell whether its bytes have been written over since.
 */
export class ByteRing {
  private buffer: Buffer | undefined;
  private written = 0;

  /** `size` bytes, allocated on the first write (a journal that records nothing costs nothing). */
  constructor(readonly size: number) {}

  /** Copies `bytes` (at most `size` of them) in, and answers where they are, for `read`. */
  put(bytes: Uint8Array): number {
    if (bytes.length > this.size) throw new RangeError(`${bytes.length} bytes do not fit a ring of ${this.size}`);
    this.buffer ??= Buffer.allocUnsafeSlow(this.size);
    if ((this.written % this.size) + bytes.length > this.size) this.written += this.size - (this.written % this.size);
    const at = this.written;
    this.buffer.set(bytes, at % this.size);
    this.written += bytes.length;
    return at;
  }

  /** The `length` bytes put at `at` (a view, valid until the next put), or undefined if written over since. */
  read(at: number, length: number): Buffer | undefined {
    if (at < this.written - this.size || at + length > this.written || !this.buffer) return undefined;
    const start = at % this.size;
    return this.buffer.subarray(start, start + length);
  }

  /** Forgets everything written (the buffer is kept for the next writes). */
  clear(): void {
    this.written = 0;
  }
}
