import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE } from './support/signing.js';
import { BASE } from './support/world.js';
import { nodes, parseXml, str } from './support/xml.js';
import { arena, expectWellFormedAnswer, formEncode, NASTY, sendHostile, stateOf, type Arena } from './hostile-helpers.js';

// Strings from users come back escaped and intact: list names and descriptions, entry comments and search
// terms, written with any Unicode and every XML and SQL metacharacter, read back equal after an XML parse.
// "Equal" allows one change only: characters XML 1.0 cannot carry at all (C0 controls other than tab, LF
// and CR; U+FFFE, U+FFFF) are dropped, as src/xml/writer.ts esc documents. Nothing is trimmed: leading and
// trailing spaces, U+FEFF and U+2028 come back too (drawn often at both ends).

const LISTS = `/users/${ALICE.guid}/lists`;

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What the API should give back for a string it stored: the same, less what XML 1.0 cannot carry. */
const expected = (sent: string) => sent.replace(NOT_XML, '');

/** What JavaScript's trim() (and many a server) strips: drawn at both ends, so any stripping shows. */
const edge = fc
  .array(fc.constantFrom(' ', '\t', '\n', '\r', '\uFEFF', '\u2028', '\u2029', '\u00A0', '\u3000'), { maxLength: 3 })
  .map((parts) => parts.join(''));

/** Well-formed Unicode (a client cannot send a lone surrogate in UTF-8) full of metacharacters. */
const userText = fc
  .tuple(
    edge,
    fc.array(
      fc.oneof(
        {
          weight: 2,
          arbitrary: fc.constantFrom(...NASTY, ' ', '\t', '\n', '\r\n', '\r', '\u00A0', '\u0085', '\u2028', '\uFEFF', '&lt;', '"quoted"', "it's", '%41', '+'),
        },
        { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
      ),
      { minLength: 1, maxLength: 12 },
    ),
    edge,
  )
  .map(([before, parts, after]) => before + parts.join('') + after)
  .filter((s) => !LONE_SURROGATE.test(s));

let a: Arena;
beforeAll(async () => {
  a = await arena();
});
afterAll(async () => a.close());

const post = (path: string, pairs: Array<[string, string]>) =>
  sendHostile(a, { method: 'POST', path, body: formEncode(pairs), contentType: 'application/x-www-form-urlencoded' });
const get = (path: string, rawQuery = '') => sendHostile(a, { method: 'GET', path, rawQuery });

describe('user strings round-trip through the API', () => {
  it('a list name and description come back as sent, in the create answer and in GET /lists', async () => {
    await fc.assert(
      fc.asyncProperty(userText, userText, async (name, description) => {
        a.world.reset();
        const before = stateOf(a);
        const res = await post(LISTS, [
          ['name', name],
          ['description', description],
        ]);
        expectWellFormedAnswer(res, `name ${JSON.stringify(name)}`);
        // A blank name (JavaScript's whitespace, U+FEFF included) is missing; lengths count what was sent.
        if (name.trim() === '' || name.length > 200 || description.length > 2000) {
          expect(res.status).toBe(400);
          expect(stateOf(a).equals(before)).toBe(true);
          return;
        }
        expect(res.status, res.text).toBe(201);
        const created = parseXml(res.text);
        const href = str(created, '/resources_created/link/@href');
        expect(str(created, '/resources_created/link/@title')).toBe(expected(name));
        const lists = parseXml((await get(LISTS)).text);
        const list = nodes(lists, `/lists/list[link/@href="${href}"]`);
        expect(list).toHaveLength(1);
        expect(str(list[0]!, 'name')).toBe(expected(name));
        expect(str(list[0]!, 'description')).toBe(expected(description));
        expect(str(list[0]!, 'link/@title')).toBe(expected(name));
      }),
      { numRuns: 100 },
    );
  });

  it('a comment on list entries comes back as sent', async () => {
    await fc.assert(
      fc.asyncProperty(userText, async (comment) => {
        a.world.reset();
        const res = await post(`${LISTS}/7001`, [
          ['title_refs', `${BASE}/catalog/title/10376`],
          ['comment', comment],
        ]);
        expectWellFormedAnswer(res, `comment ${JSON.stringify(comment)}`);
        expect(res.status, res.text).toBe(201);
        const doc = parseXml((await get(`${LISTS}/7001`, 'items_per_page=100&expand=none')).text);
        const entry = nodes(doc, `/list_items/list_item[id="${BASE}${LISTS}/7001/10376"]`);
        expect(entry).toHaveLength(1);
        expect(str(entry[0]!, 'comment')).toBe(expected(comment));
      }),
      { numRuns: 100 },
    );
  });

  it('a search term comes back intact in every page link', async () => {
    await fc.assert(
      fc.asyncProperty(userText, async (term) => {
        const res = await get(
          '/catalog/title',
          formEncode([
            ['term', term],
            ['items_per_page', '1'],
          ]),
        );
        expectWellFormedAnswer(res, `term ${JSON.stringify(term)}`);
        expect(res.status, res.text).toBe(200);
        const doc = parseXml(res.text);
        const hrefs = nodes(doc, '/search/link[@rel="self" or @rel="next" or @rel="last"]/@href').map((n) => String(n.nodeValue));
        expect(hrefs.length).toBeGreaterThanOrEqual(2);
        for (const href of hrefs) expect(new URL(href).searchParams.get('term')).toBe(term);
      }),
      { numRuns: 100 },
    );
  });
});
