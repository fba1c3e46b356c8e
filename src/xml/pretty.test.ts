import { describe, expect, it } from 'vitest';
import { prettyXml } from './pretty.js';

describe('pretty XML', () => {
  it('indents elements and keeps text on the line of its element', () => {
    const compact = '<?xml version="1.0" encoding="utf-8" standalone="yes"?><a><b>x &amp; y</b><c d="1"/><e><f>2</f></e></a>';
    expect(prettyXml(compact)).toBe(
      '<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<a>\n  <b>x &amp; y</b>\n  <c d="1"/>\n  <e>\n    <f>2</f>\n  </e>\n</a>\n',
    );
  });

  it('changes no text value: removing the added white space gives back the compact document', () => {
    const compact = '<r><t full="A &gt; B">a  b</t><empty></empty></r>';
    expect(prettyXml(compact).replace(/\n\s*/g, '')).toBe(compact);
  });
});
