import { describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL } from '../../test/support/signing.js';
import { testWorld } from '../../test/support/world.js';
import type { QueuesStore } from './queues-store.js';

/** The rule stateText's single statement follows, written out over the rows the store reads. */
function expectedStateText(queues: QueuesStore, guid: string): string {
  const subQueues = queues.subQueues(guid).map((q) => `${q.id}:${q.name}:${q.allocation}:${q.isDefault ? 1 : 0}`).join(',');
  const items = queues.items(guid).map((i) => `${i.titleId}:${i.queueId}:${i.priority}:${i.seq}:${i.shippedInOrder ? 1 : 0}:${i.discIds.join('.')}`).join(',');
  return `${subQueues}|${items}`;
}

describe('QueuesStore.stateText (what the queue ETag hashes)', () => {
  const { world } = testWorld('default');
  const queues = world.sandbox('test-consumer-key').stores.queues;

  it.each([
    ['sub-queues, then items in queue order with their discs (alice: two sub-queues, a four-disc series)', ALICE.guid],
    ['one sub-queue (bob)', BOB.guid],
    ['a default sub-queue and no items (carol)', CAROL.guid],
    ['nothing for a user the sandbox does not have', 'NO-SUCH-USER'],
  ])('%s', (_rule, guid) => {
    expect(queues.stateText(guid)).toBe(expectedStateText(queues, guid));
  });

  it('follows writes: an added multi-disc title with its discs in order, a moved item, a removed disc', () => {
    const guid = ALICE.guid;
    const [first, second] = queues.subQueues(guid);
    queues.add({ userGuid: guid, queueId: second!.id, titleId: 123456, priority: 1, seq: 999, shippedInOrder: true, discIds: [3, 1, 2] });
    queues.update(guid, 10, 3, second!.id);
    queues.removeDisc(guid, 1);
    expect(queues.stateText(guid)).toContain('123456:');
    expect(queues.stateText(guid)).toBe(expectedStateText(queues, guid));
    queues.remove(guid, 123456);
    queues.update(guid, 10, 1, first!.id);
    expect(queues.stateText(guid)).toBe(expectedStateText(queues, guid));
  });
});
