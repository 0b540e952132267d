import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `task` until it succeeds, waiting `baseMs`, then twice as long each time, at most `attempts` runs.
 * Rejects with the last failure, or at once when `signal` aborts (a process shutting down).
 */
export async function retryWithBackoff<T>(
  task: () => Promise<T>,
  options: { attempts: number; baseMs: number; signal?: AbortSignal },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= options.attempts || options.signal?.aborted) throw error;
      await sleep(options.baseMs * 2 ** (attempt - 1), undefined, { signal: options.signal, ref: false });
    }
  }
}
