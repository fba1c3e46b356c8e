import { encodePairs, percentEncode } from '../domain/percent-encode.js';
import { type XmlContext, rel } from './addresses.js';
import { link } from './writer.js';
import type { PageAddress } from './paged.js';

/** The values of one facet among a search's results, most frequent first. */
export interface Refinement {
  facet: string;
  values: ReadonlyArray<{ value: string; count: number }>;
}

/**
 * Refinement links (docs/reference/catalogue-search.md, Refinements: the layout is our choice, the real one is
 * unknown): after the paging links, one `link rel={schema_base}/refinement title=<facet>` per asked facet,
 * whose href is this search refined by that facet alone, holding one child
 * `link rel={schema_base}/refinement_value title=<value>` per value, whose href is this search with
 * `f=<facet>|<value>` added. Following a child gives exactly the narrowed result, from its first page.
 */
export function refinementsXml(ctx: XmlContext, addr: PageAddress, refinements: readonly Refinement[]): string {
  const kept = addr.params.filter(([k]) => !k.startsWith('oauth_') && k !== 'start_index');
  const href = (pairs: ReadonlyArray<readonly [string, string]>) => `${ctx.baseUrl}${addr.path}?${encodePairs(pairs)}`;
  // Every value link is this search plus one `f` pair: the search's part is encoded once, not per value
  // (a refine=all answer has up to 600 value links).
  const search = href(kept);
  const plusF = kept.length > 0 ? `${search}&f=` : `${search}f=`;
  const valueRel = rel(ctx, 'refinement_value');
  return refinements
    .map((r) => {
      const values = r.values.map(({ value }) => {
        const f = `${r.facet}|${value}`;
        const already = kept.some(([k, v]) => k === 'f' && v === f);
        return link(already ? search : plusF + percentEncode(f), valueRel, value);
      });
      const facetOnly = [...kept.filter(([k]) => k !== 'refine'), ['refine', r.facet] as const];
      return link(href(facetOnly), rel(ctx, 'refinement'), r.facet, ...values);
    })
    .join('');
}
