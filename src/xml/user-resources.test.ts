import { describe, expect, it } from 'vitest';
import type { XmlContext } from './addresses.js';
import { withSourceCategory } from './user-resources.js';

const ctx: XmlContext = { baseUrl: 'http://h', schemaBase: 'http://s', webBase: 'http://w' };
const CAT = '<category scheme="http://h/categories/recommendation_source" term="popular"/>';

describe('withSourceCategory', () => {
  it.each([
    [
      'goes after the last category and before the first link of a full title',
      '<catalog_title><id>x</id><category scheme="a" term="b"/><link href="l" rel="r" title="t"><people><link href="p" rel="r" title="n"/></people></link></catalog_title>',
      `<catalog_title><id>x</id><category scheme="a" term="b"/>${CAT}<link href="l" rel="r" title="t"><people><link href="p" rel="r" title="n"/></people></link></catalog_title>`,
    ],
    [
      'goes at the end of a bare expand=none title',
      '<catalog_title><id>x</id><title full="a" clean="a"/></catalog_title>',
      `<catalog_title><id>x</id><title full="a" clean="a"/>${CAT}</catalog_title>`,
    ],
    [
      'is not fooled by link-like text, which is escaped in a rendered title',
      '<catalog_title><id>x</id><title full="&lt;link" clean="&lt;link"/></catalog_title>',
      `<catalog_title><id>x</id><title full="&lt;link" clean="&lt;link"/>${CAT}</catalog_title>`,
    ],
  ])('%s', (_rule, title, expected) => {
    expect(withSourceCategory(ctx, title, 'popular')).toBe(expected);
  });
});
