import type { Page, Rental } from '../domain/types.js';
import type { XmlContext } from './addresses.js';
import { pagedList, type PageAddress } from './paged.js';
import { el, text } from './writer.js';

export interface RentalView {
  rental: Rental;
  titleXml: string;
}

/**
 * `rented_item` and `at_home_item`: priority, shipped, returned (absent while the disc is out, as every disc at
 * home is), the title (docs/reference/subscriber-resources.md#routes).
 */
function rentalItemXml(name: string, { rental: r, titleXml }: RentalView): string {
  return el(name, undefined, text('priority', r.priority), text('shipped', r.shipped), text('returned', r.returned), titleXml);
}

/** `<rented>`, paged, newest shipped first (docs/reference/subscriber-resources.md#routes). */
export function rentedXml(ctx: XmlContext, addr: PageAddress, page: Page<RentalView>): string {
  return pagedList('rented', ctx, addr, page, (v) => rentalItemXml('rented_item', v));
}

/** `<at_home>`: awaiting_allocation, then at_home_item elements (docs/reference/subscriber-resources.md#routes). */
export function atHomeXml(items: readonly RentalView[], awaitingAllocation: number): string {
  return el('at_home', undefined, text('awaiting_allocation', awaitingAllocation), ...items.map((v) => rentalItemXml('at_home_item', v)));
}
