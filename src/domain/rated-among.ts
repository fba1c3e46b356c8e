import type { TitleRef } from './title-ref.js';
import type { UserRating } from './types.js';

/**
 * The rated titles among the references a client asked about (`title_refs`,
 * docs/reference/subscriber-resources.md#routes): in the order asked, each title once, with the reference
 * echoed as sent. A reference that names no title cannot have been rated, so it is simply not listed, like an
 * unrated one.
 */
export function ratedAmong(refs: readonly TitleRef[], ratingOf: (titleId: number) => UserRating | undefined): Array<{ rating: UserRating; titleRef: string }> {
  const seen = new Set<number>();
  return refs.flatMap(({ ref, id }) => {
    if (id === undefined || seen.has(id)) return [];
    seen.add(id);
    const rating = ratingOf(id);
    return rating ? [{ rating, titleRef: ref }] : [];
  });
}
