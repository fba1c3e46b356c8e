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

/** Runs a write; a disk that refused it for want of room is answered as that 507, any other error as it is. */
export function orStorageFull<T>(write: () => T): T {
  try {
    return write();
  } catch (e) {
    throw storageFullOf(e) ?? e;
  }
}
