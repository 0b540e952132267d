/**
 * Watches in the public API (issues 39 × 40, decision 157): the owner's watch routes under /api/v1 for keys
 * with the `watch` scope — refused without the scope (403), without a key (401) and for another account's
 * watch (404) — while the mail links stay outside /api/v1 and work without a key, and the admin's view of a
 * user's watches is not reachable with a key. On both stacks.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watches } from '../src/db/schema/index.ts';
import { watchLinks } from '../src/features/watches/mail-links.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, injectClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';
import { TestClock, watchDepsOf } from './support/watch-driver.ts';

const PURPOSE = 'Brand protection for our own accounts.';

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`watches in /api/v1 (${mode.name})`, () => {
    let net: TestInternet;
    let stack: Stack;
    let call: Call;
    let owner: TestUser;
    let stranger: TestUser;
    let ownerKey: string;
    let strangerKey: string;
    let searchOnlyKey: string;
    let watchId: string;

    const withKey = (key: string) => ({ authorization: `Bearer ${key}` });
    async function newKey(user: TestUser, scopes: string[]) {
      const created = await call('POST', '/me/api-keys', { name: 'script', scopes }, user.headers);
      expect(created.status, created.text).toBe(201);
      return created.json.key as string;
    }

    beforeAll(async () => {
      net = await startTestInternet({ sites: 3 });
      stack = await startStack(mode, { createEngine: net.createEngine() });
      call = injectClient(stack.app);
      owner = await createTestUser(stack.services.db.db, { plan: 'premium' });
      stranger = await createTestUser(stack.services.db.db, { plan: 'premium' });
      ownerKey = await newKey(owner, ['watch']);
      strangerKey = await newKey(stranger, ['watch', 'search:username']);
      searchOnlyKey = await newKey(owner, ['search:username', 'account:read']);
    });
    afterAll(async () => {
      await stack?.close();
      await net?.close();
    });

    it('a key with the watch scope creates, lists, reads, changes and reads the events of its watch', async () => {
      const created = await call(
        'POST',
        '/api/v1/watches',
        { kind: 'username', target: 'bluebird', cadence: 'daily', purpose: PURPOSE, label: 'Ours' },
        withKey(ownerKey),
      );
      expect(created.status, created.text).toBe(201);
      expect(created.headers['ratelimit-limit']).toBeDefined();
      expect(created.json).toMatchObject({ kind: 'username', target: 'bluebird', label: 'Ours', status: 'active' });
      watchId = created.json.id;

      const list = await call('GET', '/api/v1/watches', undefined, withKey(ownerKey));
      expect(list.status, list.text).toBe(200);
      expect(list.json.items.map((w: { id: string }) => w.id)).toEqual([watchId]);
      expect((await call('GET', `/api/v1/watches/${watchId}`, undefined, withKey(ownerKey))).json.id).toBe(watchId);
      const paused = await call('PATCH', `/api/v1/watches/${watchId}`, { status: 'paused' }, withKey(ownerKey));
      expect(paused.status, paused.text).toBe(200);
      expect(paused.json.status).toBe('paused');
      const events = await call('GET', `/api/v1/watches/${watchId}/events`, undefined, withKey(ownerKey));
      expect(events.status, events.text).toBe(200);
      expect(events.json).toHaveProperty('items');
      const settings = await call('GET', '/api/v1/watch-settings', undefined, withKey(ownerKey));
      expect(settings.status, settings.text).toBe(200);
      expect(settings.json).toHaveProperty('digest_hour');
      // The same watch as the web app sees it with the owner's session.
      expect((await call('GET', `/api/watches/${watchId}`, undefined, owner.headers)).json.status).toBe('paused');
    });

    it('a key without the watch scope gets 403, no key or a session 401, and nothing changes', async () => {
      const refused = await call('GET', '/api/v1/watches', undefined, withKey(searchOnlyKey));
      expect(refused.status).toBe(403);
      // The API's error shape, as on every /api/v1 route.
      expect(refused.json).toMatchObject({ status: 'error', code: 'API_KEY_SCOPE', error: expect.any(String) });
      const write = await call('PATCH', `/api/v1/watches/${watchId}`, { status: 'active' }, withKey(searchOnlyKey));
      expect(write.status).toBe(403);
      const anonymous = await call('GET', '/api/v1/watches');
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.code).toBe('API_KEY_INVALID');
      // A session is the web app's; /api/v1 takes keys only.
      expect((await call('GET', '/api/v1/watches', undefined, owner.headers)).status).toBe(401);
      const [row] = await stack.services.db.db.select().from(watches).where(eq(watches.id, watchId));
      expect(row?.status).toBe('paused');
    });

    it("another account's key gets the 404 of a missing watch, and changes nothing", async () => {
      for (const [method, path, body] of [
        ['GET', `/api/v1/watches/${watchId}`, undefined],
        ['PATCH', `/api/v1/watches/${watchId}`, { status: 'active' }],
        ['GET', `/api/v1/watches/${watchId}/events`, undefined],
        ['POST', `/api/v1/watches/${watchId}/run`, undefined],
        ['DELETE', `/api/v1/watches/${watchId}`, undefined],
      ] as const) {
        const answer = await call(method, path, body, withKey(strangerKey));
        expect([method, path, answer.status]).toEqual([method, path, 404]);
        expect(answer.json).toMatchObject({ status: 'error', code: expect.any(String), error: expect.any(String) });
      }
      expect((await call('GET', '/api/v1/watches', undefined, withKey(strangerKey))).json.items).toEqual([]);
      const [row] = await stack.services.db.db.select().from(watches).where(eq(watches.id, watchId));
      expect(row?.status).toBe('paused');
    });

    it('mail links stay outside /api/v1 and work without a key; the admin view is not reachable with one', async () => {
      const deps = watchDepsOf(stack, new TestClock(new Date()));
      const links = await watchLinks(deps, watchId);
      const token = new URL(links.unsubscribePage).searchParams.get('token')!;
      const signed = await call('POST', `/api/watches/${watchId}/mail-action`, { action: 'unsubscribe', token });
      expect(signed.status, signed.text).toBe(200);
      expect(signed.json).toEqual({ action: 'unsubscribe', label: 'Ours' });
      const [row] = await stack.services.db.db.select().from(watches).where(eq(watches.id, watchId));
      expect(row?.notifyMail).toBe(false);
      const oneClick = new URL(links.oneClick);
      expect((await call('POST', `${oneClick.pathname}${oneClick.search}`)).status).toBe(200);
      // Not mounted in the API: a key there finds nothing to call.
      for (const path of [`/api/v1/watches/${watchId}/mail-action`, `/api/v1/watches/${watchId}/unsubscribe`]) {
        expect((await call('POST', path, { action: 'unsubscribe', token }, withKey(ownerKey))).status).toBe(404);
      }
      expect((await call('GET', `/api/v1/admin/users/${owner.id}/watches`, undefined, withKey(ownerKey))).status).toBe(
        404,
      );
      // A key on the web app's watch routes is refused, never read as a session.
      const outside = await call('GET', '/api/watches', undefined, withKey(ownerKey));
      expect(outside.status).toBe(401);
      expect(outside.json.code).toBe('API_KEY_NOT_ALLOWED');
    });

    it('a key deletes its watch', async () => {
      expect((await call('DELETE', `/api/v1/watches/${watchId}`, undefined, withKey(ownerKey))).status).toBe(204);
      expect((await call('GET', `/api/v1/watches/${watchId}`, undefined, withKey(ownerKey))).status).toBe(404);
      expect(await stack.services.db.db.select().from(watches).where(eq(watches.id, watchId))).toEqual([]);
    });
  });
}
