import { describe, expect, it } from 'vitest';
import { freeSlots, planShipments, type ShipCandidate } from './ship.js';

const Q = (id: number, allocation: number, position: number) => ({ id, allocation, position });
const item = (titleId: number, queueId: number, over: Partial<ShipCandidate> = {}): ShipCandidate => ({
  titleId,
  queueId,
  priority: 2,
  seq: titleId,
  discIds: [],
  availability: 'available',
  ...over,
});
const shipped = (queues: ReturnType<typeof Q>[], items: ShipCandidate[], slots: number) => planShipments(queues, items, slots).map((s) => s.shipId);

describe('planShipments', () => {
  it.each([
    ['ships in queue order: priority first', [Q(1, 2, 0)], [item(10, 1, { priority: 3 }), item(11, 1, { priority: 1 })], 1, [11]],
    ['equal priorities ship in the order they were added', [Q(1, 2, 0)], [item(12, 1, { seq: 2 }), item(11, 1, { seq: 1 })], 2, [11, 12]],
    ['skips unavailable titles', [Q(1, 2, 0)], [item(10, 1, { availability: 'unavailable' }), item(11, 1)], 1, [11]],
    ['skips quarantined titles', [Q(1, 2, 0)], [item(10, 1, { availability: 'quarantined' }), item(11, 1)], 1, [11]],
    [
      'each sub-queue sends up to its allocation per round, in the user order',
      [Q(2, 1, 1), Q(1, 2, 0)],
      [item(10, 1), item(11, 1), item(12, 1), item(20, 2), item(21, 2)],
      4,
      [10, 11, 20, 12],
    ],
    ['a sub-queue with allocation 0 never ships', [Q(1, 0, 0), Q(2, 1, 1)], [item(10, 1), item(20, 2)], 5, [20]],
    ['stops when nothing more can ship', [Q(1, 1, 0)], [item(10, 1)], 5, [10]],
    ['no slots, no shipments', [Q(1, 3, 0)], [item(10, 1)], 0, []],
    ['a multi-disc title sends its next disc only', [Q(1, 3, 0)], [item(10, 1, { discIds: [101, 102] }), item(11, 1)], 3, [101, 11]],
  ])('%s', (_rule, queues, items, slots, expected) => {
    expect(shipped(queues, items, slots)).toEqual(expected);
  });

  it('says when a shipment empties the queue item', () => {
    const plan = planShipments([Q(1, 3, 0)], [item(10, 1, { discIds: [101, 102] }), item(11, 1, { discIds: [111] }), item(12, 1)], 3);
    expect(plan.map((s) => [s.shipId, s.leavesQueue])).toEqual([
      [101, false],
      [111, true],
      [12, true],
    ]);
  });
});

describe('freeSlots', () => {
  it.each([
    ['the allocations less what is at home', [{ allocation: 2 }, { allocation: 1 }], 1, 2],
    ['never below zero', [{ allocation: 1 }], 3, 0],
  ])('%s', (_rule, queues, atHome, expected) => {
    expect(freeSlots(queues, atHome)).toBe(expected);
  });
});
