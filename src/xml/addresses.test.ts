import { describe, expect, it } from 'vitest';
import { type XmlContext, webPageHref, webPageSlug } from './addresses.js';

const ctx: XmlContext = { baseUrl: 'http://h', schemaBase: 'http://s', webBase: 'http://www.lovefilm.com' };

// docs/reference/wire-format.md#web-page-and-images: keep letters, digits, apostrophes, spaces and hyphens,
// then each run of spaces and hyphens is one `-`.
describe('webPageSlug: the one rule of the 50 captured web-page links', () => {
  it.each([
    ['a " - " between words is one hyphen (captured)', 'A Valley for Freeda - Series 9', 'A-Valley-for-Freeda-Series-9'],
    ['a colon is dropped and its space kept (captured)', 'The Lord Of The Rings: The Return Of The King', 'The-Lord-Of-The-Rings-The-Return-Of-The-King'],
    [
      'the documented spelling of the same title gives the same slug',
      'The Lord Of The Rings - The Return Of The King',
      'The-Lord-Of-The-Rings-The-Return-Of-The-King',
    ],
    ['apostrophes are kept (captured)', "Monty Python's Life Of Brian", "Monty-Python's-Life-Of-Brian"],
    ['a hyphen inside a word stays one hyphen', 'Spider-Man 2', 'Spider-Man-2'],
    [
      'other punctuation is dropped, with nothing in its place',
      'Dr. Strangelove, Or: How I Learned (1964)! & Face/Off?',
      'Dr-Strangelove-Or-How-I-Learned-1964-FaceOff',
    ],
    ['a run of spaces, hyphens and dropped punctuation is one hyphen', "Alien  --  Director's Cut ... -  Disc 1", "Alien-Director's-Cut-Disc-1"],
    ['no hyphen at either end', ' - Zzyzx! - ', 'Zzyzx'],
    ['tabs and line breaks count as spaces', 'Two\tWords\nHere', 'Two-Words-Here'],
    ['case is kept', 'THX 1138', 'THX-1138'],
    ['accented letters are letters (the rule says letters, not ASCII letters)', 'Amélie: Le Fabuleux Destin', 'Amélie-Le-Fabuleux-Destin'],
    ['a decomposed accent stays with its letter (NFC)', 'Ame\u0301lie', 'Amélie'],
    ['letters of any script are letters', 'Крик 2', 'Крик-2'],
    ['a typographic apostrophe is punctuation: the captures show only U+0027', 'Python\u2019s', 'Pythons'],
    ['underscores, dots and tildes are punctuation too', 'a_b.c~d', 'abcd'],
  ])('%s', (_rule, clean, slug) => {
    expect(webPageSlug(clean)).toBe(slug);
  });
});

describe('webPageHref', () => {
  it.each([
    [
      'the captured shape',
      { id: 15471, cleanTitle: 'A Valley for Freeda - Series 9' },
      'http://www.lovefilm.com/film/A-Valley-for-Freeda-Series-9/15471/?cid=LFAPI',
    ],
    [
      'an apostrophe stays raw in the address',
      { id: 7, cleanTitle: "Monty Python's Life Of Brian" },
      "http://www.lovefilm.com/film/Monty-Python's-Life-Of-Brian/7/?cid=LFAPI",
    ],
    [
      'a non-ASCII letter is percent-encoded UTF-8, so the href is a URI',
      { id: 8, cleanTitle: 'Amélie' },
      'http://www.lovefilm.com/film/Am%C3%A9lie/8/?cid=LFAPI',
    ],
  ])('%s', (_rule, title, href) => {
    expect(webPageHref(ctx, title)).toBe(href);
  });
});
