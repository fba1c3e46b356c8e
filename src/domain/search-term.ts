// Turns a user's search term into an FTS5 query that can never be a syntax error (case-insensitive word-prefix
// matching, every word must match: docs/reference/catalogue-search.md, Term). Only letters, digits and
// combining marks reach the query, each word inside a quoted phrase, so quotes, operators (AND, OR, NEAR, *, ^,
// :, -) and brackets are plain text.

/** A searchable word starts with a letter or digit; combining marks stay attached (the tokenizer folds them). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/** More words than this add nothing a client could mean; the cap keeps the SQL bounded. */
export const MAX_TERM_WORDS = 16;

export type TermQuery =
  | { kind: 'none' }
  | { kind: 'nothing' }
  /** `fts` is `groups` joined with AND: each group one word's FTS expression, matching its titles by itself. */
  | { kind: 'match'; fts: string; groups: string[]; words: string[]; text: string };

/**
 * Parses `term`: absent or blank -> no restriction; only punctuation -> matches nothing; otherwise an FTS5
 * MATCH expression where each word is a prefix (with its English singular/plural alternative) and all
 * words must match.
 */
export function parseTerm(term: string | undefined): TermQuery {
  if (term === undefined || term.trim() === '') return { kind: 'none' };
  const words = (term.normalize('NFC').match(WORD) ?? []).slice(0, MAX_TERM_WORDS);
  if (words.length === 0) return { kind: 'nothing' };
  const groups = words.map((w) => {
    const alternatives = wordAlternatives(w.toLowerCase());
    // Each alternative an FTS5 string literal, double quotes doubled (none can occur after WORD, but the rule is kept safe).
    const phrases = alternatives.map((a) => `"${a.replace(/"/g, '""')}"*`);
    return phrases.length === 1 ? phrases[0]! : `(${phrases.join(' OR ')})`;
  });
  return { kind: 'match', fts: groups.join(' AND '), groups, words, text: term.trim() };
}

/**
 * The prefixes a word is searched by: itself, and for English plural/singular endings the other form, so
 * `firefly` finds "Fireflies" (docs/reference/catalogue-search.md, Term) and `fireflies` finds "Firefly". Stems
 * shorter than 3 letters are not used: they would match almost everything.
 */
export function wordAlternatives(word: string): string[] {
  let stem = '';
  if (word.endsWith('ies')) stem = `${word.slice(0, -3)}y`;
  else if (/(x|z|ss|ch|sh)es$/.test(word)) stem = word.slice(0, -2);
  else if (word.endsWith('y')) stem = `${word.slice(0, -1)}i`;
  else if (word.endsWith('s') && !word.endsWith('ss')) stem = word.slice(0, -1);
  return stem.length >= 3 ? [word, stem] : [word];
}

/**
 * `"X OR Y"` parameter lists (docs/reference/catalogue-search.md, Filters): values split on the upper-case word
 * OR, blanks dropped.
 */
export function splitOr(value: string): string[] {
  return value
    .split(/\s+OR\s+/)
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/**
 * A comma list as clients send one (`expand`, `refine`, `title_refs`): each item trimmed, blanks dropped,
 * the order sent kept; none when the parameter is absent.
 */
export function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A LIKE pattern for "starts with `text`", with % _ and \ escaped (ESCAPE '\'). */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A text with A-Z lower-cased and every other character kept: how catalogue search compares a term's text
 * with clean titles for best match first (decision 0030), as SQLite's NOCASE and LIKE fold (ASCII only), so
 * `Amélie` and `AMÉLIE` are different texts to both.
 */
export function foldAscii(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}
