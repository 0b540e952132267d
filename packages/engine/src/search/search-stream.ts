import type { AccountLinks } from '../facts/account-links.ts';
import type { FactOptions } from '../facts/profile-facts.ts';
import type { CheckBaseline } from '../health/baseline.ts';
import type { FactsMode, SearchEvent, SiteResult } from '../model.ts';
import type { Transport } from '../transport/index.ts';
import { checkSite } from './check-site.ts';
import { controlProbesFor } from './control-probe.ts';
import { launchOrder } from './launch-order.ts';
import { linkedAbort } from './linked-abort.ts';
import { RequestCache } from './run-check.ts';
import type { SelectedSite } from './select-sites.ts';

let searchCounter = 0;
/** Searches in progress per transport, to share the window of sites in progress between them. */
const activeSearches = new WeakMap<Transport, { count: number }>();
/** Sites a search keeps in progress beyond the global limit (some wait on per-host queues). */
const MIN_WINDOW = 64;
/** Sites started per event-loop turn while the first window fills. */
const LAUNCH_SLICE = 32;

export interface StreamOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The self-test's baselines by check key (decision 100); none before the first self-test. */
  baselines?: ReadonlyMap<string, CheckBaseline>;
  /** Profile facts of found results (issue 29). @default 'page' */
  facts?: FactsMode;
  /** The catalogue's profile URL patterns, to read the usernames a profile links to. */
  links?: AccountLinks;
  /** `false`: no control probes, no baseline comparison (the engine's `searchGuards`, benchmarks only). */
  guards?: false;
}

/**
 * Starts the sites' checks (hosts with the longest per-host queues first, a window of them in progress)
 * and yields results in completion order, so one slow site never holds back the others. Leaving the loop
 * early, or aborting `signal`, cancels every request still in flight; sites cut off by an abort end as
 * `unknown` `cancelled`.
 */
export async function* searchStream(
  selected: readonly SelectedSite[],
  username: string,
  transport: Transport,
  options: StreamOptions,
): AsyncGenerator<SearchEvent> {
  // One internal signal for every check of this search (each check listens to it).
  const { controller: stop, release } = linkedAbort(options.signal);
  const requests = new RequestCache(
    transport,
    {
      signal: stop.signal,
      group: `search-${++searchCounter}`,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    },
    options.guards === false
      ? undefined
      : { controls: controlProbesFor(transport), baselines: options.baselines ?? new Map() },
  );

  const mode = options.facts ?? 'page';
  const facts: FactOptions | undefined =
    mode === 'off' ? undefined : { mode, ...(options.links ? { links: options.links } : {}) };
  const ready: Array<SiteResult | undefined> = [];
  let wake: (() => void) | undefined;
  const deliver = (result: SiteResult) => {
    ready.push(result);
    wake?.();
  };
  const failed = (entry: SelectedSite, error: unknown): SiteResult => ({
    siteId: entry.site.id,
    name: entry.site.name,
    url: '',
    category: entry.site.category,
    tags: entry.site.tags,
    verdict: 'unknown',
    reason: 'unexpected_response',
    evidence: { rule: `internal error: ${(error as Error).message}`, elapsedMs: 0, agreed: [] },
  });

  // A window of sites in progress rather than all at once: the transport's limits pace the network
  // anyway, and a window bounds memory. Parallel searches on one transport split the window between them
  // (re-read on every completion), so ten searches hold about as much as one.
  const queue = launchOrder(selected);
  let next = 0;
  let inProgress = 0;
  const active = activeSearches.get(transport) ?? { count: 0 };
  activeSearches.set(transport, active);
  active.count++;
  let counted = true;
  // A search stops claiming a share once its last site has started (or when it ends early).
  const leave = () => {
    if (!counted) return;
    counted = false;
    active.count--;
  };
  const windowSize = () =>
    Math.max(MIN_WINDOW, Math.ceil((transport.options.globalConcurrency + MIN_WINDOW) / active.count));
  const launch = () => {
    const entry = queue[next++];
    if (!entry) return;
    if (next === queue.length) leave();
    inProgress++;
    checkSite(entry, username, requests, facts)
      .catch((error: unknown) => failed(entry, error))
      .then((result) => {
        inProgress--;
        deliver(result);
        refill();
      });
  };
  const refill = () => {
    while (inProgress < windowSize() && next < queue.length) launch();
  };
  // The first window starts in small slices, one per event-loop turn, so the first results (and other
  // searches) are not held up behind hundreds of connection set-ups done in one go.
  const startWindow = () => {
    for (let i = 0; i < LAUNCH_SLICE && inProgress < windowSize() && next < queue.length; i++) launch();
    if (inProgress < windowSize() && next < queue.length) setImmediate(startWindow);
  };
  if (queue.length === 0) leave();
  startWindow();

  const total = selected.length;
  let taken = 0;
  try {
    for (let done = 0; done < total; ) {
      if (taken === ready.length) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      const result = ready[taken] as SiteResult;
      ready[taken++] = undefined; // let delivered results be collected
      done++;
      yield { result, progress: { done, total } };
    }
  } finally {
    leave();
    release();
    stop.abort();
  }
}
