import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes a file whole: beside it, made durable (`flush`: synced before it is closed), then renamed over it,
 * so a crash leaves the old file or the new one, never half of one. A failed write leaves no temporary file behind.
 */
export function writeFileDurably(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.tmp`;
  try {
    writeFileSync(tmp, data, { flush: true });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
