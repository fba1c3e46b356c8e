import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueTitles, getXml, titleIds } from './catalog-helpers.js';
import { ALICE, BOB, signed } from './support/signing.js';
import { testWorld, type TestWorld } from './support/world.js';
import { childNames, count, nodes, parseXml, str } from './support/xml.js';

const S = 'http://schemas.lovefilm.com';
const B = 'http://rentalsim.test';
const ZZYZX = 1;
const FIREFLY = 10;
const SERENITY = 30;
const HALO = 40;
const ALIEN = 60;
const ALIEN_DIRECTORS_CUT = 61;

let tw: TestWorld;
beforeAll(() => {
  tw = testWorld('default');
});

/** Element names with runs collapsed: category, category, link -> category, link. */
const collapse = (names: string[]) => names.filter((n, i) => n !== names[i - 1]);
const linkTitles = (doc: Parameters<typeof nodes>[0], path: string) => nodes(doc, `${path}/link`).map((l) => str(l, '@title'));

describe('GET /catalog/title/{id}', () => {
  it('answers the catalog_title with the elements in the real order', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${ZZYZX}`);
    expect(collapse(childNames(doc, '/catalog_title'))).toEqual([
      'studio',
      'release_date',
      'production_year',
      'number_of_ratings',
      'rating',
      'can_rent',
      'run_time',
      'id',
      'title',
      'adult',
      'category',
      'link',
    ]);
    expect(str(doc, '/catalog_title/id')).toBe(`${B}/catalog/title/${ZZYZX}`);
    expect(str(doc, '/catalog_title/title/@full')).toBe('Zzyzx');
    expect(count(doc, `/catalog_title/category[@scheme="${B}/categories/certificates/bbfc"]`)).toBe(1);
    expect(linkTitles(doc, '/catalog_title')).toEqual([
      'actors',
      'directors',
      'synopsis',
      'histogram',
      'languages',
      'collections',
      'artworks',
      'similars',
      'reviews',
      'web page',
    ]);
    expect(str(doc, `/catalog_title/link[@title="actors"]/@rel`)).toBe(`${S}/actors`);
    expect(count(doc, '/catalog_title/link/*')).toBe(0);
  });

  it('a game has no actors, directors or languages links, and one pegi certificate', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${HALO}`);
    expect(linkTitles(doc, '/catalog_title')).toEqual(['synopsis', 'histogram', 'collections', 'artworks', 'similars', 'reviews', 'web page']);
    expect(str(doc, `/catalog_title/category[@scheme="${B}/categories/catalog"]/@term`)).toBe('games');
    expect(count(doc, `/catalog_title/category[starts-with(@scheme, "${B}/categories/certificates/")]`)).toBe(1);
    expect(count(doc, `/catalog_title/category[@scheme="${B}/categories/certificates/pegi"]`)).toBe(1);
  });

  it('answers a disc of a multi-disc title by its own id', async () => {
    const disc = tw.world.scenario.catalog.title(FIREFLY)!.discIds[0]!;
    const doc = await getXml(tw.app, `/catalog/title/${disc}`);
    expect(str(doc, '/catalog_title/id')).toBe(`${B}/catalog/title/${disc}`);
  });

  it.each([['999999999'], ['abc'], ['1.5'], ['-1'], ['1e3']])('answers an unknown or malformed id %s with 404', async (id) => {
    const doc = await getXml(tw.app, `/catalog/title/${id}`, 404);
    expect(str(doc, '/error/reason')).toBe('Not Found');
  });

  it('answers POST with 405 and Allow', async () => {
    const res = await signed(tw.app, 'POST', `/catalog/title/${ZZYZX}`, { form: { a: '1' } });
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD');
  });
});

