/**
 * `npm start`: read the environment once, build the providers, migrate, listen. SIGTERM/SIGINT stop
 * accepting connections, let running searches finish within SHUTDOWN_GRACE_SECONDS (the rest resume
 * later), then close the database and Redis.
 */

import { buildApp } from './app.ts';
import { startBackground } from './background.ts';
import { emailOnlyEngineFactory, engineFactory } from './catalogues/engine-factory.ts';
import { readConfig } from './env.ts';
import { createLogger } from './logger.ts';
import { lowerHelperThreads } from './lower-helper-threads.ts';
import { exitOnStartupError, onShutdownSignal, SHUTDOWN_MARGIN_MS, setShutdownDeadline } from './process.ts';
import { appDeps, createServices } from './services.ts';

/** Like the search thread's: helpers run when the API and database threads leave a core free. */
const HELPER_THREADS_NICE = 10;

async function main(): Promise<void> {
  const config = readConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const log = createLogger(config.logLevel);
  const services = await createServices({
    config,
    log,
    createEngine: engineFactory(config, log),
    createEmailEngine: emailOnlyEngineFactory(config, log),
  });
  await services.db.migrate();
  const app = await buildApp(appDeps(services, config));
  const background = await startBackground(services, config, { runSearches: config.runSearches, retention: true });
  await app.listen({ port: config.port, host: config.host });
  // After the start, when V8's helpers, libuv's pool and the database thread all exist.
  const helperThreads = lowerHelperThreads(HELPER_THREADS_NICE);
  log.info(
    {
      database: services.db.kind,
      queue: services.queue.kind,
      runsSearches: config.runSearches,
      dataDir: services.db.kind === 'pglite' ? config.dataDir : undefined,
      helperThreads,
    },
    'Hound server ready',
  );
  setShutdownDeadline(config.shutdownGraceMs + SHUTDOWN_MARGIN_MS);
  onShutdownSignal(log, async () => {
    background.stop();
    await background.stopWatches();
    await app.close();
    await services.queue.close({ graceMs: config.shutdownGraceMs });
    await services.close();
  });
}

main().catch(exitOnStartupError);
