/**
 * What a process does besides answering HTTP: running searches (when it is a worker or a single-node
 * server), re-queueing searches a restart interrupted, the retention job and the health self-test.
 */
import type { Config } from './env.ts';
import { purgeAuthLeftovers } from './features/auth/purge-expired.ts';
import { remindEndingTrials } from './features/billing/billing-notices.ts';
import { retryDueCancellations } from './features/billing/cancel-deleted-customer.ts';
import { purgeDeletedAccountsOrders } from './features/billing/purge-deleted-orders.ts';
import { createStripeClient } from './features/billing/stripe-client.ts';
import { expireReservations } from './features/credits/reservations.ts';
import { recoverEmailSearches } from './features/email-search/recover-email-searches.ts';
import { finishSearch } from './features/searches/finish-search.ts';
import { purgeExpiredSearches } from './features/searches/purge-expired-searches.ts';
import { recoverSearches } from './features/searches/recover-searches.ts';
import { runSearch } from './features/searches/run-search.ts';
import { purgeOldDeliveries } from './features/webhooks/purge-deliveries.ts';
import type { Services } from './services.ts';

export const SEARCH_FAILED_MESSAGE = 'The search failed. Please try again later.';
const RETENTION_EVERY_MS = 60 * 60 * 1000;
/** Unused credit reservations return after 15 minutes; checked this often. */
const RESERVATIONS_EVERY_MS = 60 * 1000;
/** First self-test after start when no outcome is known yet; gives the catalogues time to load. */
const FIRST_SELF_TEST_DELAY_MS = 60 * 1000;

export interface Background {
  stop(): void;
}

export async function startBackground(
  services: Services,
  config: Config,
  options: { runSearches: boolean; retention: boolean; flushMs?: number },
): Promise<Background> {
  const { db, bus, limiter, engines, queue, log, metrics } = services;
  const timers: NodeJS.Timeout[] = [];
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
          log.error({ err: error, searchId: job.searchId }, 'search failed');
          await finishSearch(finishDeps, job.searchId, 'error', SEARCH_FAILED_MESSAGE);
        },
      },
    );
    if (queue.kind === 'in-process') {
      const recovered = await recoverSearches(db.db, queue);
      if (recovered > 0) log.info({ recovered }, 'interrupted searches queued again');
    }
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
    // delivered or refused (decision 095); trial reminders are sent.
    const stripe = config.billing.stripe ? { client: createStripeClient(config.billing.stripe) } : undefined;
    const cancellations = setInterval(async () => {
      try {
        await retryDueCancellations({ db: db.db, log, now: () => new Date(), stripe });
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

  return {
    stop() {
      for (const t of timers) clearTimeout(t);
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
