import type { FastifyBaseLogger } from 'fastify';
import { isAppError } from './errors.ts';

/** Startup failures print one clear line (configuration, locked data directory …) and exit non-zero. */
export function exitOnStartupError(error: unknown): never {
  if (isAppError(error)) console.error(`hound: ${error.message}`);
  else console.error('hound: failed to start:', error);
  process.exit(1);
}

/** What the closes after the grace period may take together (each Redis, mail and database close is bounded). */
export const SHUTDOWN_MARGIN_MS = 8000;

let deadlineMs: number | undefined;

/** A stop still running this long after the signal exits anyway (a part that never answers must not keep the process alive). */
export function setShutdownDeadline(ms: number): void {
  deadlineMs = ms;
}

/** Runs `stop` once on SIGTERM or SIGINT; a second signal, or the shutdown deadline, exits at once. */
export function onShutdownSignal(log: FastifyBaseLogger, stop: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    if (deadlineMs !== undefined) {
      setTimeout(() => {
        log.error('shutdown did not finish in time, exiting now');
        process.exit(1);
      }, deadlineMs).unref();
    }
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
