import { errors, type ApiError } from '../domain/api-error.js';

// SQLite's answer when a write finds no room: SQLITE_FULL for a full disk, SQLITE_IOERR_WRITE when the
// file system refused the bytes (a file size limit); node's ENOSPC and EFBIG when a new sandbox's file could
// not be written.
const FULL = /^(SQLITE_FULL|SQLITE_IOERR_WRITE|ENOSPC|EFBIG|EDQUOT)$/;

/** The 507 a write that found no room on disk answers, or undefined when the error is another. */
export function storageFullOf(e: unknown): ApiError | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !FULL.test(code)) return undefined;
  return errors.storageFull(`the data folder's disk refused the write (${code})`);
}
