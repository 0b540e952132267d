/**
 * The Watches pages (issue 39): the list shows each watch's state, runs and new events; the form starts a
 * watch with what the person typed (prefilled from "Watch this") and shows the server's refusal; the timeline
 * triages events.
 */
import type { Watch, WatchEvent, WatchList } from '@hound/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer } from '../../test/account-fixtures.ts';
import { callsTo, stubApi } from '../../test/billing-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { initialSearchState, searchReducer } from '../search/search-state.ts';
import WatchPage from './watch-page.tsx';
import { readWatchPrefill, watchPrefillPath } from './watch-prefill.ts';
import { awaitsRun } from './watches-api.ts';
import WatchesPage from './watches-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const watch = (extra: Partial<Watch> = {}): Watch => ({
  id: 'w1',
  kind: 'username',
  target: 'alice',
  label: 'Alice',
  purpose: 'Brand protection for our handles.',
  cadence: 'daily',
  status: 'active',
  scope: null,
  adult: false,
  notify: { mail: true, webhook: false },
  created_at: '2026-11-01T00:00:00Z',
  baseline_at: '2026-11-01T00:00:00Z',
  last_run: {
    id: 'r1',
    kind: 'scheduled',
    created_at: '2026-11-02T03:00:00Z',
    finished_at: '2026-11-02T03:00:10Z',
    complete: true,
    counts: { found: 2, not_found: 450, unknown: 6, invalid: 1 },
    events: 1,
    search_id: 's1',
  },
  next_run_at: '2026-11-03T03:00:00Z',
  running: false,
  new_events: 2,
  present: 2,
  breaches: [],
  run_available_at: null,
  ...extra,
});

const list = (items: Watch[], used = items.length): WatchList => ({
  items,
  plan: {
    username: { slots: 10, used, cadences: ['daily', 'weekly'] },
    email: { slots: 2, used: 0, cadences: ['weekly'], other_addresses: true },
  },
  webhooks_available: true,
});

const appeared: WatchEvent = {
  id: 'e1',
  watch_id: 'w1',
  run_id: 'r2',
  type: 'appeared',
  site: 'github.com',
  site_name: 'GitHub',
  detail: { url: 'https://github.com/alice', rule: 'status 200', first_seen: '2026-11-02T03:00:00Z' },
  status: 'new',
  created_at: '2026-11-02T03:05:00Z',
};

