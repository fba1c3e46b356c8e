import { send, type Step } from './load.js';
import { loadScenarios } from './scenarios.js';

/**
 * Titles alice can add to her queue and remove again (rentable, not a disc, not queued yet), found by doing
 * exactly that once each, so the add + delete cycle under load only ever sees 201 and 200.
 */
export async function queueableTitles(url: string, wanted: number, from = 10_400): Promise<number[]> {
  const cycle = loadScenarios([]).find((s) => s.steps.length === 2)!.steps as [Step, Step];
  const found: number[] = [];
  for (let id = from; found.length < wanted && id < from + wanted * 5; id++) {
    const c = { title: id };
    const added = await send(url, cycle[0], c);
    if (added.status !== 201) continue;
    const removed = await send(url, cycle[1], c);
    if (removed.status === 200) found.push(id);
  }
  if (found.length < wanted) throw new Error(`only ${found.length} titles from ${from} can be queued and removed; wanted ${wanted}`);
  return found;
}
