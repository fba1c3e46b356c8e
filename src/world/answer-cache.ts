import type { Sandbox } from './sandbox.js';

/** All answers one world keeps at once, over every sandbox, in bytes; the least recently used go first. */
const MAX_BYTES = 16 * 1024 * 1024;
/**
 * Slots of the admission filter (a 32-bit key hash each: 16 KiB). A key computed once stays in its slot
 * until another takes it: after n other first computations it is still there with a chance of
 * (1 - 1/4096)^n, 78% after 1,000 and 5% after 12,000. So a repeat within about the last few thousand new
 * questions is kept; one further apart is treated as new again, as most such answers would have been
 * dropped for room before they were asked again.
 */
const SEEN_SLOTS = 1 << 12;

interface Entry {
  version: number;
  value: unknown;
  bytes: number;
}

/**
 * Values computed from a sandbox's data, kept while that data is unchanged (docs/decisions/0005-answer-cache.md;
 * used through sendRememberedXml in src/http/send-xml.ts). Each entry records the sandbox's data version
 * (src/store/table-versions.ts) when it was computed; any write in the sandbox moves the version on, so a later
 * read computes afresh. Keys name the sandbox instance (`sandboxId`), so a reset (a new sandbox) never sees
 * its predecessor's entries. One per World: another simulator in the same process keeps its own.
 *
 * A value is kept the second time its key is computed, not the first: most of what a client's test suite
 * asks, it asks once (a new term, a new page), and keeping every such answer filled the 16 MiB with bytes
 * nobody read again, each outliving young-generation collections until a full one freed it. Admitting on
 * the second ask (a "doorkeeper", as in TinyLFU) made a new page of a search on the large catalogue cheaper
 * (docs/decisions/0005-answer-cache.md has the measurement); a repeated read pays one more render and is then answered from here as before.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly sandboxIds = new WeakMap<Sandbox, number>();
  private lastSandboxId = 0;
  /**
   * The hashes of keys computed once, each in the slot its low bits name: a later key with the same slot
   * takes it over. A collision at worst keeps a value on its first ask or waits for a third: never a wrong
   * answer, which only `entries` (by whole key) gives.
   */
  private readonly seen = new Uint32Array(SEEN_SLOTS);

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

  /** Keeps the value when its key was computed before (or is held, for another data version). */
  set(key: string, version: number, value: unknown, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    } else if (!this.askedBefore(key)) {
      return;
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

  /** Whether the key's hash is in its slot; puts it there when not. */
  private askedBefore(key: string): boolean {
    // Never 0, the value of a slot nothing has taken yet.
    const hash = fnv1a32(key) || 1;
    const slot = hash & (SEEN_SLOTS - 1);
    if (this.seen[slot] === hash) return true;
    this.seen[slot] = hash;
    return false;
  }
}

/** 32-bit FNV-1a over the UTF-16 code units of a text (unsigned). */
function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
