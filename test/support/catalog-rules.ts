// Invariants every catalogue (curated, generated or both) keeps, a test oracle: src/seeds/catalog-rules.test.ts
// and generate-catalog.test.ts run each rule on several catalogues. Each returns its problems, empty when it holds.

import { PERSON_ROLES, type Title } from '../../src/domain/types.js';
import { cleanTitle } from '../../src/seeds/clean-title.js';
import type { CatalogData as Catalog } from '../../src/store/catalog-db.js';
import { ratingCount } from '../../src/seeds/histogram.js';
import { BBFC_CERTIFICATES, CONSOLES, GAME_GENRES, PEGI_CERTIFICATES, PERFORMER_ROLES, VIDEO_FORMATS, VIDEO_GENRES } from '../../src/seeds/word-lists.js';

export interface CatalogRule {
  rule: string;
  /** `today` is the reference date the catalogue was generated for (YYYY-MM-DD). */
  problems(catalog: Catalog, today: string): string[];
}

const each = <T>(items: readonly T[], problem: (item: T) => string | undefined): string[] => items.flatMap((item) => problem(item) ?? []);

function unique(what: string, ids: readonly number[]): string[] {
  const seen = new Set<number>();
  return each(ids, (id) => (seen.has(id) ? `${what} ${id} appears twice` : void seen.add(id)));
}

const isGame = (title: Title): boolean => title.kind === 'game';
const consoleFormats: readonly string[] = CONSOLES.map((console) => console.format);

