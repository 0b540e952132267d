/**
 * TEMPORARY stand-in for @hound/engine while it is being written: implements the Engine port with
 * in-memory sites whose "checks" are timers. Replaced by the real engine against @hound/testkit in the
 * end-to-end suites.
 */
import type { Engine, SearchEvent, SearchOptions, Site, SiteResult } from '@hound/engine';

export interface TinySite {
  name: string;
  host?: string;
  claimed?: string[];
  delayMs?: number;
}

export interface TinyOptions {
  /** Per-username check delay (default 5 ms). */
  delayMs?: (username: string) => number;
  /** Usernames whose search throws. */
  failFor?: (username: string) => boolean;
}

export function tinyEngine(sites: TinySite[], options: TinyOptions = {}) {
  const model: Site[] = sites.map((s) => ({
    id: s.host ?? `${s.name.toLowerCase()}.test`,
    name: s.name,
    host: s.host ?? `${s.name.toLowerCase()}.test`,
    category: 'social',
    tags: [],
    nsfw: false,
    checks: [],
  }));
  const stats = { started: 0, searches: 0 };
  const engine: Engine = {
    sites: model,
    countSites: () => model.length,
    health: () => [],
    selfTest: async () => [],
    close: async () => {},
    async *searchUsername(username: string, opts: SearchOptions = {}): AsyncIterable<SearchEvent> {
      stats.searches++;
      if (options.failFor?.(username)) throw new Error('tiny engine: search failed');
      const queue: SiteResult[] = [];
      let wake: () => void = () => {};
      let done = 0;
      const pending = model.map(
        (site, i) =>
          new Promise<void>((resolve) => {
            if (opts.signal?.aborted) return resolve();
            stats.started++;
            const timer = setTimeout(
              () => {
                const found = sites[i]!.claimed?.includes(username) ?? false;
                queue.push({
                  siteId: site.id,
                  name: site.name,
                  url: `https://${site.host}/${username}`,
                  category: site.category,
                  tags: [],
                  verdict: found ? 'found' : 'not_found',
                  evidence: { rule: 'status 200', elapsedMs: 1, agreed: ['sherlock'], status: found ? 200 : 404 },
                });
                wake();
                resolve();
              },
              sites[i]!.delayMs ?? options.delayMs?.(username) ?? 5,
            );
            opts.signal?.addEventListener('abort', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      );
      const all = Promise.all(pending);
      while (done < model.length) {
        if (opts.signal?.aborted) return;
        const next = queue.shift();
        if (next) {
          done++;
          yield { result: next, progress: { done, total: model.length } };
          continue;
        }
        await Promise.race([new Promise<void>((r) => (wake = r)), all]);
        if (queue.length === 0 && opts.signal?.aborted) return;
      }
    },
  };
  return { engine, stats };
}
