/**
 * What a process does besides answering HTTP: running searches (when it is a worker or a single-node
 * server), re-queueing searches a restart interrupted, the retention job and the health self-test.
 */
import type { Config } from './env.ts';
import { purgeAuthLeftovers } from './features/auth/purge-expired.ts';
import { remindEndingTrials } from './features/billing/billing-notices.ts';
import { retryDueCancellations } from './features/billing/cancel-deleted-customer.ts';
import { purgeDeletedAccountsOrders } from './features/billing/purge-deleted-orders.ts';
import { retryDueCustomerEmails } from './features/billing/push-customer-email.ts';
import { createStripeClient } from './features/billing/stripe-client.ts';
import { expireReservations } from './features/credits/reservations.ts';
import { retryDueDuplicates } from './features/email-plus/refund-duplicate.ts';
import { recoverEmailSearches } from './features/email-search/recover-email-searches.ts';
import { endLostSearches } from './features/searches/end-lost-searches.ts';
import { finishSearch } from './features/searches/finish-search.ts';
import { purgeExpiredSearches } from './features/searches/purge-expired-searches.ts';
import { recoverSearches } from './features/searches/recover-searches.ts';
import { runSearch } from './features/searches/run-search.ts';
import { createWatchDeps } from './features/watches/watch-deps.ts';
import { startWatchScheduler, type WatchScheduler } from './features/watches/watch-pass.ts';
import { purgeOldDeliveries } from './features/webhooks/purge-deliveries.ts';
import { retryWithBackoff } from './lib/retry.ts';
import type { Services } from './services.ts';

export const SEARCH_FAILED_MESSAGE = 'The search failed. Please try again later.';
const RETENTION_EVERY_MS = 60 * 60 * 1000;
/** Unused credit reservations return after 15 minutes; checked this often. */
const RESERVATIONS_EVERY_MS = 60 * 1000;
/** First self-test after start when no outcome is known yet; gives the catalogues time to load. */
const FIRST_SELF_TEST_DELAY_MS = 60 * 1000;
/**
 * The sweep of searches left active without a job (end-lost-searches.ts): how often, and how long since a
 * search's last write before it is looked at (longer than an insert takes to be enqueued).
 */
export const LOST_SEARCH_SWEEP = { everyMs: 15_000, minAgeMs: 30_000 };
/** A failed search's final write: 1, 2, 4, 8, 16 s apart (≈ 30 s); the sweep ends it if none lands. */
const FINAL_WRITE_RETRY = { attempts: 6, baseMs: 1000 };

export interface Background {
  stop(): void;
  /** Stops the watch scheduler and waits for the email watch runs of this process (shutdown). */
  stopWatches(): Promise<void>;
}

