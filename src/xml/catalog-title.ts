import { BIN_LABELS } from '../domain/title-stats.js';
import { shortSynopsis } from '../domain/synopsis.js';
import { type Expansion, TITLE_LINKS, type TitleLink } from '../domain/expand.js';
import type { Title, TitleStats } from '../domain/types.js';
import { type XmlContext, collectionHref, HERO_IMAGE_SIZES, personHref, rel, TITLE_IMAGE_SIZES, titleHref, webPageHref } from './addresses.js';
import { flattenRope } from '../domain/flatten-rope.js';
import { el, escAttr, formatRating, text, utf8Length, writeText, category, link } from './writer.js';

/** What serializing a title needs besides the title: people's names for expanded cast lists. */
export interface TitleXmlSource {
  personName(id: number): string | undefined;
}

/**
 * A catalog_title split around what depends on the sandbox (its users' ratings): the element order
 * (docs/reference/wire-format.md#the-catalog_title) puts number_of_ratings and rating between
 * production_year and can_rent (between `head` and `body`), and an expanded histogram also depends on them
 * (between `body` and `tail`). Everything else is cached
 * per scenario, address and expansion. A title whose detail links are all unexpanded (what search lists)
 * keeps only its own text: the links are the same for every title of its kind but for the id
 * (DetailLinkBlock), a shared block joined in when the title is rendered, so a cached title takes well under
 * half the bytes it did with its links (docs/decisions/0003-title-fragment-cache.md).
 */
export type TitleFragments =
  | { kind: 'bare'; xml: string }
  | { kind: 'plain' | 'histogram'; head: string; body: string; tail: string }
  | { kind: 'linked'; head: string; body: string; links: DetailLinkBlock; tail: string };

/** The unexpanded detail links of a title of one kind at one address, with its id left out. */
export class DetailLinkBlock {
  private constructor(private readonly pieces: readonly string[]) {}

  /**
   * Rendered once by the same code as every other link, for an id no address can hold, then cut at that
   * id; undefined if the id shows up anywhere else (an address holding it), and the links stay in the title.
   */
  static of(ctx: XmlContext, kind: Title['kind']): DetailLinkBlock | undefined {
    const names = detailLinks({ kind });
    const pieces = names
      .map((n) => detailLink(ctx, LEFT_OUT_ID, n))
      .join('')
      .split(String(LEFT_OUT_ID));
    return pieces.length === names.length + 1 ? new DetailLinkBlock(pieces) : undefined;
  }

  xml(id: number): string {
    return this.pieces.join(String(id));
  }

  /** The length of xml(id)'s UTF-8 encoding, in bytes. */
  utf8Length(id: number): number {
    return this.withIdOf(idWidth(id)).utf8Length;
  }

  /** Writes xml(id)'s UTF-8 encoding into `bytes` at `at`, with no string made; answers the offset after it. */
  writeUtf8(bytes: Buffer, at: number, id: number): number {
    const width = idWidth(id);
    const block = this.withIdOf(width);
    const end = writeText(bytes, at, block.text, block.utf8Length);
    // DetailLinkBlock.of kept the block only if the id has at least one place in it.
    const places = block.idAt;
    const first = at + places[0]!;
    if (isDigits(id)) for (let i = width - 1, n = id; i >= 0; i--, n = Math.floor(n / 10)) bytes[first + i] = 0x30 + (n % 10);
    else bytes.write(String(id), first, width, 'latin1');
    // The other places get the same bytes as the first.
    for (let k = 1; k < places.length; k++) for (let i = 0; i < width; i++) bytes[at + places[k]! + i] = bytes[first + i]!;
    return end;
  }

  /**
   * The links for an id of `width` characters, zeros in its places, and the byte offsets of those places: an
   * id is ASCII (digits), so its bytes go where the zeros were and the rest of the block is copied as it is.
   */
  private withIdOf(width: number) {
    let template = this.templates[width];
    if (!template) {
      const text = flattenRope(this.pieces.join('0'.repeat(width)));
      const idAt: number[] = [];
      let offset = 0;
      for (const piece of this.pieces.slice(0, -1)) {
        offset += utf8Length(piece);
        idAt.push(offset);
        offset += width;
      }
      template = { text, utf8Length: utf8Length(text), idAt };
      this.templates[width] = template;
    }
    return template;
  }

