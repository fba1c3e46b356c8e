import { describe, expect, it } from 'vitest';
import { simulatorServerOf } from '../src/index.js';
import { as, listsPath, SCIFI_LIST, titleRef } from './queue-helpers.js';
import { xmlValues } from './support/xml-values.js';
import { testWorld } from './support/world.js';
import { nodes, parseXml } from './support/xml.js';
import { XML_DECLARATION } from '../src/xml/writer.js';

// Lists and comments keep strings exactly as sent: empty, spaces only, line ends, markup, U+2028.
const TRICKY = 'one\r\ntwo\u2028three\u0085 & <four> "five" it\'s\t ';

describe('--pretty answers', () => {
  it('read back with every text and attribute value of the compact answer, empty and white-space values included', async () => {
    const { app, world, config } = testWorld();
    const pretty = simulatorServerOf({ world, config: { ...config, prettyXml: true } });
    expect((await as(app, 'POST', listsPath(), { name: 'No description' })).status).toBe(201);
    expect((await as(app, 'POST', listsPath(), { name: `\t${TRICKY}`, description: '   ' })).status).toBe(201);
    const scifi = `${listsPath()}/${SCIFI_LIST}`;
    expect((await as(app, 'POST', scifi, { title_refs: titleRef(31), comment: '  ' })).status).toBe(201);
    expect((await as(app, 'POST', scifi, { title_refs: titleRef(71), comment: TRICKY })).status).toBe(201);

    for (const path of [listsPath(), scifi]) {
      const compactText = (await as(app, 'GET', path)).text;
      const prettyText = (await as(pretty, 'GET', path)).text;
      expect(prettyText.startsWith(`${XML_DECLARATION}\n<`), path).toBe(true);
      expect(prettyText).not.toBe(compactText);
      expect(xmlValues(prettyText), path).toEqual(xmlValues(compactText));
    }

    // What the comparison above covers, read from the pretty answers themselves.
    const lists = (await as(pretty, 'GET', listsPath())).text;
    expect(lists).toContain('\n    <description></description>\n');
    expect(lists).toContain('\n    <description>   </description>\n');
    expect(nodes(parseXml(lists), '/lists/list/link/@title').map((a) => a.nodeValue)).toContain(`\t${TRICKY}`);
    const items = parseXml((await as(pretty, 'GET', `${scifi}?expand=none`)).text);
    expect(
      nodes(items, '/list_items/list_item/comment')
        .slice(-2)
        .map((n) => n.textContent),
    ).toEqual(['  ', TRICKY]);
  });
});
