import { el, text } from './writer.js';

/** `<error><reason/><details/></error>` (docs/reference/wire-format.md#errors). */
export function errorXml(reason: string, details: string): string {
  return el('error', undefined, text('reason', reason), text('details', details));
}