export async function startBackground(
  services: Services,
  config: Config,
  options: {
    runSearches: boolean;
    retention: boolean;
    flushMs?: number;
    /** Tests shorten the sweep of lost searches. */
    lostSearchSweep?: { everyMs: number; minAgeMs: number };
    /** Run the watch scheduler (issue 39): API processes do (default: with `retention`). */
    watches?: boolean;
  },
): Promise<Background> {
  const { db, bus, limiter, engines, queue, log, metrics } = services;
  const timers: NodeJS.Timeout[] = [];
  const stopping = new AbortController();
  const finishDeps = { db: db.db, bus, limiter, metrics };
  services.mailer.start();
  services.webhooks.start();

  if (options.runSearches) {
    queue.work(
      (job, context) =>
        runSearch(
          {
            db: db.db,
            bus,
            limiter,
            engines,
            log,
            metrics,
            checkTimeoutMs: config.checkTimeoutMs,
            flushMs: options.flushMs,
            queue,
          },
          job,
          context,
        ),
      {
        concurrency: config.workerConcurrency,
        onFailed: async (job, error) => {
          const { searchId } = job;
          log.error({ err: error, searchId }, 'search failed');
          // The job's last attempt often failed because the database is away, and so does this write: it is
          // retried in the background (not holding a worker slot), and the sweep below ends the search if
          // it never lands, so no search stays "running" with its stream open and its limit slot taken.
          void retryWithBackoff(() => finishSearch(finishDeps, searchId, 'error', SEARCH_FAILED_MESSAGE), {
            ...FINAL_WRITE_RETRY,
            signal: stopping.signal,
          }).catch((failure: unknown) =>
            log.warn({ err: failure, searchId }, 'a failed search could not be marked yet; the sweep will end it'),
          );
        },
      },
    );
    if (queue.kind === 'in-process') {
      const recovered = await recoverSearches(db.db, queue);
      if (recovered > 0) log.info({ recovered }, 'interrupted searches queued again');
    }
    const sweep = options.lostSearchSweep ?? LOST_SEARCH_SWEEP;
    let sweeping = false;
    const endLost = async () => {
      if (sweeping) return;
      sweeping = true;
      try {
        const ended = await endLostSearches({ ...finishDeps, queue }, { minAgeMs: sweep.minAgeMs });
        if (ended > 0) log.warn({ ended }, 'searches left active without a job were ended');
      } catch (error) {
        log.warn({ err: error }, 'the sweep of lost searches failed; it runs again shortly');
      } finally {
        sweeping = false;
      }
    };
    void endLost();
    const lostTimer = setInterval(endLost, sweep.everyMs);
    lostTimer.unref();
    timers.push(lostTimer);
    scheduleSelfTest(services, config, timers);
  }

  if (options.retention) {
    const purge = async () => {
      try {
        const outcome = await purgeExpiredSearches(finishDeps, { retentionDays: config.retentionDays });
        const accounts = await purgeAuthLeftovers(db.db, new Date(), config.retentionDays);
        const deliveries = await purgeOldDeliveries(db.db, new Date(), config.retentionDays);
        if (
          outcome.purged > 0 ||
          outcome.interrupted > 0 ||
          accounts.sessions > 0 ||
          accounts.codes > 0 ||
          deliveries > 0
        )
          log.info(
            {
              ...outcome,
              expiredSessions: accounts.sessions,
              expiredCodes: accounts.codes,
              webhookDeliveries: deliveries,
            },
            'retention job done',
          );
      } catch (error) {
        log.warn({ err: error }, 'retention job failed');
      }
    };
    void purge();
    const timer = setInterval(purge, RETENTION_EVERY_MS);
    timer.unref();
    timers.push(timer);
    const expire = async () => {
      try {
        const returned = await expireReservations(db.db, new Date());
        if (returned > 0) log.info({ returned }, 'unused credit reservations returned');
        const interrupted = await recoverEmailSearches(db.db, new Date());
        if (interrupted > 0) log.info({ interrupted }, 'interrupted email searches failed, credits returned');
      } catch (error) {
        log.warn({ err: error }, 'credit reservation expiry failed');
      }
    };
    const reservations = setInterval(expire, RESERVATIONS_EVERY_MS);
    reservations.unref();
    timers.push(reservations);
    // Deleted accounts: Stripe cancellations that failed are retried, and their Email Plus orders go once
    // delivered or refused (decision 095); a second payment for one Email Plus order is refunded (decision
    // 134); Stripe customers follow an address change; trial reminders are sent.
    const stripe = config.billing.stripe ? { client: createStripeClient(config.billing.stripe) } : undefined;
    const cancellations = setInterval(async () => {
      try {
        await retryDueCancellations({ db: db.db, log, now: () => new Date(), stripe });
        await retryDueDuplicates({ db: db.db, log, now: () => new Date(), stripe });
        await retryDueCustomerEmails({ db: db.db, log, now: () => new Date(), stripe });
        await purgeDeletedAccountsOrders(db.db);
      } catch (error) {
        log.warn({ err: error }, 'Stripe cancellation pass failed');
      }
      // Trials converting within two days get their reminder (issue 27, decision 108).
      try {
        await remindEndingTrials({
          db: db.db,
          log,
          mailer: services.mailer,
          now: () => new Date(),
          stripe,
          options: { brand: config.site.brandName ?? 'Hound', publicUrl: config.publicUrl },
        });
      } catch (error) {
        log.warn({ err: error }, 'trial reminder pass failed');
      }
    }, RESERVATIONS_EVERY_MS);
    cancellations.unref();
    timers.push(cancellations);
  }

  // Watches: every API process runs the pass; claims are per row, so any number of them share the work.
  let scheduler: WatchScheduler | undefined;
  if (options.watches ?? options.retention) {
    scheduler = startWatchScheduler(
      createWatchDeps(
        { db: db.db, queue, engines, mailer: services.mailer, webhooks: services.webhooks, log },
        {
          watches: config.watches,
          brand: config.site.brandName ?? 'Hound',
          publicUrl: config.publicUrl,
          email: { loud: config.email.loud, keys: config.email.keys },
          authSecret: config.auth.secret,
          checkTimeoutMs: config.checkTimeoutMs,
        },
      ),
    );
  }

  return {
    stop() {
      stopping.abort();
      for (const t of timers) clearTimeout(t);
      void scheduler?.stop();
    },
    async stopWatches() {
      await scheduler?.stop();
    },
  };
}

function scheduleSelfTest(services: Services, config: Config, timers: NodeJS.Timeout[]) {
  const everyMs = config.healthCheckIntervalHours * 3600 * 1000;
  if (everyMs <= 0) return;
  const { engines, log } = services;
  let running = false;
  const run = async () => {
    const lease = running ? undefined : engines.lease();
    if (!lease) return;
    running = true;
    try {
      const outcome = await lease.engine.selfTest({ emailKeys: config.email.keys });
      log.info(
        { sites: outcome.length, unreliable: outcome.filter((h) => !h.reliable).length },
        'health self-test done',
      );
    } catch (error) {
      log.warn({ err: error }, 'health self-test failed');
    } finally {
      running = false;
      lease.release();
    }
  };
  const first = setTimeout(
    async () => {
      const engine = await engines.whenReady();
      if (engine.health().length === 0) await run();
    },
    Math.min(FIRST_SELF_TEST_DELAY_MS, everyMs),
  );
  first.unref();
  const every = setInterval(run, everyMs);
  every.unref();
  timers.push(first, every);
}
