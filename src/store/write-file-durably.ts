import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes a file whole: beside it, made durable, then renamed over it, so a crash leaves the old file or the
 * new one, never half of one. A failed write leaves no temporary file behind.
 */
export function writeFileDurably(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.tmp`;
  try {
    writeFileSync(tmp, data);
    const fd = openSync(tmp, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
