import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { el, esc, escAttr, text } from './writer.js';

/** What a conforming XML parser reads back from an element's text and from an attribute. */
function readBack(xml: string): { text: string; attr: string } {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement!;
  return { text: root.textContent ?? '', attr: root.getAttribute('a') ?? '' };
}

describe('esc and escAttr', () => {
  it.each([
    ['&, < and > are escaped in text and attributes', '<a>&b', '&lt;a&gt;&amp;b', '&lt;a&gt;&amp;b'],
    ['a double quote is escaped only in attributes, which are double-quoted', 'say "hi"', 'say "hi"', 'say &quot;hi&quot;'],
    [
      'an apostrophe stays raw in text and attributes, as the captures show',
      "Monty Python's Life Of Brian",
      "Monty Python's Life Of Brian",
      "Monty Python's Life Of Brian",
    ],
    ['a CR is a character reference, so it is not read back as LF', 'a\r\nb\rc', 'a&#13;\nb&#13;c', 'a&#13;&#10;b&#13;c'],
    [
      'NEL, LS and PS are character references, so no parser reads them as line ends',
      'a\u0085b\u2028c\u2029d',
      'a&#133;b&#8232;c&#8233;d',
      'a&#133;b&#8232;c&#8233;d',
    ],
    ['tab and LF stay literal in text but are references in attributes', 'a\tb\nc', 'a\tb\nc', 'a&#9;b&#10;c'],
    ['characters XML 1.0 cannot carry are dropped', 'a\u0000b\u0001c\uFFFEd\uD800e', 'abcde', 'abcde'],
    ['a surrogate pair is kept', 'x😀y', 'x😀y', 'x😀y'],
  ])('%s', (_rule, input, inText, inAttr) => {
    expect(esc(input)).toBe(inText);
    expect(escAttr(input)).toBe(inAttr);
  });

  it.each([
    ['CRLF and lone CR', 'line one\r\nline two\rthree'],
    ['tabs and newlines', '\tindented\n\tagain\n'],
    ['markup and quotes', `"<![CDATA[x]]>" & 'y'`],
  ])('text and attributes read back equal to what was written: %s', (_rule, value) => {
    const back = readBack(el('x', { a: value }, text('t', value)));
    expect(back.text).toBe(value);
    expect(back.attr).toBe(value);
  });

  it('el writes an apostrophe in an attribute raw and a double quote as &quot;, and both read back', () => {
    const xml = el('x', { a: `Monty Python's "Life" Of Brian` }, text('t', `"Brian"'s`));
    expect(xml).toBe(`<x a="Monty Python's &quot;Life&quot; Of Brian"><t>"Brian"'s</t></x>`);
    expect(readBack(xml)).toEqual({ attr: `Monty Python's "Life" Of Brian`, text: `"Brian"'s` });
  });
});
