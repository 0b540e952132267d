import { setMaxListeners } from 'node:events';

/**
 * An AbortController that also aborts when `outer` does. Every check of one run listens to its signal,
 * hence no listener limit. `release()` detaches from `outer` when the run ends.
 */
export function linkedAbort(outer?: AbortSignal): { controller: AbortController; release: () => void } {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const onAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return { controller, release: () => outer?.removeEventListener('abort', onAbort) };
}
