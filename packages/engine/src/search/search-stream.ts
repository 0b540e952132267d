import { setMaxListeners } from 'node:events';
import type { SearchEvent, SiteResult } from '../model.ts';
import type { Transport } from '../transport/index.ts';
import { checkSite } from './check-site.ts';
import { RequestCache } from './run-check.ts';
import type { SelectedSite } from './select-sites.ts';

let searchCounter = 0;

export interface StreamOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Starts every site's check at once (the transport's limits pace the network) and yields results in
 * completion order, so one slow site never holds back the others. Leaving the loop early, or aborting
 * `signal`, cancels every request still in flight; sites cut off by an abort end as `unknown` `cancelled`.
 */
export async function* searchStream(
  selected: readonly SelectedSite[],
  username: string,
  transport: Transport,
  options: StreamOptions,
): AsyncGenerator<SearchEvent> {
  // One internal signal for every check of this search (each check listens to it).
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const onAbort = () => stop.abort();
  if (options.signal?.aborted) stop.abort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  const requests = new RequestCache(transport, {
    signal: stop.signal,
    group: `search-${++searchCounter}`,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });

  const ready: SiteResult[] = [];
  let wake: (() => void) | undefined;
  const deliver = (result: SiteResult) => {
    ready.push(result);
    wake?.();
  };
  for (const entry of selected) {
    checkSite(entry, username, requests).then(deliver, (error: unknown) =>
      deliver({
        siteId: entry.site.id,
        name: entry.site.name,
        url: '',
        category: entry.site.category,
        tags: entry.site.tags,
        verdict: 'unknown',
        reason: 'unexpected_response',
        evidence: { rule: `internal error: ${(error as Error).message}`, elapsedMs: 0, agreed: [] },
      }),
    );
  }

  const total = selected.length;
  try {
    for (let done = 0; done < total; ) {
      if (ready.length === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      const result = ready.shift() as SiteResult;
      done++;
      yield { result, progress: { done, total } };
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    stop.abort();
  }
}
