/**
 * Issue 25 item 14: only a search's owner cancels it — a signed-in user's search with that user's token,
 * an anonymous one with the device id that started it — and admins; anyone else gets the same 404 as an
 * unknown id. Deleting a search from My Searches takes effect at once (no cached answer outlives it).
 * On both stacks, over a real socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, socketClient, untilEnded } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`who may cancel a search (${mode.name})`, () => {
    let net: TestInternet;
    let stack: Stack;
    let call: Call;
    let owner: TestUser;
    let other: TestUser;
    let admin: TestUser;
    beforeAll(async () => {
      net = await startTestInternet({ sites: 3 });
      stack = await startStack(mode, {
        createEngine: net.createEngine(),
        env: { LIMIT_ACTIVE_PER_IP: '100', LIMIT_ACTIVE_PER_DEVICE: '100' },
      });
      call = socketClient(await stack.app.listen({ port: 0, host: '127.0.0.1' }));
      const db = stack.services.db.db;
      owner = await createTestUser(db);
      other = await createTestUser(db);
      admin = await createTestUser(db, { isAdmin: true });
    });
    afterAll(async () => {
      await stack?.close();
      await net?.close();
    });

    /** A search kept running: every site hangs until the test ends it. */
    async function running(device: string, headers: Record<string, string> = {}): Promise<string> {
      for (const host of net.internet.hosts()) net.internet.fault(host, { kind: 'hang' });
      const started = await call('POST', '/api/search', { username: 'blue', device_id: device }, headers);
      expect(started.json.status).toBe('started');
      return started.json.search_id;
    }
    const cancel = (id: string, device?: string, headers: Record<string, string> = {}) =>
      call('DELETE', `/api/search/${id}${device ? `?device_id=${device}` : ''}`, undefined, headers);
    const statusOf = async (id: string) => (await call('GET', `/api/search/status/${id}`)).json.status;

    async function expectRefused(id: string, attempt: Promise<Awaited<ReturnType<Call>>>) {
      const answer = await attempt;
      const unknown = await cancel('AAAAAAAAAAAAAAAAAAAAAA');
      // The same answer as for an id that does not exist: it confirms nothing.
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual(unknown.json);
      // Still active (a job may not have been picked up yet on BullMQ).
      expect(['queued', 'running']).toContain(await statusOf(id));
    }

    it('an anonymous search: not by anyone without its device, nor another device or user; by its device', async () => {
      const id = await running('device_owner_a');
      await expectRefused(id, cancel(id));
      await expectRefused(id, cancel(id, 'device_stranger'));
      await expectRefused(id, cancel(id, undefined, other.headers));
      await expectRefused(id, cancel(id, 'device_owner_A'));
      const done = await cancel(id, 'device_owner_a');
      expect(done.status).toBe(200);
      expect(done.json.status).toBe('cancelled');
    });

    it('a signed-in user’s search: not by its device alone, nor another user; by that user', async () => {
      const id = await running('device_owner_b', owner.headers);
      await expectRefused(id, cancel(id));
      await expectRefused(id, cancel(id, 'device_owner_b'));
      await expectRefused(id, cancel(id, 'device_owner_b', other.headers));
      await expectRefused(id, cancel(id, undefined, { authorization: 'Bearer not-a-valid-token-at-all-000' }));
      const done = await cancel(id, undefined, owner.headers);
      expect(done.status).toBe(200);
      expect(done.json.status).toBe('cancelled');
    });

    it('an admin may cancel anyone’s search', async () => {
      const anonymous = await running('device_owner_c');
      expect((await cancel(anonymous, undefined, admin.headers)).json.status).toBe('cancelled');
      const users = await running('device_owner_d', owner.headers);
      expect((await cancel(users, undefined, admin.headers)).json.status).toBe('cancelled');
    });

    it('deleting a search in My Searches takes effect at once: no cached status or replay outlives it', async () => {
      for (const host of net.internet.hosts()) net.internet.fault(host, null);
      const started = await call(
        'POST',
        '/api/search',
        { username: 'blue', device_id: 'device_owner_e' },
        owner.headers,
      );
      const id = started.json.search_id;
      await untilEnded(call, id);
      // Asked (and cached) a few times before the delete.
      for (let i = 0; i < 3; i++) expect((await call('GET', `/api/search/status/${id}`)).status).toBe(200);
      expect((await call('GET', `/api/search/${id}/events`)).status).toBe(200);
      expect((await call('DELETE', `/me/searches/${id}`, undefined, owner.headers)).status).toBe(204);
      expect((await call('GET', `/api/search/status/${id}`)).status).toBe(404);
      expect((await call('GET', `/api/search/${id}/events`)).status).toBe(404);
    });
  });
}
