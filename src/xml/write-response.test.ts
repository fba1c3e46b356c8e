import { describe, expect, it } from 'vitest';
import type { XmlContext } from './addresses.js';
import { writeResponseXml } from './write-response.js';

const ctx: XmlContext = { baseUrl: 'http://h', schemaBase: 'http://schemas.lovefilm.com', webBase: 'http://www.lovefilm.com' };

describe('writeResponseXml: the answer to a queue or collection POST', () => {
  it('holds both elements even when nothing was added and nothing failed', () => {
    expect(writeResponseXml(ctx, 'queue_item', [], [])).toBe('<response><resources_created/><failed_title_refs/></response>');
  });

  it('links each created item with the rel asked and each failed ref as sent, titled with why, escaped', () => {
    expect(writeResponseXml(ctx, 'list_item', [{ href: 'http://h/users/G/lists/7/10', title: 'Tom & Jerry' }], [{ ref: 'a&b', why: 'not a <title>' }])).toBe(
      '<response><resources_created><link href="http://h/users/G/lists/7/10" rel="http://schemas.lovefilm.com/list_item" title="Tom &amp; Jerry"/></resources_created>' +
        '<failed_title_refs><link href="a&amp;b" rel="http://schemas.lovefilm.com/failed_title_ref" title="not a &lt;title&gt;"/></failed_title_refs></response>',
    );
  });
});
