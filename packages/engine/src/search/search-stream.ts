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
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const requests = new RequestCache(transport, {
    signal,
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
    stop.abort();
  }
}
