/**
 * `?q=` on the username page (issue 26 item 4, decision 107): one name starts that search, several
 * ("Search all" from an email search's pivots) start the form's batch of one search per name.
 */
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SearchApi } from '../../api/search-api.ts';
import { renderWithApp } from '../../test/render.tsx';
import SearchPage from './search-page.tsx';
import { createSearchStore } from './search-store.ts';

function recordingStore() {
  const api: SearchApi = {
    start: async () => ({ ok: true, searchId: 's1' }),
    status: async () => ({ ok: false, missing: true }),
    cancel: async () => undefined,
    stream: () => () => undefined,
  };
  const store = createSearchStore({ api, storage: () => sessionStorage });
  const calls: Array<{ one?: string; many?: string[] }> = [];
  return {
    calls,
    store: {
      ...store,
      start: (username: string) => calls.push({ one: username }),
      startMany: (names: readonly string[]) => calls.push({ many: [...names] }),
    },
  };
}

describe('the username page’s ?q=', () => {
  it('starts one search for one name', async () => {
    const { calls, store } = recordingStore();
    renderWithApp(<SearchPage store={store} />, { path: '/username-search?q=ivy.stone' });
    await waitFor(() => expect(calls).toEqual([{ one: 'ivy.stone' }]));
  });

  it('starts one search per name for several, and nothing for a name a search refuses', async () => {
    const { calls, store } = recordingStore();
    renderWithApp(<SearchPage store={store} />, {
      path: `/username-search?q=${encodeURIComponent('ivy.stone,ivy_s')}`,
    });
    await waitFor(() => expect(calls).toEqual([{ many: ['ivy.stone', 'ivy_s'] }]));

    const refused = recordingStore();
    renderWithApp(<SearchPage store={refused.store} />, { path: `/username-search?q=${encodeURIComponent('a b,c$')}` });
    await new Promise((r) => setTimeout(r, 50));
    expect(refused.calls).toEqual([]);
  });
});
