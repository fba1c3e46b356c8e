import type { Router } from 'express';
import { Counter, Gauge, Registry } from 'prom-client';
import type { IntervalHistogram } from 'node:perf_hooks';
import { EVENT_LOOP_SAMPLE_MS, type World } from '../world/world.js';
import { requireOperator } from './admin-request.js';

/** A row of a counter's series: a value for each label, and the count. */
type CounterRow<L extends string> = Record<L, string | number> & { count: number };

/**
 * GET /__admin/metrics: the instance in Prometheus' text format (docs/reference/admin-api.md#metrics), for the operator of a
 * shared instance. Everything is read from the world when scraped (its traffic counts, sandbox pool,
 * journal and nonce store), so the request path only adds to plain counters.
 *
 * A registry of its own per app, never prom-client's global one: several simulators may run in one process
 * (test/two-simulators.test.ts), and each must show its own numbers.
 */
export function metricsRoutes(router: Router, world: World): void {
  const registry = new Registry();
  const registers = [registry];
  /** A counter that reads its series when scraped: each row's labels (typed by `labelNames`) and its count. */
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[], rows: () => ReadonlyArray<CounterRow<L>>) =>
    new Counter<L>({
      name,
      help,
      labelNames,
      registers,
      collect() {
        this.reset();
        for (const row of rows()) {
          // Its labels are the row but its count (a row's type is checked against labelNames where the counter is made).
          const { count, ...labels }: { count: number } = row;
          this.inc(labels, count);
        }
      },
    });
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });

  counter('rentalsim_requests_total', 'API requests answered (or closed, status 0), by route template, method and status.', ['route', 'method', 'status'], () =>
    world.traffic.requestRows(),
  );
  counter(
    'rentalsim_oauth_rejections_total',
    'API requests the OAuth checks refused, by oauth_problem (or the check, for a refusal that names none).',
    ['reason'],
    () => world.traffic.rejectionRows(),
  );

  const pool = world.sandboxes;
  gauge('rentalsim_sandboxes', 'Sandboxes held now.', () => pool.size);
  gauge('rentalsim_sandboxes_max', 'Most sandboxes held at once (the cap).', () => pool.settings.max);
  counter('rentalsim_sandboxes_opened_total', 'Sandboxes made from the scenario since start.', [], () => [{ count: pool.opened }]);
  counter('rentalsim_sandboxes_dropped_total', 'Sandboxes let go since start (cap, idle time, DELETE, reset, scenario switch).', [], () => [
    { count: pool.dropped },
  ]);
  counter('rentalsim_sandboxes_evicted_total', 'Of those, sandboxes dropped for the cap or idle time.', [], () => [{ count: pool.evicted }]);

  gauge('rentalsim_data_dir_bytes', 'Bytes the data folder (--data-dir) takes, as counted after each write; 0 without one.', () => world.dataDir?.bytes ?? 0);
  gauge('rentalsim_data_dir_budget_bytes', 'Most bytes the data folder may take (--data-dir-budget); 0 without one.', () => world.dataDir?.budget ?? 0);

  gauge('rentalsim_journal_bytes', 'Bytes the journal holds, about.', () => world.journal.bytes);
  gauge('rentalsim_journal_entries', 'Entries the journal holds.', () => world.journal.size);
  gauge('rentalsim_nonce_store_nonces', 'Used nonces the replay store remembers (slots taken).', () => world.nonces.held);
  gauge('rentalsim_nonce_store_capacity', 'Nonces inside the timestamp window the store always has room for.', () => world.nonces.capacity);
  gauge('rentalsim_nonce_store_bytes', 'Memory the nonce table takes now.', () => world.nonces.bytes);

  // The name prom-client's default metrics give it, so existing Node.js dashboards read it as it is.
  gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', () => process.memoryUsage.rss());
  // Node's histogram records the time between its timer's wakes, the sampling interval included: less that
  // interval, what is left is how late the loop was. Not prom-client's nodejs_eventloop_lag_* names, which
  // report the interval as lag.
  const delay = (name: string, what: string, read: (h: IntervalHistogram) => number) =>
    gauge(name, `${what} event loop delay since the previous scrape (the first scrape starts the sampling).`, () => {
      const h = world.eventLoopDelay();
      return h.count === 0 ? 0 : Math.max(0, read(h) / 1e6 - EVENT_LOOP_SAMPLE_MS) / 1000;
    });
  delay('rentalsim_event_loop_delay_mean_seconds', 'The mean', (h) => h.mean);
  delay('rentalsim_event_loop_delay_p50_seconds', 'The median', (h) => h.percentile(50));
  delay('rentalsim_event_loop_delay_p99_seconds', 'The 99th percentile', (h) => h.percentile(99));
  // Registered last, and a registry collects in the order metrics were registered: the histogram starts
  // again once all four are read.
  delay('rentalsim_event_loop_delay_max_seconds', 'The longest', (h) => {
    const max = h.max;
    h.reset();
    return max;
  });

  router.get('/metrics', async (req, res) => {
    requireOperator(req, 'GET /__admin/metrics');
    const text = await registry.metrics();
    res.set('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
}
