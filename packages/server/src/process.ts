import type { FastifyBaseLogger } from 'fastify';
import { isAppError } from './errors.ts';

/** Startup failures print one clear line (configuration, locked data directory …) and exit non-zero. */
export function exitOnStartupError(error: unknown): never {
  if (isAppError(error)) console.error(`hound: ${error.message}`);
  else console.error('hound: failed to start:', error);
  process.exit(1);
}

/** Runs `stop` once on SIGTERM or SIGINT; a second signal exits at once. */
export function onShutdownSignal(log: FastifyBaseLogger, stop: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (error) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}
