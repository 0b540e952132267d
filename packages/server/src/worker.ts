/**
 * `npm run worker`: a process that only runs searches, taking them from BullMQ. Start any number, on any
 * machine that reaches the same PostgreSQL and Redis. SIGTERM lets running searches finish within the
 * grace period and hands the rest back to the queue.
 */
import { startBackground } from './background.ts';
import { engineFactory } from './catalogues/engine-factory.ts';
import { readConfig } from './env.ts';
import { AppError } from './errors.ts';
import { createLogger } from './logger.ts';
import { serveMetrics } from './metrics/metrics-server.ts';
import { exitOnStartupError, onShutdownSignal, SHUTDOWN_MARGIN_MS, setShutdownDeadline } from './process.ts';
import { createServices } from './services.ts';

async function main(): Promise<void> {
  const config = readConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  if (!config.redisUrl || !config.databaseUrl) {
    throw new AppError(
      'CONFIG_INVALID',
      `A worker shares the queue and the database with the API: set ${[!config.databaseUrl && 'DATABASE_URL', !config.redisUrl && 'REDIS_URL'].filter(Boolean).join(' and ')}. Without them, \`npm start\` runs searches itself.`,
    );
  }
  const log = createLogger(config.logLevel, 'hound-worker');
  const services = await createServices({ config, log, createEngine: engineFactory(config, log) });
  await services.db.migrate();
  const background = await startBackground(services, config, { runSearches: true, retention: false });
  const metricsServer =
    config.metricsPort !== undefined && config.metricsToken
      ? await serveMetrics(services.metrics, {
          host: config.host,
          port: config.metricsPort,
          token: config.metricsToken,
          log,
        })
      : undefined;
  log.info({ concurrency: config.workerConcurrency }, 'Hound worker ready');
  setShutdownDeadline(config.shutdownGraceMs + SHUTDOWN_MARGIN_MS);
  onShutdownSignal(log, async () => {
    background.stop();
    metricsServer?.close();
    await services.queue.close({ graceMs: config.shutdownGraceMs });
    await services.close();
  });
}

main().catch(exitOnStartupError);
