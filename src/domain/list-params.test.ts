import { describe, expect, it } from 'vitest';
import { MAX_LIST_DESCRIPTION, MAX_LIST_NAME, parseBooleanParam, parseListDescription, parseListName } from './list-params.js';

describe('parseBooleanParam', () => {
  it.each<[string, string | undefined, boolean, boolean]>([
    ['absent takes the default true', undefined, true, true],
    ['absent takes the default false', undefined, false, false],
    ['blank takes the default', '  ', true, true],
    ['true is true', 'true', false, true],
    ['case does not matter', 'FALSE', true, false],
    ['1 is true', '1', false, true],
    ['0 is false', '0', true, false],
    ['yes is true', 'yes', false, true],
    ['no is false', 'No', true, false],
  ])('%s', (_rule, value, fallback, expected) => expect(parseBooleanParam('public', value, fallback)).toBe(expected));

  it.each([['maybe'], ['2'], ['t']])('rejects %j with 400 naming the parameter', (value) => {
    expect(() => parseBooleanParam('public', value, true)).toThrow(expect.objectContaining({ status: 400, details: expect.stringContaining('public') }));
  });
});

describe('list name and description', () => {
  it.each([
    ['a name is kept exactly as sent, surrounding spaces included', ' Films ', ' Films '],
    ['U+FEFF and U+2028 at either end are kept', '\uFEFFFilms\u2028', '\uFEFFFilms\u2028'],
    ['a name at the limit is kept', 'x'.repeat(MAX_LIST_NAME), 'x'.repeat(MAX_LIST_NAME)],
  ])('%s', (_rule, value, expected) => expect(parseListName(value)).toBe(expected));

  it.each([
    ['a missing name', undefined],
    ['a blank name', '   '],
    ['a name of only U+FEFF and U+2028', '\uFEFF\u2028'],
    ['a name over the limit only with its spaces', ` ${'x'.repeat(MAX_LIST_NAME)}`],
    ['a name over the limit', 'x'.repeat(MAX_LIST_NAME + 1)],
  ])('rejects %s with 400', (_rule, value) => expect(() => parseListName(value)).toThrow(expect.objectContaining({ status: 400 })));

  it('a missing description is empty', () => expect(parseListDescription(undefined)).toBe(''));
  it('a description is kept exactly as sent', () => expect(parseListDescription(' \u2028a\n ')).toBe(' \u2028a\n '));
  it('a description over the limit is refused', () => {
    expect(() => parseListDescription('x'.repeat(MAX_LIST_DESCRIPTION + 1))).toThrow(expect.objectContaining({ status: 400 }));
  });
});