export const CATALOG_RULES: readonly CatalogRule[] = [
  {
    rule: 'title, person and review ids are unique',
    problems: (c) => [
      ...unique(
        'title',
        c.titles.map((t) => t.id),
      ),
      ...unique(
        'person',
        c.people.map((p) => p.id),
      ),
      ...unique(
        'review',
        c.reviews.map((r) => r.id),
      ),
    ],
  },
  {
    rule: 'curated ids stay in 1..999, generated titles start at 10001 and people at 20001',
    problems: (c) => [
      ...each(c.titles, (t) => (t.id <= 999 || t.id >= 10_001 ? undefined : `title id ${t.id} is in the gap`)),
      ...each(c.people, (p) => (p.id <= 999 || p.id >= 20_001 ? undefined : `person id ${p.id} is in the gap`)),
    ],
  },
  {
    rule: 'every title has exactly one certificate, from bbfc for video and pegi for games',
    problems: (c) =>
      each(c.titles, (t) => {
        const board: readonly string[] = isGame(t) ? PEGI_CERTIFICATES : BBFC_CERTIFICATES;
        if (t.certificateScheme !== (isGame(t) ? 'pegi' : 'bbfc')) return `${t.id} ${t.kind} has scheme ${t.certificateScheme}`;
        if (!board.includes(t.certificate)) return `${t.id} has certificate ${t.certificate}`;
        return t.certificate === 'R18' && !t.adult ? `${t.id} is R18 but not adult` : undefined;
      }),
  },
  {
    rule: 'games have players and no cast or languages; video has neither players nor developer',
    problems: (c) =>
      each(c.titles, (t) => {
        const languages = t.languages.main.length + t.languages.hearingImpaired.length + t.languages.dubbed.length;
        if (isGame(t))
          return t.actorIds.length + t.directorIds.length + languages > 0 || t.runTime !== undefined
            ? `game ${t.id} has cast, languages or run time`
            : undefined;
        return t.players !== undefined || t.developer !== undefined ? `video ${t.id} has players or developer` : undefined;
      }),
  },
  {
    rule: 'formats and genres come from the lists of their kind',
    problems: (c) =>
      each(c.titles, (t) => {
        const formats: readonly string[] = isGame(t) ? consoleFormats : VIDEO_FORMATS;
        const genres: readonly string[] = isGame(t) ? GAME_GENRES : VIDEO_GENRES;
        if (!formats.includes(t.format)) return `${t.id} has format ${t.format}`;
        return t.genres.length < 1 || t.genres.length > 3 || t.genres.some((g) => !genres.includes(g)) ? `${t.id} has genres ${t.genres.join('|')}` : undefined;
      }),
  },
  {
    rule: 'histograms have 10 whole, non-negative bins',
    problems: (c) =>
      each(c.titles, (t) =>
        t.baseHistogram.length === 10 && t.baseHistogram.every((n) => Number.isInteger(n) && n >= 0)
          ? undefined
          : `${t.id} histogram ${t.baseHistogram.join(',')}`,
      ),
  },
  {
    rule: 'the clean title is the full title without edition decoration',
    problems: (c) => each(c.titles, (t) => (t.cleanTitle === cleanTitle(t.fullTitle) ? undefined : `${t.id} "${t.fullTitle}" is clean "${t.cleanTitle}"`)),
  },
  {
    rule: 'a disc names its tv series, which lists it in disc order',
    problems: (c) => {
      const byId = new Map(c.titles.map((t) => [t.id, t]));
      return c.titles.flatMap((t) => [
        ...each(t.discIds, (discId) => {
          const disc = byId.get(discId);
          const n = t.discIds.indexOf(discId) + 1;
          if (!disc || disc.parentId !== t.id || disc.kind !== 'tv' || t.kind !== 'tv') return `series ${t.id} lists disc ${discId} that does not point back`;
          return disc.cleanTitle === `${t.cleanTitle}: Disc ${n}` && disc.discIds.length === 0 ? undefined : `disc ${discId} is called "${disc.cleanTitle}"`;
        }),
        ...(t.parentId !== undefined && !byId.get(t.parentId)?.discIds.includes(t.id) ? [`disc ${t.id} is not listed by ${t.parentId}`] : []),
      ]);
    },
  },
  {
    rule: 'references point at rows that exist',
    problems: (c) => {
      const titles = new Set(c.titles.map((t) => t.id));
      const people = new Set(c.people.map((p) => p.id));
      return [
        ...c.titles.flatMap((t) => each([...t.actorIds, ...t.directorIds], (id) => (people.has(id) ? undefined : `${t.id} credits missing person ${id}`))),
        ...c.titles.flatMap((t) => each(t.similarIds, (id) => (titles.has(id) && id !== t.id ? undefined : `${t.id} similar to ${id}`))),
        ...each(c.reviews, (r) => (titles.has(r.titleId) ? undefined : `review ${r.id} of missing title ${r.titleId}`)),
      ];
    },
  },
  {
    rule: 'a filmography is exactly the titles that credit the person, newest first, ties by id',
    problems: (c) => {
      const expected = new Map<number, Title[]>();
      for (const t of c.titles) {
        for (const id of new Set([...t.actorIds, ...t.directorIds])) {
          const list = expected.get(id);
          if (list) list.push(t);
          else expected.set(id, [t]);
        }
      }
      return each(c.people, (p) => {
        const want = (expected.get(p.id) ?? []).sort((a, b) => (b.productionYear ?? 0) - (a.productionYear ?? 0) || a.id - b.id).map((t) => t.id);
        return want.join() === p.filmography.join() ? undefined : `${p.id} filmography ${p.filmography.join()} but credited in ${want.join()}`;
      });
    },
  },
  {
    rule: 'people hold the roles their credits need, and every role of a credited person shows in a credit',
    problems: (c) => {
      const acts = new Set(c.titles.flatMap((t) => t.actorIds));
      const directs = new Set(c.titles.flatMap((t) => t.directorIds));
      return each(c.people, (p) => {
        const performer = p.roles.some((role) => PERFORMER_ROLES.includes(role));
        const director = p.roles.includes('director');
        if (p.roles.length === 0 || p.roles.some((role) => !PERSON_ROLES.includes(role))) return `${p.id} has roles ${p.roles.join('|')}`;
        if ((acts.has(p.id) && !performer) || (directs.has(p.id) && !director)) return `${p.id} (${p.roles.join('|')}) has a credit their roles do not allow`;
        // Nobody is credited when there are far more people than title slots; such a person just has no titles.
        const credited = acts.has(p.id) || directs.has(p.id);
        if (credited && ((performer && !acts.has(p.id)) || (director && !directs.has(p.id))))
          return `${p.id} (${p.roles.join('|')}) has a role no credit shows`;
        return undefined;
      });
    },
  },
  {
    rule: 'collections rank their members 1..n',
    problems: (c) => {
      const ranks = new Map<number, number[]>();
      for (const t of c.titles) for (const m of t.collections) ranks.set(m.id, [...(ranks.get(m.id) ?? []), m.rank]);
      return [...ranks].flatMap(([id, list]) => {
        const sorted = list.sort((a, b) => a - b);
        return sorted.every((rank, i) => rank === i + 1) && sorted.length >= 2 ? [] : [`collection ${id} ranks ${sorted.join()}`];
      });
    },
  },
  {
    rule: 'popularity ranks 1..100 go to the most rated titles',
    problems: (c) => {
      const ranked = c.titles.filter((t) => t.popularityRank !== undefined).sort((a, b) => a.popularityRank! - b.popularityRank!);
      const rated = c.titles.filter((t) => ratingCount(t.baseHistogram) > 0).length;
      const counts = ranked.map((t) => ratingCount(t.baseHistogram));
      return [
        ...(ranked.length === Math.min(100, rated) ? [] : [`${ranked.length} ranked of ${rated} rated`]),
        ...each(ranked, (t) => (t.popularityRank === ranked.indexOf(t) + 1 ? undefined : `rank ${t.popularityRank} out of sequence`)),
        ...(counts.every((n, i) => i === 0 || n <= (counts[i - 1] as number)) ? [] : ['ranks are not by number of ratings']),
        ...(c.titles.some((t) => t.popularityRank === undefined && ratingCount(t.baseHistogram) > (counts[counts.length - 1] ?? Infinity))
          ? ['an unranked title has more ratings than a ranked one']
          : []),
      ];
    },
  },
  {
    rule: 'nobody has rated or reviewed a title that is not out yet',
    problems: (c, today) => {
      const unreleased = new Set(c.titles.filter((t) => (t.releaseDate ?? '') > today).map((t) => t.id));
      return [
        ...each(c.titles, (t) =>
          unreleased.has(t.id) && ratingCount(t.baseHistogram) > 0 ? `${t.id} is not out until ${t.releaseDate} but has ratings` : undefined,
        ),
        ...each(c.reviews, (r) => (unreleased.has(r.titleId) || r.created.slice(0, 10) >= today ? `review ${r.id} written on ${r.created}` : undefined)),
      ];
    },
  },
  {
    rule: 'reviews rate 0.5..5 in halves and were written after release',
    problems: (c) => {
      const released = new Map(c.titles.map((t) => [t.id, t.releaseDate ?? '']));
      return each(c.reviews, (r) => {
        if (!(r.rating >= 0.5 && r.rating <= 5 && Number.isInteger(r.rating * 2))) return `review ${r.id} rating ${r.rating}`;
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(r.created)) return `review ${r.id} created ${r.created}`;
        return r.created.slice(0, 10) >= (released.get(r.titleId) ?? '') ? undefined : `review ${r.id} before its title's release`;
      });
    },
  },
];
