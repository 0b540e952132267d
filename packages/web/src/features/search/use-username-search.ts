import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { createLazySearchApi } from '../../api/lazy-search-api.ts';
import type { SearchApi } from '../../api/search-api.ts';
import { getDeviceId } from '../../lib/device-id.ts';
import { browserStore } from '../../lib/storage.ts';
import { SearchController } from './search-controller.ts';
import { initialSearchState, searchReducer } from './search-state.ts';

/** The search state plus start/cancel, wired to the HTTP API (or a given one, for tests). */
export function useUsernameSearch(api?: SearchApi) {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const client = useMemo(() => api ?? createLazySearchApi(), [api]);
  const controller = useRef<SearchController | null>(null);
  if (!controller.current) controller.current = new SearchController({ api: client, dispatch });

  useEffect(() => {
    const current = controller.current;
    return () => current?.dispose();
  }, []);

  const start = useCallback((username: string) => {
    void controller.current!.start(username, getDeviceId(browserStore()));
  }, []);
  const cancel = useCallback(() => controller.current!.cancel(), []);
  return { state, start, cancel };
}
