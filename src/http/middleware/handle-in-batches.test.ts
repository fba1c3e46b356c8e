import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { handleInBatches } from './handle-in-batches.js';

const req = {} as Request;
const res = (destroy: () => void = () => {}) => ({ socket: { destroy } }) as unknown as Response;
const turn = () => new Promise((r) => setImmediate(r));

describe('handleInBatches', () => {
  it('holds the requests of one turn, then runs them in arrival order in one callback, before their ticks', async () => {
    const log: string[] = [];
    const mw = handleInBatches();
    for (const name of ['a', 'b', 'c']) {
      mw(req, res(), (() => {
        log.push(`next ${name}`);
        process.nextTick(() => log.push(`tick ${name}`));
      }) as NextFunction);
    }
    expect(log).toEqual([]);
    await turn();
    // What each handler leaves for after its write (node's write callbacks, finish and close) runs once the
    // whole batch has been handled.
    expect(log).toEqual(['next a', 'next b', 'next c', 'tick a', 'tick b', 'tick c']);
  });

  it('starts a new batch for requests that arrive after the last one ran', async () => {
    const seen: string[] = [];
    const mw = handleInBatches();
    mw(req, res(), (() => seen.push('one')) as NextFunction);
    await turn();
    mw(req, res(), (() => seen.push('two')) as NextFunction);
    expect(seen).toEqual(['one']);
    await turn();
    expect(seen).toEqual(['one', 'two']);
  });

  it("hands an error thrown by the router to that request's error answer, and the rest of the batch still runs", async () => {
    const log: string[] = [];
    const mw = handleInBatches();
    mw(req, res(), ((err?: unknown) => {
      if (err === undefined) throw new Error('router fault');
      log.push(`error answer: ${(err as Error).message}`);
    }) as NextFunction);
    mw(req, res(), (() => log.push('next b')) as NextFunction);
    await turn();
    expect(log).toEqual(['error answer: router fault', 'next b']);
  });

  it('drops the connection of a request that not even the error answer can answer, and handles the rest', async () => {
    const log: string[] = [];
    const mw = handleInBatches();
    mw(
      req,
      res(() => log.push('destroy a')),
      (() => {
        throw new Error('twice');
      }) as NextFunction,
    );
    mw(req, res(), (() => log.push('next b')) as NextFunction);
    await turn();
    expect(log).toEqual(['destroy a', 'next b']);
  });
});
