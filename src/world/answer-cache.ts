import type { Sandbox } from './sandbox.js';

/** All answers one world keeps at once, over every sandbox, in bytes; the least recently used go first. */
const MAX_BYTES = 16 * 1024 * 1024;

interface Entry {
  version: number;
  value: unknown;
  bytes: number;
}

/**
 * Values computed from a sandbox's data, kept while that data is unchanged (docs/decisions/0005-answer-cache.md;
 * used through src/http/answer-cache.ts). Each entry records the sandbox's data version
 * (src/store/data-version.ts) when it was computed; any write in the sandbox moves the version on, so a later
 * read computes afresh. Keys name the sandbox instance (`sandboxId`), so a reset (a new sandbox) never sees
 * its predecessor's entries. One per World: another simulator in the same process keeps its own.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly sandboxIds = new WeakMap<Sandbox, number>();
  private lastSandboxId = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** A number for this sandbox instance, for keys: a new sandbox of the same consumer gets another. */
  sandboxId(sandbox: Sandbox): number {
    let id = this.sandboxIds.get(sandbox);
    if (id === undefined) this.sandboxIds.set(sandbox, (id = ++this.lastSandboxId));
    return id;
  }

  get(key: string, version: number): unknown {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return undefined;
    // Most recently used last, so eviction takes the oldest first.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, version: number, value: unknown, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { version, value, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }
}
