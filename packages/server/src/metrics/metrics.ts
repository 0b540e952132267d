/**
 * Prometheus metrics (decision 103). One `Metrics` per process (made with the services), on its own
 * `Registry`: tests that build several apps in one process do not share counters. Events are counted
 * where they happen, at a few central points; states (queue depth, catalogues, health, open streams,
 * credits, the mail outbox) are read when Prometheus scrapes.
 */
import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { EngineHost } from '../catalogues/engine-host.ts';
import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

/** What the scrape-time gauges read; each is optional (a worker has no event streams). */
export interface MetricSources {
  queue?: Pick<JobQueue, 'depth'>;
  engines?: Pick<EngineHost, 'state' | 'current'>;
  db?: Database;
  openStreams?: () => number;
}

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(options: { defaultMetrics?: boolean } = {}) {
  const registry = new Registry();
  const sources: MetricSources = {};
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name, help, labelNames, registers: [registry] });

  const metrics = {
    registry,
    /** Adds the things the scrape-time gauges read (services add theirs, the app its stream count). */
    readFrom(more: MetricSources) {
      Object.assign(sources, more);
    },
    searchesStarted: counter('hound_searches_started_total', 'Username searches accepted and queued'),
    searchesEnded: counter(
      'hound_searches_ended_total',
      'Username searches that reached a final status (completed, error = failed, cancelled)',
      ['status'],
    ),
    searchDuration: new Histogram({
      name: 'hound_search_duration_seconds',
      help: 'From a username search being queued to its final status',
      labelNames: ['status'],
      buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
      registers: [registry],
    }),
    checks: counter('hound_checks_total', 'Site checks of username searches by verdict and reason', [
      'verdict',
      'reason',
    ]),
    checkDuration: new Histogram({
      name: 'hound_check_duration_seconds',
      help: 'Time of one site check (requests, retries and rules)',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30],
      registers: [registry],
    }),
    jobWait: new Histogram({
      name: 'hound_job_wait_seconds',
      help: 'From a username search being queued to its first run starting',
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers: [registry],
    }),
    emailSearchesStarted: counter('hound_email_searches_started_total', 'Email searches started'),
    webhookEvents: counter(
      'hound_webhook_events_total',
      'Stripe webhook deliveries by outcome (processed, duplicate, invalid, failed)',
      ['outcome'],
    ),
    mailsSent: counter('hound_mails_sent_total', 'Mails handed to the transport'),
    mailAttemptsFailed: counter('hound_mail_attempts_failed_total', 'Mail hand-overs that failed (retried later)'),
    mailsFailed: counter('hound_mails_failed_total', 'Mails that failed every attempt and were given up'),
  };

  new Gauge({
    name: 'hound_queue_depth',
    help: 'Username search jobs waiting in the queue (BullMQ: waiting, delayed and prioritized)',
    registers: [registry],
    async collect() {
      if (sources.queue) await orKeep(sources.queue.depth().then((n) => this.set(n)));
    },
  });
  new Gauge({
    name: 'hound_event_streams_open',
    help: 'Event streams open on this API process',
    registers: [registry],
    collect() {
      if (sources.openStreams) this.set(sources.openStreams());
    },
  });
  new Gauge({
    name: 'hound_catalogue_state',
    help: 'Site catalogues: 1 for the current state (loading, ready, unavailable)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!sources.engines) return;
      const state = sources.engines.state();
      const now = state.ready ? 'ready' : state.unavailable ? 'unavailable' : 'loading';
      for (const name of ['loading', 'ready', 'unavailable']) this.set({ state: name }, name === now ? 1 : 0);
    },
  });
  new Gauge({
    name: 'hound_sites',
    help: 'Sites in the loaded catalogues by health self-test state (healthy, unhealthy, untested)',
    labelNames: ['health'],
    registers: [registry],
    collect() {
      const engine = sources.engines?.current();
      if (!engine) return;
      const health = new Map(engine.health().map((h) => [h.siteId, h.reliable]));
      const counts = { healthy: 0, unhealthy: 0, untested: 0 };
      for (const site of engine.sites) {
        const reliable = health.get(site.id);
        counts[reliable === undefined ? 'untested' : reliable ? 'healthy' : 'unhealthy'] += 1;
      }
      for (const [state, n] of Object.entries(counts)) this.set({ health: state }, n);
    },
  });
  // Read from the ledger (shared by every process), so every API process reports the same totals.
  // Both gauges of one scrape share one read (the registry collects its metrics concurrently).
  const credits = { granted: new Map<string, number>(), spent: new Map<string, number>() };
  let reading: Promise<void> | undefined;
  const readOnce = () => {
    reading ??= orKeep(readCredits(sources.db, credits)).finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const creditGauge = (name: string, help: string, side: keyof typeof credits) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        await readOnce();
        for (const [kind, n] of credits[side]) this.set({ kind }, n);
      },
    });
  creditGauge('hound_credits_granted', 'Credits ever added, by ledger kind (from the credit ledger)', 'granted');
  creditGauge('hound_credits_spent', 'Credits ever taken, by ledger kind (from the credit ledger)', 'spent');
  new Gauge({
    name: 'hound_mail_outbox',
    help: 'Mails in the outbox: pending (due or waiting to retry) and failed (given up)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      if (!sources.db) return;
      const read = sources.db
        .execute(sql`select status, count(*)::int as n from mail_outbox group by status`)
        .then((rows) => {
          this.set({ status: 'pending' }, 0);
          this.set({ status: 'failed' }, 0);
          for (const row of rowsOf<{ status: string; n: number }>(rows))
            this.set({ status: row.status }, Number(row.n));
        });
      await orKeep(read);
    },
  });

  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'hound_' });
  return metrics;
}

async function readCredits(
  db: Database | undefined,
  into: { granted: Map<string, number>; spent: Map<string, number> },
) {
  if (!db) return;
  const rows = await db.execute<{ kind: string; granted: number; spent: number }>(
    sql`select kind, coalesce(sum(delta) filter (where delta > 0), 0)::int as granted,
               coalesce(-sum(delta) filter (where delta < 0), 0)::int as spent
        from credit_ledger group by kind`,
  );
  for (const row of rowsOf<{ kind: string; granted: number; spent: number }>(rows)) {
    into.granted.set(row.kind, Number(row.granted));
    into.spent.set(row.kind, Number(row.spent));
  }
}

/**
 * A state that cannot be read now (database or Redis away) keeps its last value: the scrape still answers,
 * and `/readyz` and the logs say what is down.
 */
const orKeep = (reading: Promise<unknown>): Promise<void> =>
  reading.then(
    () => {},
    () => {},
  );

/** Both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
