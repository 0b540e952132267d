/**
 * Redis connections that fail fast (decision 099). ioredis' defaults queue every command while Redis is
 * away and retry it forever, so a request that needs Redis hung for as long as Redis was gone and
 * shutdown waited on `quit()` replies that never came. Here a command runs only on a ready connection
 * (the first connection gets `timeoutMs` to come up), each command is bounded, and a close gives up
 * after `timeoutMs` and drops the socket. The failure is the clear 503 `SERVICE_UNAVAILABLE`.
 */
import { Redis, type RedisOptions } from 'ioredis';
import { AppError } from '../errors.ts';
import { withDeadline } from './with-deadline.ts';

/** REDIS_TIMEOUT_SECONDS' default. */
export const REDIS_TIMEOUT_MS = 2000;

export const REDIS_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a minute.';

/** Options of every non-blocking connection (BullMQ's worker keeps its own blocking one). */
export function failFastOptions(timeoutMs: number): RedisOptions {
  return {
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Keep trying to reconnect in the background, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  };
}

export interface FailFastRedis {
  readonly redis: Redis;
  /** Runs `command` on a ready connection, or throws the 503 within about `timeoutMs`. */
  call<T>(command: (redis: Redis) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createFailFastRedis(url: string, timeoutMs: number): FailFastRedis {
  const redis = new Redis(url, failFastOptions(timeoutMs));
  // Errors surface through /readyz and the 503s; keep them from crashing the process. The last one is kept as
  // the cause of later failures, so the log says why (e.g. Redis' WRONGPASS) rather than only "reconnecting".
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
  });
  redis.on('ready', () => {
    lastError = undefined;
  });
  const startedAt = Date.now();
  return {
    redis,
    async call(command) {
      try {
        // Only the first connection is waited for (a start races its first requests); a lost one fails at once.
        if (redis.status !== 'ready') {
          await untilReady(redis, startedAt + timeoutMs - Date.now()).catch((error: Error) => {
            throw lastError ? new Error(`${error.message}: ${lastError.message}`, { cause: lastError }) : error;
          });
        }
        return await command(redis);
      } catch (error) {
        throw unavailable(error);
      }
    },
    close: () => closeRedis(redis, timeoutMs),
  };
}

export function unavailable(error: unknown): AppError {
  return error instanceof AppError
    ? error
    : new AppError('SERVICE_UNAVAILABLE', REDIS_UNAVAILABLE_MESSAGE, { cause: error });
}

function untilReady(redis: Redis, waitMs: number): Promise<void> {
  if (waitMs <= 0 || (redis.status !== 'connecting' && redis.status !== 'connect')) {
    return Promise.reject(new Error(`redis is ${redis.status}`));
  }
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => done();
    const timer = setTimeout(() => done(new Error('redis not ready')), waitMs);
    redis.once('ready', onReady);
  });
}

/** `quit()` politely, but never wait on a Redis that does not answer: drop the socket after `timeoutMs`. */
export async function closeRedis(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') {
    await withDeadline(
      redis.quit().then(() => undefined),
      timeoutMs,
    ).catch(() => {});
  }
  redis.disconnect();
}
