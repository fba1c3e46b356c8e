/**
 * The embedded synopsis: cut at a word boundary near 200 characters and ended with ` ...`
 * (docs/reference/wire-format.md#the-catalog_title).
 */
export function shortSynopsis(text: string, limit = 200): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : text.slice(0, limit)).replace(/[\s,;:.]+$/, '')} ...`;
}
