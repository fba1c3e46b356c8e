import { errors } from '../domain/api-error.js';
import { decodePairs } from '../domain/oauth/percent-decode.js';

/**
 * The API parameters of a request: the query string and a form body together, in the order sent, duplicates
 * kept: any method may send them in either place (docs/reference/wire-format.md#parameters). Names and values
 * are decoded the application/x-www-form-urlencoded way.
 */
export class Params {
  constructor(readonly pairs: ReadonlyArray<readonly [string, string]>) {}

  /**
   * A form body that is not text (a lone surrogate) is a 400: nothing can sign, store or echo it. Over
   * MAX_PARAMS parameters is a 400 found before the rest are decoded.
   */
  static parse(rawQuery: string, rawForm: string | undefined): Params {
    if (rawForm) refuseLoneSurrogates(rawForm);
    const pairs = decodePairs(rawQuery, MAX_PARAMS);
    if (rawForm) decodePairs(rawForm, MAX_PARAMS, pairs);
    return new Params(pairs);
  }

  /** The first value of a parameter, or undefined. */
  get(name: string): string | undefined {
    for (const [k, v] of this.pairs) if (k === name) return v;
    return undefined;
  }

  getAll(name: string): string[] {
    return this.pairs.filter(([k]) => k === name).map(([, v]) => v);
  }
}

/**
 * Most parameters one request may send, query and form body together (docs/reference/admin-api.md#journal). The operation
 * that reads the most reads about ten, OAuth's add seven: 256 leaves any client room, and bounds what a
 * request of tiny parameters costs to decode and journal.
 */
const MAX_PARAMS = 256;

/** With the `u` flag a surrogate pair is one code point; what \p{Cs} still matches stands alone. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The body parser decodes a form in the charset it declares, and UTF-16 and UTF-7 can spell half of a
 * surrogate pair with nothing after it. That is not text: OAuth's percent-encoding cannot encode it, XML
 * cannot carry it. UTF-8 cannot spell one (its decoder makes U+FFFD), and percent-escapes decode as UTF-8,
 * so only a raw form body can hold one.
 */
function refuseLoneSurrogates(rawForm: string): void {
  const at = rawForm.search(LONE_SURROGATE);
  if (at === -1) return;
  const unit = rawForm.charCodeAt(at).toString(16).toUpperCase();
  throw errors.badRequest(
    `the form body holds a lone UTF-16 surrogate (U+${unit}, character ${at + 1} once decoded in the charset the Content-Type names), which is not text; ` +
      'send well-formed text, best as UTF-8 with non-ASCII characters percent-encoded',
  );
}
