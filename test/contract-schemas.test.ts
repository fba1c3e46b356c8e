import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractProblems, schemaFiles, schemaRoots, SCHEMA_DIR, validateXmlDocuments } from './support/validate-xml.js';
import { testWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';

const DECL = '<?xml version="1.0" encoding="utf-8" standalone="yes"?>';
const B = 'http://rentalsim.test';
const S = 'http://schemas.lovefilm.com';

/** A whole catalog_title as the serializer writes it; `parts` replaces pieces to break one rule at a time. */
function title(parts: Partial<Record<'head' | 'id' | 'name' | 'adult' | 'categories' | 'links', string>> = {}): string {
  return (
    '<catalog_title>' +
    (parts.head ??
      '<studio>Pinewood</studio><release_date>2004-05-17</release_date><production_year>2003</production_year><number_of_ratings>12</number_of_ratings><rating>4.5</rating><can_rent>true</can_rent><run_time>98</run_time>') +
    (parts.id ?? `<id>${B}/catalog/title/15471</id>`) +
    (parts.name ?? '<title full="Firefly: The Complete Series" clean="Firefly"/>') +
    (parts.adult ?? '<adult>false</adult>') +
    (parts.categories ??
      `<category scheme="${B}/categories/catalog" term="video"/><category scheme="${B}/categories/format" term="DVD"/><category scheme="${B}/categories/certificates/bbfc" term="15"/>`) +
    (parts.links ??
      `<link href="${B}/catalog/title/15471/synopsis" rel="${S}/synopsis" title="synopsis"><synopsis><synopsis_text>Space. ...</synopsis_text></synopsis></link><link href="http://www.lovefilm.com/film/Firefly/15471/?cid=LFAPI" rel="alternate" title="web page"/>`) +
    '</catalog_title>'
  );
}

const wait = (term: string) => `<category scheme="${B}/categories/estimated_wait" term="${term}"/>`;
const disc = (parts: { wait?: string; tail?: string } = {}) =>
  `<queue_disc><id>${B}/users/G/queues/disc/11</id>${parts.wait ?? wait('short')}${title()}${parts.tail ?? ''}</queue_disc>`;
const queueItem = (categories = `<category scheme="${B}/categories/availability" term="available"/>${wait('normal')}`) =>
  `<queue_item><id>${B}/users/G/queues/item/10</id><priority>1</priority><shipped_in_order>true</shipped_in_order>${categories}` +
  `<link href="${B}/users/G/queues/1001" rel="${S}/queue" title="Films"/>${title()}${disc()}</queue_item>`;
const listItem = (comment = '<comment>Shiny.</comment>') =>
  `<list_item><id>${B}/users/G/lists/7001/10</id>${comment}<created>2024-01-02T03:04:05Z</created><updated>2024-01-02T03:04:05Z</updated>${title()}</list_item>`;

const rated = (rating: string, updated: string) =>
  `<rating_item><id>${B}/users/G/ratings/title/15471</id><rating>${rating}</rating><updated>${updated}</updated>${title()}</rating_item>`;

describe('the schemas', () => {
  it('give every response root the issue names its own schema, plus common.xsd and rentalsim.xsd (all roots)', () => {
    const roots = [
      'search',
      'catalog_title',
      'people',
      'synopsis',
      'histogram',
      'languages',
      'collection',
      'collections',
      'artworks',
      'similars',
      'person',
      'biography',
      'filmography',
      'resource',
      'user',
      'ratings',
      'rating_item',
      'reviews',
      'review',
      'queues',
      'queue',
      'rented',
      'at_home',
      'lists',
      'list_items',
      'recommendations',
      'response',
      'resources_created',
      'status',
      'error',
      'category_scheme',
      // Each id in a queue or a collection can be followed (docs/reference/wire-format.md#addresses-and-ids):
      // the single element is the root.
      'queue_item',
      'queue_disc',
      'list_item',
    ];
    expect(schemaRoots().sort()).toEqual([...roots].sort());
    const all = readFileSync(join(SCHEMA_DIR, 'rentalsim.xsd'), 'utf8');
    for (const r of roots) {
      expect(all).toContain(`<xs:include schemaLocation="${r}.xsd"/>`);
      expect(readFileSync(join(SCHEMA_DIR, `${r}.xsd`), 'utf8')).toContain(`<xs:element name="${r}"`);
    }
  });

  it('accept a whole catalog_title, a bare expand=none one, and each root validates alone against its own file', async () => {
    const docs = [title(), `<catalog_title><id>${B}/catalog/title/1</id><title full="A" clean="A"/></catalog_title>`];
    expect((await validateXmlDocuments(docs)).map((r) => r.errors)).toEqual([[], []]);
    expect((await validateXmlDocuments(docs, 'catalog_title.xsd')).map((r) => r.valid)).toEqual([true, true]);
    expect((await validateXmlDocuments(['<error><reason>Not Found</reason><details>d</details></error>'], 'catalog_title.xsd'))[0]!.valid).toBe(false);
  });

  it('accept a single queue_item, queue_disc and list_item (the answers to GET on their ids), each against its own file too', async () => {
    const docs: Array<[string, string]> = [
      [queueItem(), 'queue_item.xsd'],
      [disc(), 'queue_disc.xsd'],
      [listItem(), 'list_item.xsd'],
    ];
    expect((await validateXmlDocuments(docs.map(([d]) => DECL + d))).map((r) => r.errors)).toEqual([[], [], []]);
    for (const [d, file] of docs) expect((await validateXmlDocuments([DECL + d], file))[0]!.valid, file).toBe(true);
    expect((await validateXmlDocuments([DECL + disc()], 'queue_item.xsd'))[0]!.valid).toBe(false);
  });

  // Each rule is one of docs/reference/wire-format.md; a schema that let any of these through would not guard it.
  it.each([
    [
      'catalog_title keeps the real element order: can_rent before id',
      title({ head: '<studio>P</studio>', id: `<id>${B}/catalog/title/1</id><can_rent>true</can_rent>` }),
    ],
    [
      'catalog_title keeps the real element order: studio before release_date',
      title({ head: '<release_date>2004-05-17</release_date><studio>P</studio><can_rent>true</can_rent>' }),
    ],
    ['catalog_title always has can_rent', title({ head: '<studio>P</studio>' })],
    ['catalog_title always has adult', title({ adult: '' })],
    ['catalog_title always has catalog, format and certificate categories', title({ categories: `<category scheme="${B}/categories/catalog" term="video"/>` })],
    ['title has full and clean', title({ name: '<title full="Firefly"/>' })],
    ['every link has a title', title({ links: `<link href="${B}/catalog/title/1/synopsis" rel="${S}/synopsis"/>` })],
    ['every link has an href', title({ links: `<link rel="${S}/synopsis" title="synopsis"/>` })],
    [
      'every category has a term',
      title({
        categories: `<category scheme="${B}/categories/catalog"/><category scheme="${B}/categories/format" term="DVD"/><category scheme="${B}/categories/certificates/bbfc" term="15"/>`,
      }),
    ],
    [
      'every category has a scheme',
      title({
        categories: `<category term="video"/><category scheme="${B}/categories/format" term="DVD"/><category scheme="${B}/categories/certificates/bbfc" term="15"/>`,
      }),
    ],
    ['ids are absolute URIs', title({ id: '<id>/catalog/title/1</id>' })],
    ['booleans are true or false, not 1', title({ adult: '<adult>0</adult>' })],
    ['release_date is YYYY-MM-DD', title({ head: '<release_date>2004-05-17T00:00:00Z</release_date><can_rent>true</can_rent>' })],
    ['an average rating prints 4, never 4.0', title({ head: '<rating>4.0</rating><can_rent>true</can_rent>' })],
    ['a rating is at most 5', rated('5.5', '2024-01-02T03:04:05Z')],
    ['a datetime has whole seconds and Z', rated('4', '2024-01-02T03:04:05.123Z')],
    ['a datetime is UTC, written Z', rated('4', '2024-01-02T03:04:05+01:00')],
    [
      'the user rating comes before the embedded catalog_title',
      `<rating_item><id>${B}/u</id>${title()}<rating>4</rating><updated>2024-01-02T03:04:05Z</updated></rating_item>`,
    ],
    ['a histogram has ten bins', `<histogram><bins><bin count="1" label="0.5"/></bins></histogram>`],
    [
      'paging links are self, next or last, unprefixed',
      `<ratings><total_results>0</total_results><items_per_page>25</items_per_page><start_index>1</start_index><link href="${B}/x" rel="${S}/self" title="self"/><link href="${B}/x" rel="last" title="last"/></ratings>`,
    ],
    [
      'start_index starts at 1',
      `<ratings><total_results>0</total_results><items_per_page>25</items_per_page><start_index>0</start_index><link href="${B}/x" rel="self" title="self"/><link href="${B}/x" rel="last" title="last"/></ratings>`,
    ],
    ['a queue POST answer holds failed_title_refs even when empty', '<response><resources_created/></response>'],
    ['a rating POST answer holds exactly one link', '<resources_created/>'],
    [
      'GET /users answers exactly one link',
      `<resource><link href="${B}/a" rel="${S}/user" title="a"/><link href="${B}/b" rel="${S}/user" title="b"/></resource>`,
    ],
    ['an error has reason and details', '<error><reason>Not Found</reason></error>'],
    [
      'a queue priority is 1 to 3',
      `<at_home><awaiting_allocation>0</awaiting_allocation><at_home_item><priority>4</priority><shipped>2024-01-02</shipped>${title()}</at_home_item></at_home>`,
    ],
    [
      'shipped is a date, YYYY-MM-DD',
      `<at_home><awaiting_allocation>0</awaiting_allocation><at_home_item><priority>2</priority><shipped>2024-01-02T00:00:00Z</shipped>${title()}</at_home_item></at_home>`,
    ],
    ['a queue_item has its availability and estimated_wait categories', queueItem(wait('normal'))],
    ['a queue_disc is its id, its wait and its catalog_title, nothing more', disc({ tail: '<priority>1</priority>' })],
    ['a queue_disc wait is normal, short or long', disc({ wait: wait('available') })],
    ['a list_item has its comment', listItem('')],
    ['an unknown root is no answer of the API', '<catalogue_title/>'],
    ['a document that is not well-formed XML is refused', '<error><reason>x</reason><details>y</details>'],
  ])('refuse a document that breaks the rule: %s', async (_rule, xml) => {
    const [r] = await validateXmlDocuments([DECL + xml]);
    expect(r!.valid).toBe(false);
    expect(r!.errors.length).toBeGreaterThan(0);
  });
});

describe('checking answers against the contract', () => {
  it('reports an answer that does not validate, and one whose root openapi.yaml does not declare for its route', async () => {
    const good = `${DECL}<error><reason>Not Found</reason><details>d</details></error>`;
    const problems = await contractProblems([
      { method: 'GET', url: 'http://127.0.0.1:1/catalog/title/1', status: 404, body: good },
      { method: 'GET', url: 'http://127.0.0.1:1/catalog/title/1', status: 200, body: `${DECL}<error><reason>x</reason></error>` },
      { method: 'GET', url: 'http://127.0.0.1:1/users', status: 200, body: good },
    ]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/GET \/catalog\/title\/1 -> 200 <error> does not validate/);
    expect(problems[1]).toMatch(/GET \/catalog\/title\/1 -> 200 <error>: openapi.yaml declares <catalog_title> here/);
    expect(problems[2]).toMatch(/GET \/users -> 200 <error>: openapi.yaml declares <resource> here/);
  });

  it('reports an answer without the XML declaration first, or with another content type', async () => {
    const error = '<error><reason>Not Found</reason><details>d-decl</details></error>';
    const problems = await contractProblems([
      { method: 'GET', url: '/nowhere', status: 404, body: error },
      { method: 'GET', url: '/nowhere', status: 404, body: `\uFEFF${DECL}${error}` },
      { method: 'GET', url: '/nowhere', status: 404, body: `${DECL}\n${error}`, contentType: 'application/xml; charset=utf-8' },
      { method: 'GET', url: '/nowhere', status: 404, body: `${DECL}\n${error}`, contentType: 'application/xml;charset=UTF-8' },
    ]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/does not start with <\?xml version="1.0" encoding="utf-8" standalone="yes"\?>/);
    expect(problems[1]).toMatch(/does not start with/);
    expect(problems[2]).toMatch(/has Content-Type "application\/xml; charset=utf-8"/);
  });

  it('accepts an error from a path nothing lives at, and from a method a resource does not answer', async () => {
    const error = `${DECL}<error><reason>Not Found</reason><details>d</details></error>`;
    expect(
      await contractProblems([
        { method: 'GET', url: '/nowhere', status: 404, body: error },
        { method: 'PATCH', url: '/users', status: 405, body: error },
      ]),
    ).toEqual([]);
  });
});

describe('GET /schemas/<name>.xsd', () => {
  const { app } = testWorld('default');

  it('serves every file of schemas/ byte for byte as application/xml, without OAuth', async () => {
    for (const f of schemaFiles()) {
      const res = await request(app).get(`/schemas/${f.fileName}`).set('Host', 'rentalsim.test').buffer(true);
      expect(res.status, f.fileName).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml;charset=UTF-8');
      expect(res.text).toBe(readFileSync(join(SCHEMA_DIR, f.fileName), 'utf8'));
    }
  });

  it('answers 404 <error> naming the schemas for a name that is not one', async () => {
    for (const name of ['nope.xsd', '..%2Fpackage.json', 'common']) {
      const res = await request(app).get(`/schemas/${name}`).set('Host', 'rentalsim.test');
      expect(res.status).toBe(404);
      const doc = parseXml(res.text);
      expect(str(doc, '/error/reason')).toBe('Not Found');
      expect(str(doc, '/error/details')).toContain('/schemas/rentalsim.xsd');
    }
  });

  it('answers 405 with Allow for a write', async () => {
    const res = await request(app).post('/schemas/error.xsd').set('Host', 'rentalsim.test');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toContain('GET');
  });
});
