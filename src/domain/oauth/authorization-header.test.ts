import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSpace, parseAuthorizationHeader, type ParsedHeader } from './authorization-header.js';
import { percentDecode } from './percent-decode.js';

// The regular-expression reader the scanner replaced: the scanner must read every header exactly as it did.
const OAUTH_SCHEME = /^\s*OAuth(?=\s|$)/i;
const SEPARATORS = /[\s,]*/y;
const AUTH_PARAM = /([^\s=,"]+)\s*=\s*(?:"([^"]*)"|([^\s,"]*))/y;

type Reading = { params: Array<[string, string]>; realm?: string } | { error: string };

function byRegex(header: string): Reading {
  const scheme = OAUTH_SCHEME.exec(header);
  if (!scheme) return { params: [] };
  const params: Array<[string, string]> = [];
  let realm: string | undefined;
  let pos = scheme[0].length;
  for (;;) {
    SEPARATORS.lastIndex = pos;
    const gap = SEPARATORS.exec(header)?.[0] ?? '';
    if (pos + gap.length >= header.length) break;
    if (params.length + (realm === undefined ? 0 : 1) > 0 && gap.length === 0) {
      return { error: `expected a comma after the parameter ending at character ${pos}` };
    }
    pos += gap.length;
    AUTH_PARAM.lastIndex = pos;
    const match = AUTH_PARAM.exec(header);
    const after = match ? header[AUTH_PARAM.lastIndex] : undefined;
    if (!match || after === '"') {
      return { error: `cannot read a name="value" pair at character ${pos}: ${JSON.stringify(header.slice(pos, pos + 30))}` };
    }
    pos = AUTH_PARAM.lastIndex;
    const name = percentDecode(match[1]!, { plusAsSpace: false });
    const value = percentDecode(match[2] ?? match[3] ?? '', { plusAsSpace: false });
    if (name.toLowerCase() === 'realm') realm ??= value;
    else params.push([name, value]);
  }
  return realm === undefined ? { params } : { params, realm };
}

function byScanner(header: string): Reading {
  const parsed: ParsedHeader = parseAuthorizationHeader(header);
  if (!parsed.ok) return { error: /\((.*)\); send it as/s.exec(parsed.error.details ?? '')?.[1] ?? 'no reason' };
  const params = parsed.params.map((p): [string, string] => [p.name, p.value]);
  return parsed.realm === undefined ? { params } : { params, realm: parsed.realm };
}

describe('parseAuthorizationHeader reads what the regular expressions read', () => {
  it.each([
    ['the usual header', 'OAuth realm="Photos", oauth_consumer_key="key", oauth_nonce="n1"'],
    ['leading whitespace and another case', ' \t oAUTH oauth_consumer_key="key"'],
    ['the bare scheme name', 'OAuth'],
    ['the scheme and spaces', 'OAuth   '],
    ['a scheme that merely starts with OAuth', 'OAuthX a="1"'],
    ['another scheme', 'Bearer abc'],
    ['a scheme name cut short', 'OAut'],
    ['the scheme followed by a no-break space', 'OAuth\u00a0a="1"'],
    ['the scheme followed by a comma', 'OAuth,a="1"'],
    ['a non-ASCII letter folding to an ASCII one', 'OAuth\u017F a="1"'],
    ['unicode spaces between pairs', 'OAuth a="1"\u2003b="2"\u3000,\ufeffc="3"'],
    ['spaces around =', 'OAuth a \t=\t "1" , b= 2'],
    ['an unterminated quote', 'OAuth a="1'],
    ['a quote right after a quoted value', 'OAuth a="1"" , b="2"'],
    ['a quote inside an unquoted value', 'OAuth a=x"y"'],
    ['a name without =', 'OAuth a'],
    ['a name then spaces then the end', 'OAuth a   '],
    ['= without a name', 'OAuth ="1"'],
    ['pairs run together', 'OAuth a="1"b="2"'],
    ['an empty unquoted value before a comma', 'OAuth a=,b="2"'],
    ['an empty unquoted value at the end', 'OAuth a='],
    ['commas inside quotes', 'OAuth a="1,2", b="x y"'],
    ['several realms, first wins', 'OAuth REALM="one", Realm="two", a="1"'],
    ['a realm-like longer name', 'OAuth realms="x", realm2="y"'],
    ['percent escapes and a plus', 'OAuth oauth_signature="a+b%2F%3D", n%61me="v"'],
    ['a bad escape', 'OAuth a="100%", b="%ZZ"'],
    ['a long junk tail', `OAuth a="1", ${'"'.repeat(40)}`],
    ['astral characters', 'OAuth \ud83c\udfac="\ud83c\udfa5"'],
  ])('%s', (_rule, header) => {
    expect(byScanner(header)).toEqual(byRegex(header));
  });

  it('on any header made of the characters that matter', () => {
    const piece = fc.constantFrom(
      'OAuth',
      'oauth',
      ' ',
      '\t',
      '\u00a0',
      '\u2028',
      ',',
      '=',
      '"',
      'a',
      'realm',
      'oauth_nonce',
      '%41',
      '%',
      '+',
      'é',
      '\ud83c\udfac',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const header = pieces.join('');
        expect(byScanner(header)).toEqual(byRegex(header));
      }),
      { numRuns: 2000, seed: 8 },
    );
  });
});

describe('isSpace', () => {
  it('agrees with \\s on every UTF-16 code unit', () => {
    const differ: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isSpace(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c);
    expect(differ).toEqual([]);
  });
});
