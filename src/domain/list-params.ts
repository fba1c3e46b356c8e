import { errors } from './api-error.js';

/**
 * A boolean parameter (`public`, `anonymous`): true/false, also 1/0 and yes/no as form clients send them,
 * any case. Absent or blank -> the default; anything else -> 400, and nothing is created.
 */
export function parseBooleanParam(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1' || v === 'yes') return true;
  if (v === 'false' || v === '0' || v === 'no') return false;
  throw errors.invalidParameter(name, `${JSON.stringify(value)} is not a boolean; send true or false`);
}

/** Longest list name and description kept; longer ones are refused rather than cut (a client bug to surface). */
export const MAX_LIST_NAME = 200;
export const MAX_LIST_DESCRIPTION = 2000;

/** `name`: required, not blank, at most MAX_LIST_NAME characters; kept as sent apart from surrounding spaces. */
export function parseListName(value: string | undefined): string {
  const name = value?.trim() ?? '';
  if (name === '') throw errors.missingParameter('name', 'send the name of the new list');
  if (name.length > MAX_LIST_NAME) throw errors.invalidParameter('name', `the name is ${name.length} characters long; send at most ${MAX_LIST_NAME}`);
  return name;
}

export function parseListDescription(value: string | undefined): string {
  const description = value?.trim() ?? '';
  if (description.length > MAX_LIST_DESCRIPTION) {
    throw errors.invalidParameter('description', `the description is ${description.length} characters long; send at most ${MAX_LIST_DESCRIPTION}`);
  }
  return description;
}
