import { describe, expect, it } from 'vitest';
import { collectOAuthParams } from '../domain/oauth/collect-oauth-params.js';
import { Params } from './request-context.js';

describe('request parameters', () => {
  it.each([
    ['plus is a space in a query', 'term=a+b', 'a b'],
    ['an escaped plus stays a plus', 'term=a%2Bb', 'a+b'],
    ['UTF-8 escapes decode', 'term=caf%C3%A9', 'café'],
    ['a malformed escape is kept as written', 'term=100%', '100%'],
    ['bytes that are not UTF-8 become U+FFFD', 'term=%C3%28', '\uFFFD('],
  ])('%s', (_rule, query, value) => {
    expect(Params.parse(query, undefined).get('term')).toBe(value);
  });

  it.each(['term=a+b', 'term=100%', 'term=%C3%28', 'term=%FF%FE', 'term=caf%C3%A9&term=x'])(
    'handlers see exactly the values the OAuth verifier signed (%s)',
    (query) => {
      const signed = collectOAuthParams({ rawQuery: query });
      if (!signed.ok) throw signed.error;
      expect(Params.parse(query, undefined).pairs).toEqual(signed.params.map((p) => [p.name, p.value]));
    },
  );

  it.each([
    ['a lone high surrogate', 'name=\uD800x', 'U+D800, character 6'],
    ['a lone low surrogate at the end', 'a=1&name=\uDC00', 'U+DC00, character 10'],
    ['a low surrogate before its high one', 'name=\uDC00\uD800', 'U+DC00, character 6'],
  ])('a form body with %s is a 400 that says where', (_rule, form, says) => {
    expect(() => Params.parse('', form)).toThrow(says);
  });

  it('a surrogate pair (an emoji sent raw in a UTF-16 body) is text', () => {
    expect(Params.parse('', 'name=\uD83C\uDFAC').get('name')).toBe('🎬');
  });

  it('keeps query then body order, duplicates included', () => {
    expect(Params.parse('a=1&b=2', 'a=3').getAll('a')).toEqual(['1', '3']);
  });
});
