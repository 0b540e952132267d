/**
 * The set-up the username-search route tests share: the simulated internet, a stack over a real socket
 * (active-search limits raised so a suite's many searches are not refused), and three users — the owner of
 * the searches, another user and an admin, for the route's authorisation — plus starting a search.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestUser, type TestUser } from './accounts.ts';
import { type Call, socketClient } from './http-client.ts';
import { startTestInternet, type TestInternet } from './internet.ts';
import { type Stack, type StackMode, startStack } from './stacks.ts';

export interface SearchStack {
  net: TestInternet;
  stack: Stack;
  call: Call;
  owner: TestUser;
  other: TestUser;
  admin: TestUser;
}

/**
 * Starts it in `beforeAll` and closes it in `afterAll` of the calling `describe`; the fields are set once
 * `beforeAll` has run. `prepare` plants what the sites must serve before the engine is built.
 */
export function useSearchStack(
  mode: StackMode,
  options: { sites: number; prepare?: (net: TestInternet) => void },
): SearchStack {
  const ready = {} as SearchStack;
  beforeAll(async () => {
    ready.net = await startTestInternet({ sites: options.sites });
    options.prepare?.(ready.net);
    ready.stack = await startStack(mode, {
      createEngine: ready.net.createEngine(),
      env: { LIMIT_ACTIVE_PER_IP: '100', LIMIT_ACTIVE_PER_DEVICE: '100' },
    });
    ready.call = socketClient(await ready.stack.app.listen({ port: 0, host: '127.0.0.1' }));
    const db = ready.stack.services.db.db;
    ready.owner = await createTestUser(db);
    ready.other = await createTestUser(db);
    ready.admin = await createTestUser(db, { isAdmin: true });
  });
  afterAll(async () => {
    await ready.stack?.close();
    await ready.net?.close();
  });
  return ready;
}

/**
 * `POST /api/search` with `body` (a username, and a device id or recursion) as the user of `headers`; the
 * search must have started. Its id.
 */
export async function startSearch(
  call: Call,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<string> {
  const started = await call('POST', '/api/search', body, headers);
  expect(started.json?.status, started.text).toBe('started');
  return started.json.search_id;
}
