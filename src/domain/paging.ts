import { errors } from './api-error.js';
import type { Page, PageRequest } from './types.js';

export interface PagingLimits {
  defaultSize: number;
  maxSize: number;
}

/** Catalogue search (docs/reference/wire-format.md#paged-lists): 20 by default, at most 250. */
export const CATALOG_PAGING: Readonly<PagingLimits> = { defaultSize: 20, maxSize: 250 };
/** User resources (docs/reference/wire-format.md#paged-lists): 25 by default, at most 100. */
export const USER_PAGING: Readonly<PagingLimits> = { defaultSize: 25, maxSize: 100 };

const INTEGER = /^[+]?\d+$/;

/**
 * Validates start_index and items_per_page (docs/reference/wire-format.md#paged-lists): zero, negative or
 * non-integer values are 400; a size above the maximum is clamped (and the clamped value echoed).
 */
export function parsePageRequest(startIndex: string | undefined, itemsPerPage: string | undefined, limits: PagingLimits): PageRequest {
  const start = startIndex ? pageNumber('start_index', startIndex, 'is not an integer of 1 or more; the first item is start_index=1') : 1;
  const size = itemsPerPage ? pageNumber('items_per_page', itemsPerPage, `is not an integer between 1 and ${limits.maxSize}`) : limits.defaultSize;
  if (!Number.isSafeInteger(start)) throw errors.invalidParameter('start_index', `${JSON.stringify(startIndex)} is too large`);
  return { startIndex: start, itemsPerPage: Math.min(size, limits.maxSize) };
}

/** A paging parameter's value: an integer of 1 or more, else a 400 that says what is `wrong` with it. */
function pageNumber(name: string, value: string, wrong: string): number {
  if (!INTEGER.test(value.trim()) || Number(value) < 1) throw errors.invalidParameter(name, `${JSON.stringify(value)} ${wrong}`);
  return Number(value);
}

/**
 * First index of the last page: floor((total-1)/ipp)*ipp + 1, and 1 when empty
 * (docs/reference/wire-format.md#paged-lists).
 */
export function lastPageStart(total: number, itemsPerPage: number): number {
  return total <= 0 ? 1 : Math.floor((total - 1) / itemsPerPage) * itemsPerPage + 1;
}

/** Start of the next page, or undefined on the last page or past the end. */
export function nextPageStart(page: { startIndex: number; itemsPerPage: number; total: number }): number | undefined {
  const next = page.startIndex + page.itemsPerPage;
  return next <= page.total ? next : undefined;
}

/** A page of `items` out of `total`, where `req` asked for it. */
export function pageFrom<T>(req: PageRequest, items: T[], total: number): Page<T> {
  return { items, total, startIndex: req.startIndex, itemsPerPage: req.itemsPerPage };
}

/** Slices an in-memory list into a page. */
export function pageOf<T>(all: readonly T[], req: PageRequest): Page<T> {
  return pageFrom(req, all.slice(req.startIndex - 1, req.startIndex - 1 + req.itemsPerPage), all.length);
}
