import type { Page, Rental } from '../domain/types.js';
import type { XmlContext } from './addresses.js';
import { pagedList, type PageAddress } from './paged.js';
import { el, text } from './writer.js';

export interface RentalView {
  rental: Rental;
  titleXml: string;
}

/**
 * `rented_item`: priority, shipped, returned (absent while the disc is out), the title
 * (docs/reference/subscriber-resources.md#routes).
 */
export function rentedItemXml(v: RentalView): string {
  const r = v.rental;
  return el('rented_item', undefined, text('priority', r.priority), text('shipped', r.shipped), text('returned', r.returned), v.titleXml);
}

/** `<rented>`, paged, newest shipped first (docs/reference/subscriber-resources.md#routes). */
export function rentedXml(ctx: XmlContext, addr: PageAddress, page: Page<RentalView>): string {
  return pagedList('rented', ctx, addr, page, page.items.map(rentedItemXml));
}

/** `<at_home>`: awaiting_allocation, then at_home_item elements (docs/reference/subscriber-resources.md#routes). */
export function atHomeXml(items: readonly RentalView[], awaitingAllocation: number): string {
  const rows = items.map((v) => el('at_home_item', undefined, text('priority', v.rental.priority), text('shipped', v.rental.shipped), v.titleXml));
  return el('at_home', undefined, text('awaiting_allocation', awaitingAllocation), ...rows);
}