describe('expand', () => {
  it('a listed link carries its data as a child, the others stay empty', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${FIREFLY}?expand=actors,synopsis`);
    expect(count(doc, `/catalog_title/link[@title="actors"]/people/link[@rel="${S}/person"]`)).toBe(4);
    expect(str(doc, '/catalog_title/link[@title="synopsis"]/synopsis/synopsis_text')).toMatch(/Five hundred years/);
    expect(count(doc, '/catalog_title/link[@title="directors"]/*')).toBe(0);
  });

  it('all expands every expandable link, never similars or reviews', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${ALIEN}?expand=all`);
    for (const [name, child] of [
      ['actors', 'people'],
      ['directors', 'people'],
      ['synopsis', 'synopsis'],
      ['histogram', 'histogram'],
      ['languages', 'languages'],
      ['collections', 'collections'],
      ['artworks', 'artworks'],
    ]) {
      expect(childNames(doc, `/catalog_title/link[@title="${name}"]`), name).toEqual([child]);
    }
    expect(count(doc, '/catalog_title/link[@title="similars"]/*')).toBe(0);
    expect(count(doc, '/catalog_title/link[@title="reviews"]/*')).toBe(0);
  });

  it('none shrinks a title to id and title', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${ZZYZX}?expand=none`);
    expect(childNames(doc, '/catalog_title')).toEqual(['id', 'title']);
  });

  it('embeds the synopsis cut near 200 characters, ending in " ..."', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${FIREFLY}?expand=synopsis`);
    const text = str(doc, '/catalog_title/link[@title="synopsis"]/synopsis/synopsis_text');
    expect(text.endsWith(' ...')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(205);
  });

  it('applies to search results too', async () => {
    const doc = await getXml(tw.app, '/catalog/title?term=zzyzx&expand=directors');
    expect(count(doc, '/search/catalog_title/link[@title="directors"]/people/link')).toBe(1);
  });

  it('rejects an unknown name with 400 listing the allowed ones', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${ZZYZX}?expand=actors,trailers`, 400);
    expect(str(doc, '/error/details')).toMatch(/"trailers".*actors, directors, synopsis, histogram, languages, collections, artworks, similars, reviews/);
    await getXml(tw.app, '/catalog/title?expand=trailers', 400);
  });
});

describe('detail resources', () => {
  it('actors and directors answer people with person links', async () => {
    const actors = await getXml(tw.app, `/catalog/title/${FIREFLY}/actors`);
    expect(nodes(actors, '/people/link').map((l) => str(l, '@href'))).toEqual([1, 3, 4, 5].map((id) => `${B}/catalog/person/${id}`));
    expect(str(actors, '/people/link[1]/@title')).toBe('Nathan Fillion');
    const directors = await getXml(tw.app, `/catalog/title/${FIREFLY}/directors`);
    expect(nodes(directors, '/people/link').map((l) => str(l, '@title'))).toEqual(['Joss Whedon']);
  });

  it('synopsis answers the whole text', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${FIREFLY}/synopsis`);
    expect(str(doc, '/synopsis/synopsis_text')).toBe(tw.world.scenario.catalog.title(FIREFLY)!.synopsis);
    expect(str(doc, '/synopsis/synopsis_text')).toMatch(/four discs\.$/);
  });

  it('histogram answers ten bins that sum to number_of_ratings', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${ZZYZX}/histogram`);
    const bins = nodes(doc, '/histogram/bins/bin');
    expect(bins.map((b) => str(b, '@label'))).toEqual(['0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5']);
    const sum = bins.reduce((a, b) => a + Number(str(b, '@count')), 0);
    const title = await getXml(tw.app, `/catalog/title/${ZZYZX}`);
    expect(sum).toBe(Number(str(title, '/catalog_title/number_of_ratings')));
  });

  it('languages answers categories of the three language schemes', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${ALIEN}/languages`);
    const terms = (kind: string) => nodes(doc, `/languages/category[@scheme="${B}/categories/languages/${kind}"]`).map((c) => str(c, '@term'));
    expect(terms('main')).toEqual(['English']);
    expect(terms('hearing_impaired')).toEqual(['English']);
    expect(terms('dubbed')).toEqual(['French', 'German', 'Spanish']);
  });

  it('collections answers name, id and rank', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${ALIEN}/collections`);
    expect(str(doc, '/collections/collection/name')).toBe('Alien Quadrilogy');
    expect(str(doc, '/collections/collection/id')).toBe(`${B}/catalog/collections/1`);
    expect(str(doc, '/collections/collection/rank')).toBe('1');
  });

  it("a collection's id can be followed: its titles in rank order, paged", async () => {
    const title = await getXml(tw.app, `/catalog/title/${ALIEN}/collections`);
    const href = str(title, '/collections/collection/id');
    const doc = await getXml(tw.app, `${href.slice(B.length)}?expand=none&items_per_page=3`);
    expect(str(doc, '/collection/name')).toBe('Alien Quadrilogy');
    expect(str(doc, '/collection/id')).toBe(href);
    expect(str(doc, '/collection/total_results')).toBe('4');
    expect(titleIds(doc, 'collection')).toEqual([60, 62, 63]);
    await getXml(tw.app, '/catalog/collections/999999', 404);
    await getXml(tw.app, '/catalog/collections/abc', 404);
  });

  it('artworks answers title and hero images', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${ALIEN}/artworks`);
    expect(nodes(doc, '/artworks/artwork[@type="title"]/image').map((i) => str(i, '@size'))).toEqual(['mini', 'tiny', 'small', 'medium', 'large']);
    expect(str(doc, '/artworks/artwork[@type="title"]/image[@size="large"]/@href')).toBe('http://www.lovefilm.com/lovefilm/images/products/0/60-large.jpg');
    expect(count(doc, '/artworks/artwork[@type="hero"]/image')).toBe(3);
  });

  it('similars answers a paged list of titles', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${ALIEN}/similars?items_per_page=2&expand=none`);
    expect(str(doc, '/similars/total_results')).toBe(String(tw.world.scenario.catalog.title(ALIEN)!.similarIds.length));
    expect(titleIds(doc, 'similars')).toEqual([62, 63]);
    expect(str(doc, '/similars/link[@rel="next"]/@href')).toBe(`${B}/catalog/title/${ALIEN}/similars?expand=none&start_index=3&items_per_page=2`);
    await getXml(tw.app, `/catalog/title/${ALIEN}/similars?items_per_page=0`, 400);
  });

  it('reviews answers a paged list of review elements, newest first', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${SERENITY}/reviews`);
    expect(str(doc, '/reviews/total_results')).toBe('2');
    expect(nodes(doc, '/reviews/review/review_title').map((n) => n.textContent)).toEqual(['Someone dies', 'Shiny']);
    expect(childNames(doc, '/reviews/review[1]')).toEqual([
      'created',
      'review_title',
      'review_text',
      'helpful',
      'unhelpful',
      'spoilers',
      'rating',
      'catalog_title',
    ]);
    expect(str(doc, '/reviews/review[1]/spoilers')).toBe('true');
    expect(str(doc, '/reviews/review[1]/rating')).toBe('4.5');
    expect(str(doc, '/reviews/review[1]/catalog_title/id')).toBe(`${B}/catalog/title/${SERENITY}`);
  });

  it('reviews with view=helpful puts the most helpful first', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${SERENITY}/reviews?view=helpful&expand=none`);
    expect(nodes(doc, '/reviews/review/review_title').map((n) => n.textContent)).toEqual(['Shiny', 'Someone dies']);
    expect(childNames(doc, '/reviews/review[1]/catalog_title')).toEqual(['id', 'title']);
  });

  it("reviews include the sandbox users' own reviews, with their ids", async () => {
    const doc = await getXml(tw.app, '/catalog/title/10002/reviews');
    const mine = nodes(doc, '/reviews/review').filter((r) => str(r, 'review_title') === 'A quiet triumph');
    expect(mine.length).toBe(1);
    expect(str(mine[0]!, 'id')).toMatch(new RegExp(`^${B}/users/${ALICE.guid}/reviews/\\d+$`));
  });

  it('reviews of a title nobody reviewed is an empty page', async () => {
    const doc = await getXml(tw.app, `/catalog/title/${ZZYZX}/reviews?start_index=3`);
    expect(str(doc, '/reviews/total_results')).toBe('0');
    expect(count(doc, '/reviews/review')).toBe(0);
  });

  it.each([['actors'], ['directors'], ['languages']])('a game has no %s: 404', async (name) => {
    const doc = await getXml(tw.app, `/catalog/title/${HALO}/${name}`, 404);
    expect(str(doc, '/error/details')).toMatch(/game/);
  });

  it.each([['trailers'], ['web page'], ['constructor']])('an unknown detail %s is 404', async (name) => {
    await getXml(tw.app, `/catalog/title/${ZZYZX}/${encodeURIComponent(name)}`, 404);
  });

  it('a detail of an unknown title is 404, and PUT on a detail is 405', async () => {
    await getXml(tw.app, '/catalog/title/999999999/synopsis', 404);
    const res = await signed(tw.app, 'PUT', `/catalog/title/${ZZYZX}/synopsis`);
    expect(res.status).toBe(405);
    expect(str(parseXml(res.text), '/error/reason')).toBe('Method Not Allowed');
  });
});

describe('fidelity at the wire: the web-page slug and raw apostrophes', () => {
  it('a " - " in a title is one hyphen in its web-page link', async () => {
    // Words of letters only, then " - Series N": the slug is the words joined by single hyphens.
    const series = catalogueTitles(tw.world).find((t) => /^[A-Za-z]+(?: [A-Za-z]+)* - Series \d$/.test(t.cleanTitle));
    expect(series, 'the default catalogue has a "<words> - Series N" title').toBeDefined();
    const doc = await getXml(tw.app, `/catalog/title/${series!.id}`);
    const href = str(doc, '/catalog_title/link[@title="web page"]/@href');
    expect(href).toBe(`http://www.lovefilm.com/film/${series!.cleanTitle.split(/[ -]+/).join('-')}/${series!.id}/?cid=LFAPI`);
    expect(href).not.toContain('--');
  });

  it('an apostrophe in a title attribute is written raw, and a parser reads the same title', async () => {
    const res = await signed(tw.app, 'GET', `/catalog/title/${ALIEN_DIRECTORS_CUT}?expand=none`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<title full="Alien: Director's Cut" clean="Alien"/>`);
    expect(res.text).not.toContain('&apos;');
    expect(str(parseXml(res.text), '/catalog_title/title/@full')).toBe("Alien: Director's Cut");
  });

  it("an apostrophe in a link's title attribute is raw too: bob's sub-queue", async () => {
    const res = await signed(tw.app, 'GET', `/users/${BOB.guid}/queues`, { token: BOB.token });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<link href="[^"]+\/queues\/\d+" rel="[^"]+\/queue" title="Bob's queue"\/>/);
    expect(res.text).not.toContain('&apos;');
    expect(str(parseXml(res.text), '/queues/queue/link/@title')).toBe("Bob's queue");
  });
});
