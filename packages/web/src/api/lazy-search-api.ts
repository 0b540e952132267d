/**
 * The search API client, loaded on first use: it carries the zod schemas of @hound/contracts, which
 * the page does not need until a search starts. Preloaded when the search box gets focus or the
 * browser is idle, so the first search does not wait for it.
 */
import type { SearchApi } from './search-api.ts';

let loading: Promise<SearchApi> | null = null;

export function preloadSearchApi(): Promise<SearchApi> {
  loading ??= import('./search-api.ts').then((m) => m.createHttpSearchApi());
  return loading;
}

export function createLazySearchApi(load: () => Promise<SearchApi> = preloadSearchApi): SearchApi {
  return {
    start: async (username, deviceId, scope) => (await load()).start(username, deviceId, scope),
    status: async (searchId) => (await load()).status(searchId),
    cancel: async (searchId) => (await load()).cancel(searchId),
    stream(searchId, handlers) {
      let closed = false;
      let close: (() => void) | undefined;
      void load().then((api) => {
        if (closed) return;
        if (api.stream) close = api.stream(searchId, handlers);
        else handlers.onUnavailable();
      });
      return () => {
        closed = true;
        close?.();
      };
    },
  };
}
