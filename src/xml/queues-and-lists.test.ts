import { describe, expect, it } from 'vitest';
import type { XmlContext } from './addresses.js';
import { queueItemXml, queuesXml } from './queues-and-lists.js';

const ctx: XmlContext = { baseUrl: 'http://h', schemaBase: 'http://s', webBase: 'http://w' };
const queue = { id: 1001, userGuid: 'G', name: 'Films & more', allocation: 2, isDefault: true, position: 0 };

describe('queue serializers', () => {
  it('queues: the every_queue link first, then each sub-queue; a sub-queue href ends in its id', () => {
    expect(queuesXml(ctx, 'G', [queue], new Map([[1001, 3]]))).toBe(
      '<queues><link href="http://h/users/G/queues/every" rel="http://s/every_queue" title="every queue"/>' +
        '<queue><name>Films &amp; more</name><allocation>2</allocation><default>true</default><count>3</count>' +
        '<link href="http://h/users/G/queues/1001" rel="http://s/queue" title="Films &amp; more"/></queue></queues>',
    );
  });

  it('a sub-queue without items counts 0', () => {
    expect(queuesXml(ctx, 'G', [queue], new Map())).toContain('<count>0</count>');
  });

  it('queue_item: id, priority, shipped_in_order, availability, estimated_wait, sub-queue link, title, discs', () => {
    const xml = queueItemXml(ctx, {
      item: { userGuid: 'G', queueId: 1001, titleId: 10, priority: 1, seq: 4, shippedInOrder: true, discIds: [11] },
      queue,
      availability: 'quarantined',
      wait: 'short',
      titleXml: '<catalog_title>T</catalog_title>',
      discs: [{ discId: 11, wait: 'long', titleXml: '<catalog_title>D</catalog_title>' }],
    });
    expect(xml).toBe(
      '<queue_item><id>http://h/users/G/queues/item/10</id><priority>1</priority><shipped_in_order>true</shipped_in_order>' +
        '<category scheme="http://h/categories/availability" term="quarantined"/>' +
        '<category scheme="http://h/categories/estimated_wait" term="short"/>' +
        '<link href="http://h/users/G/queues/1001" rel="http://s/queue" title="Films &amp; more"/>' +
        '<catalog_title>T</catalog_title>' +
        '<queue_disc><id>http://h/users/G/queues/disc/11</id><category scheme="http://h/categories/estimated_wait" term="long"/>' +
        '<catalog_title>D</catalog_title></queue_disc></queue_item>',
    );
  });
});
