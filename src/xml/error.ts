import { el, text } from './writer.js';

/** `<error><reason/><details/></error>` (docs/reference/wire-format.md#errors). */
export function errorXml(reason: string, details: string): string {
  return el('error', undefined, text('reason', reason), text('details', details));
}

/**
 * `<status><status_code/><message/></status>`: the answer to PUT and DELETE
 * (docs/reference/wire-format.md#write-answers).
 */
export function statusXml(code: number, message: string): string {
  return el('status', undefined, text('status_code', code), text('message', message));
}
