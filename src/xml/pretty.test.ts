import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xmlValues } from '../../test/support/xml-values.js';
import { prettyXml } from './pretty.js';
import { doc, el, esc, text, XML_DECLARATION } from './writer.js';

describe('pretty XML', () => {
  it('indents elements and keeps text on the line of its element', () => {
    const compact = `${XML_DECLARATION}<a><b>x &amp; y</b><c d="1"/><e><f>2</f></e></a>`;
    expect(prettyXml(compact)).toBe(`${XML_DECLARATION}\n<a>\n  <b>x &amp; y</b>\n  <c d="1"/>\n  <e>\n    <f>2</f>\n  </e>\n</a>\n`);
  });

  it.each([
    ['an empty element written with an end tag', '<description></description>'],
    ['an empty element written self-closed', '<resources_created/>'],
    ['text of spaces only', '<comment>   </comment>'],
    ['text of line breaks and tabs only', '<comment>\n\t\n</comment>'],
    ['leading and trailing spaces', '<comment>  two  spaces  </comment>'],
    ['escapes as the writer wrote them', '<c>&amp; &lt;b&gt; "q" it\'s a&#13;\nb</c>'],
    ['attribute values as the writer wrote them', '<link title="Monty Python\'s &quot;Brian&quot; &amp; &lt;co&gt; a&#9;b&#10;c&#13;d"/>'],
    ['a raw > inside a quoted attribute value', '<a t="x > y" u=\'1 > 0\'/>'],
    ['U+2028, U+0085, U+00A0 and astral characters', '<t>a\u2028b\u0085c\u00A0d 😀</t>'],
    ['mixed content', '<p>one <b>two</b>  three<i/></p>'],
    ['white space between elements of mixed content', '<p> <b>x</b> </p>'],
    ['a CDATA section', '<t><![CDATA[a <b> & c]]></t>'],
  ])('writes %s exactly as the compact document has it', (_case, element) => {
    expect(prettyXml(`${XML_DECLARATION}<r>${element}</r>`)).toBe(`${XML_DECLARATION}\n<r>\n  ${element}\n</r>\n`);
  });

  it('keeps the declaration as the compact document has it', () => {
    const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
    expect(prettyXml(`${declaration}<r/>`)).toBe(`${declaration}\n<r/>\n`);
  });

  it('an empty description reads back empty and spaces read back as spaces', () => {
    const compact = doc(el('list', undefined, text('name', ' x '), text('description', ''), text('comment', '  ')));
    const pretty = xmlValues(prettyXml(compact));
    expect(pretty).toEqual(xmlValues(compact));
    expect(pretty.root).toEqual({
      name: 'list',
      attrs: [],
      children: [
        { name: 'name', attrs: [], children: [' x '] },
        { name: 'description', attrs: [], children: [] },
        { name: 'comment', attrs: [], children: ['  '] },
      ],
    });
  });

  it('every text and attribute value of a written document reads back the same (property)', () => {
    const hard = fc.constantFrom(' ', '  ', '\t', '\n', '\r', '\r\n', '&', '<', '>', '"', "'", ']]>', '\u2028', '\u0085', '\u00A0', 'é', '😀', 'x');
    const value = fc.oneof(fc.constant(''), fc.string({ unit: hard, maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 8 }));
    const name = fc.constantFrom('a', 'b', 'list', 'description');
    const attrs = fc.dictionary(fc.constantFrom('href', 'title', 'rel'), value, { maxKeys: 3 });
    const { node } = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.tuple(name, value).map(([n, v]) => text(n, v)),
        fc.tuple(name, attrs).map(([n, a]) => el(n, a)),
        // Mixed content: the serializers write none, but the printer keeps it too.
        fc.tuple(name, attrs, fc.array(fc.oneof(tie('node'), value.map(esc)), { maxLength: 4 })).map(([n, a, kids]) => el(n, a, ...kids)),
      ),
    }));
    fc.assert(
      fc.property(node, (root) => {
        const compact = doc(root);
        expect(xmlValues(prettyXml(compact))).toEqual(xmlValues(compact));
      }),
    );
  });
});