  /** withIdOf's blocks by width: ids of a catalogue have a few widths. */
  private readonly templates: { text: string; utf8Length: number; idAt: number[] }[] = [];
}

/** Whether String(id) is its decimal digits alone (what catalogue ids are), written without making it. */
function isDigits(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 0;
}

/** The length of String(id): an id's characters are ASCII, a byte each. */
function idWidth(id: number): number {
  if (!isDigits(id)) return String(id).length;
  let width = 1;
  for (let n = id; n >= 10; n = Math.floor(n / 10)) width++;
  return width;
}

/** The id DetailLinkBlock renders its links for, cut out afterwards. */
const LEFT_OUT_ID = Number.MAX_SAFE_INTEGER;

/** The catalog_title element (docs/reference/wire-format.md#the-catalog_title). */
export function catalogTitleXml(ctx: XmlContext, t: Title, stats: TitleStats, expansion: Expansion, src: TitleXmlSource): string {
  return assembleTitle(titleFragments(ctx, t, expansion, src), ctx, t.id, stats);
}

/**
 * Joins cached fragments of title `id` with the statistics of this sandbox; `ratingsXml` is their
 * titleRatingsXml when the caller keeps it already.
 */
export function assembleTitle(f: TitleFragments, ctx: XmlContext, id: number, stats: TitleStats, ratingsXml?: string): string {
  if (f.kind === 'bare') return f.xml;
  const gap = f.kind === 'linked' ? f.links.xml(id) : f.kind === 'histogram' ? detailLink(ctx, id, 'histogram', histogramXml(stats)) : '';
  return f.head + (ratingsXml ?? titleRatingsXml(stats)) + f.body + gap + f.tail;
}

/** `number_of_ratings` and `rating`: what of a title's XML a sandbox's ratings change. */
export function titleRatingsXml(stats: TitleStats): string {
  return text('number_of_ratings', stats.numberOfRatings) + (stats.average !== undefined ? text('rating', formatRating(stats.average)) : '');
}

/**
 * The parts of a title that do not depend on the sandbox: cacheable per scenario, address and expansion.
 * `linkBlock` gives the shared block of unexpanded links for the title's kind at this address, when the
 * caller keeps them (TitleFragmentCache); without it the links are written into the title.
 */
export function titleFragments(
  ctx: XmlContext,
  t: Title,
  expansion: Expansion,
  src: TitleXmlSource,
  linkBlock?: (kind: Title['kind']) => DetailLinkBlock | undefined,
): TitleFragments {
  if (expansion.none) {
    // expand=none: embedded titles shrink to id and title (docs/reference/wire-format.md#the-catalog_title).
    return { kind: 'bare', xml: `<catalog_title>${text('id', titleHref(ctx, t.id))}${titleElement(t)}</catalog_title>` };
  }
  const head = '<catalog_title>' + text('studio', t.studio) + text('release_date', t.releaseDate) + text('production_year', t.productionYear);
  const body =
    text('can_rent', t.canRent) +
    text('run_time', t.runTime) +
    text('players', t.players) +
    text('developer', t.developer) +
    text('id', titleHref(ctx, t.id)) +
    titleElement(t) +
    text('adult', t.adult) +
    categories(ctx, t);
  const links = detailLinks(t);
  const expanded = expansion.links;
  const render = (names: readonly TitleLink[]) => names.map((n) => detailLink(ctx, t.id, n, expanded.has(n) ? detailContent(ctx, t, n, src) : '')).join('');
  const tail = link(webPageHref(ctx, t), 'alternate', 'web page') + '</catalog_title>';
  const block = expanded.size === 0 ? linkBlock?.(t.kind) : undefined;
  if (block) return { kind: 'linked', head, body, links: block, tail };
  if (!expanded.has('histogram')) return { kind: 'plain', head, body: body + render(links), tail };
  const at = links.indexOf('histogram');
  return { kind: 'histogram', head, body: body + render(links.slice(0, at)), tail: render(links.slice(at + 1)) + tail };
}

function titleElement(t: Title): string {
  return `<title full="${escAttr(t.fullTitle)}" clean="${escAttr(t.cleanTitle)}"/>`;
}

