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

/**
 * `name`: required and not blank (spaces, U+FEFF and line separators alone do not name a list), at most
 * MAX_LIST_NAME characters, and kept exactly as sent, surrounding spaces included: strings come back intact
 * (docs/reference/proof.md), and a client comparing what it wrote with what it reads must find them equal.
 */
export function parseListName(value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw errors.missingParameter('name', 'send the name of the new list');
  return atMost('name', value, MAX_LIST_NAME);
}

/** `description`: optional (empty when left out), at most MAX_LIST_DESCRIPTION characters, kept exactly as sent. */
export function parseListDescription(value: string | undefined): string {
  return atMost('description', value ?? '', MAX_LIST_DESCRIPTION);
}

function atMost(name: string, value: string, max: number): string {
  if (value.length > max) throw errors.invalidParameter(name, `the ${name} is ${value.length} characters long; send at most ${max}`);
  return value;
}