describe('Watches page', () => {
  it('lists each watch with its status, new events, last and next run', async () => {
    stubApi({ 'GET /api/watches': list([watch()]), 'GET /api/watch-settings': { digest_hour: 8, time_zone: 'UTC' } });
    renderWithApp(
      <Routes>
        <Route path="/dashboard/watches" element={<WatchesPage />} />
      </Routes>,
      { path: '/dashboard/watches' },
    );
    expect((await screen.findByRole('link', { name: 'Alice' })).getAttribute('href')).toBe('/dashboard/watches/w1');
    expect(screen.getByText('2 new')).toBeTruthy();
    expect(screen.getByText(/2 found, 450 not found, 7 not checkable/)).toBeTruthy();
    expect(screen.getByText('1 of 10 username watches on your plan')).toBeTruthy();
  });

  it('starts a watch of the name "Watch this" brought, and shows a refusal in words', async () => {
    let refuse = true;
    const fetch = stubApi({
      'GET /api/watches': list([]),
      'GET /api/watch-settings': { digest_hour: 8, time_zone: 'UTC' },
      'POST /api/watches': () =>
        refuse
          ? jsonAnswer(403, { code: 'WATCH_PLAN_LIMIT', detail: 'Your plan does not allow this cadence.' })
          : jsonAnswer(201, watch({ id: 'w9', target: 'carol', label: '' })),
      'GET /api/watches/w9': watch({ id: 'w9', target: 'carol', label: '' }),
      'GET /api/watches/w9/events': { items: [], total: 0 },
    });
    renderWithApp(
      <Routes>
        <Route path="/dashboard/watches" element={<WatchesPage />} />
        <Route path="/dashboard/watches/:id" element={<WatchPage />} />
      </Routes>,
      { path: '/dashboard/watches?username=carol' },
    );
    expect(((await screen.findByRole('textbox', { name: 'Username' })) as HTMLInputElement).value).toBe('carol');
    fireEvent.change(screen.getByLabelText(/Why you watch it/), { target: { value: 'Watching our own handle.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your plan does not allow this cadence.');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    expect(await screen.findByRole('heading', { name: 'carol' })).toBeTruthy();
    expect(callsTo(fetch, 'POST /api/watches').at(-1)?.body).toEqual({
      kind: 'username',
      target: 'carol',
      purpose: 'Watching our own handle.',
      cadence: 'daily',
      notify: { mail: true },
    });
  });
});

describe('digest settings', () => {
  it('saves the hour and zone chosen in their selects', async () => {
    const fetch = stubApi({
      'GET /api/watches': list([]),
      'GET /api/watch-settings': { digest_hour: 8, time_zone: 'UTC' },
      'PUT /api/watch-settings': { digest_hour: 19, time_zone: 'UTC' },
    });
    renderWithApp(
      <Routes>
        <Route path="/dashboard/watches" element={<WatchesPage />} />
      </Routes>,
      { path: '/dashboard/watches' },
    );
    const hour = (await screen.findByRole('combobox', { name: 'Hour' })) as HTMLSelectElement;
    expect(hour.value).toBe('8');
    fireEvent.change(hour, { target: { value: '19' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetch, 'PUT /api/watch-settings')).toHaveLength(1));
    expect(callsTo(fetch, 'PUT /api/watch-settings')[0]?.body).toEqual({ digest_hour: 19, time_zone: 'UTC' });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });
});

describe('"Watch this" carries the search\'s site selection', () => {
  it('a search remembers the selection it started with, and a reopened one the stored one', () => {
    const scope = { categories: ['coding'], sites: ['GitHub'], nsfw: true };
    expect(searchReducer(initialSearchState, { type: 'start', username: 'carol', at: 1, scope }).scope).toEqual(scope);
    expect(searchReducer(initialSearchState, { type: 'start', username: 'carol', at: 1 }).scope).toBeNull();
    const opening = searchReducer(initialSearchState, { type: 'open', searchId: 's1', at: 1 });
    const loaded = searchReducer(opening, {
      type: 'loaded',
      searchId: 's1',
      at: 2,
      response: { status: 'completed', username: 'carol', progress: { done: 1, total: 1 }, scope: { nsfw: true } },
    });
    expect(loaded.scope).toEqual({ nsfw: true });
  });

  it("the link's address holds the selection (a site name with a comma too) and reads back the same", () => {
    const prefill = {
      kind: 'username' as const,
      target: 'carol',
      scope: { categories: ['coding', 'social'], sites: ['GitHub', 'Foo, Bar'], nsfw: true },
      adult: false,
    };
    const path = watchPrefillPath(prefill);
    expect(path.startsWith('/dashboard/watches?username=carol&category=coding&category=social&site=GitHub')).toBe(true);
    expect(readWatchPrefill(new URL(path, 'http://x').searchParams)).toEqual(prefill);
    const email = { kind: 'email' as const, target: 'a@example.com', scope: null, adult: true };
    expect(readWatchPrefill(new URL(watchPrefillPath(email), 'http://x').searchParams)).toEqual(email);
    expect(readWatchPrefill(new URLSearchParams(''))).toBeNull();
  });

  it('the form shows the selection, lets it be changed, and sends it', async () => {
    const fetch = stubApi({
      'GET /api/watches': list([]),
      'GET /api/watch-settings': { digest_hour: 8, time_zone: 'UTC' },
      'POST /api/watches': () => jsonAnswer(201, watch({ id: 'w9', target: 'carol', label: '' })),
      'GET /api/watches/w9': watch({ id: 'w9', target: 'carol', label: '', scope: { categories: ['coding'] } }),
      'GET /api/watches/w9/events': { items: [], total: 0 },
    });
    renderWithApp(
      <Routes>
        <Route path="/dashboard/watches" element={<WatchesPage />} />
        <Route path="/dashboard/watches/:id" element={<WatchPage />} />
      </Routes>,
      { path: '/dashboard/watches?username=carol&category=coding&site=GitHub&nsfw=1' },
    );
    expect(
      await screen.findByText('Sites: categories coding · only GitHub · adult (NSFW) sites included', { exact: false }),
    ).toBeTruthy();
    // Editable: adult sites off again.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include adult (NSFW) sites' }));
    expect(screen.getByText('Sites: categories coding · only GitHub', { exact: false })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Why you watch it/), { target: { value: 'Watching our own handle.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    expect(await screen.findByText('Sites: categories coding')).toBeTruthy(); // the watch's page says it
    expect(callsTo(fetch, 'POST /api/watches').at(-1)?.body).toEqual({
      kind: 'username',
      target: 'carol',
      purpose: 'Watching our own handle.',
      cadence: 'daily',
      scope: { categories: ['coding'], sites: ['GitHub'] },
      notify: { mail: true },
    });
  });

  it('an email search\'s "Watch this" brings the address and its adult sites', async () => {
    const fetch = stubApi({
      'GET /api/watches': list([]),
      'GET /api/watch-settings': { digest_hour: 8, time_zone: 'UTC' },
      'POST /api/watches': () => jsonAnswer(201, watch({ id: 'w8', kind: 'email', target: 'a@example.com' })),
      'GET /api/watches/w8': watch({ id: 'w8', kind: 'email', target: 'a@example.com', adult: true }),
      'GET /api/watches/w8/events': { items: [], total: 0 },
    });
    renderWithApp(
      <Routes>
        <Route path="/dashboard/watches" element={<WatchesPage />} />
        <Route path="/dashboard/watches/:id" element={<WatchPage />} />
      </Routes>,
      { path: '/dashboard/watches?email=a%40example.com&adult=1' },
    );
    expect(((await screen.findByRole('textbox', { name: 'Address' })) as HTMLInputElement).value).toBe('a@example.com');
    expect((screen.getByRole('checkbox', { name: 'Also check adult sites' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText(/Why you watch it/), { target: { value: 'Watching my own address.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start watching' }));
    await waitFor(() => expect(callsTo(fetch, 'POST /api/watches')).toHaveLength(1));
    expect(callsTo(fetch, 'POST /api/watches')[0]?.body).toEqual({
      kind: 'email',
      target: 'a@example.com',
      purpose: 'Watching my own address.',
      cadence: 'weekly',
      adult: true,
      notify: { mail: true },
    });
  });
});

describe('a watch timeline', () => {
  it('shows how an appearance was decided and marks it seen', async () => {
    const fetch = stubApi({
      'GET /api/watches': list([watch()]),
      'GET /api/watches/w1': watch(),
      'GET /api/watches/w1/events': { items: [appeared], total: 1 },
      'POST /api/watches/w1/events/e1': { ...appeared, status: 'seen' },
    });
    renderWithApp(
      <Routes>
        <Route path="/dashboard/watches/:id" element={<WatchPage />} />
      </Routes>,
      { path: '/dashboard/watches/w1' },
    );
    expect(await screen.findByText('New account on GitHub')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://github.com/alice' })).toBeTruthy();
    expect(screen.getByText(/How we decided: status 200\. A never-registered name/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Seen' }));
    await waitFor(() => expect(callsTo(fetch, 'POST /api/watches/w1/events/e1')).toHaveLength(1));
    expect(callsTo(fetch, 'POST /api/watches/w1/events/e1')[0]?.body).toEqual({ status: 'seen' });
  });
});

describe('following a watch', () => {
  it('re-reads a watch while it runs or, active, waits for its first run; not a paused or settled one', () => {
    expect(awaitsRun(watch({ running: true }))).toBe(true);
    expect(awaitsRun(watch({ last_run: null }))).toBe(true);
    expect(awaitsRun(watch({ last_run: null, status: 'paused' }))).toBe(false);
    expect(awaitsRun(watch())).toBe(false);
  });
});