/** catalog, format, genres, then exactly one certificate (docs/reference/wire-format.md#the-catalog_title). */
function categories(ctx: XmlContext, t: Title): string {
  return (
    category(ctx, 'catalog', t.kind === 'game' ? 'games' : 'video') +
    category(ctx, 'format', t.format) +
    t.genres.map((g) => category(ctx, 'genres', g)).join('') +
    category(ctx, `certificates/${t.certificateScheme}`, t.certificate)
  );
}

/** Games have no actors, directors or languages (docs/reference/wire-format.md#the-catalog_title). */
export function detailLinks(t: Pick<Title, 'kind'>): TitleLink[] {
  return TITLE_LINKS.filter((l) => t.kind !== 'game' || (l !== 'actors' && l !== 'directors' && l !== 'languages'));
}

/** The link to a detail resource of title `id`, holding its data when expanded. */
function detailLink(ctx: XmlContext, id: number, name: TitleLink, content = ''): string {
  return link(`${titleHref(ctx, id)}/${name}`, rel(ctx, name), name, content);
}

/**
 * The data each expanded link carries (the others carry none); also the root of the standalone detail
 * resource (docs/reference/wire-format.md#the-catalog_title).
 */
const DETAIL_CONTENT: Readonly<Partial<Record<TitleLink, (ctx: XmlContext, t: Title, src: TitleXmlSource, fullSynopsis: boolean) => string>>> = {
  actors: (ctx, t, src) => peopleXml(ctx, t.actorIds, src),
  directors: (ctx, t, src) => peopleXml(ctx, t.directorIds, src),
  synopsis: (_ctx, t, _src, full) => el('synopsis', undefined, text('synopsis_text', full ? t.synopsis : shortSynopsis(t.synopsis))),
  languages: languagesXml,
  collections: collectionsXml,
  artworks: (ctx, t) => artworksXml(ctx, t.id),
};

export function detailContent(ctx: XmlContext, t: Title, name: TitleLink, src: TitleXmlSource, fullSynopsis = false): string {
  return DETAIL_CONTENT[name]?.(ctx, t, src, fullSynopsis) ?? '';
}

export function peopleXml(ctx: XmlContext, ids: readonly number[], src: TitleXmlSource): string {
  let links = '';
  for (const id of ids) {
    const name = src.personName(id);
    if (name !== undefined) links += link(personHref(ctx, id), rel(ctx, 'person'), name);
  }
  return `<people>${links}</people>`;
}

export function histogramXml(stats: TitleStats): string {
  const bins = stats.histogram.map((n, i) => el('bin', { count: n, label: BIN_LABELS[i] })).join('');
  return `<histogram><bins>${bins}</bins></histogram>`;
}

function languagesXml(ctx: XmlContext, t: Title): string {
  const group = (kind: string, values: readonly string[]) => values.map((v) => category(ctx, `languages/${kind}`, v)).join('');
  return `<languages>${group('main', t.languages.main)}${group('hearing_impaired', t.languages.hearingImpaired)}${group('dubbed', t.languages.dubbed)}</languages>`;
}

function collectionsXml(ctx: XmlContext, t: Title): string {
  const items = t.collections.map((c) => el('collection', undefined, text('name', c.name), text('id', collectionHref(ctx, c.id)), text('rank', c.rank)));
  return `<collections>${items.join('')}</collections>`;
}

/** Title artwork in five sizes and hero shots in three (docs/reference/wire-format.md#web-page-and-images). */
export function artworksXml(ctx: XmlContext, id: number): string {
  return `<artworks>${artworkXml(ctx, 'title', 'products', id, TITLE_IMAGE_SIZES)}${artworkXml(ctx, 'hero', 'products/heroshots', id, HERO_IMAGE_SIZES)}</artworks>`;
}

/** An `artwork`: an image per size, at `{web_base}/lovefilm/images/<folder>/<last digit of id>/<id>-<size>.jpg`. */
export function artworkXml(ctx: XmlContext, type: string, folder: string, id: number, sizes: ReadonlyArray<readonly [string, number, number]>): string {
  const images = sizes.map(([size, width, height]) =>
    el('image', { size, href: `${ctx.webBase}/lovefilm/images/${folder}/${id % 10}/${id}-${size}.jpg`, width, height }),
  );
  return el('artwork', { type }, ...images);
}
