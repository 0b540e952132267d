/**
 * Issue 25 item 14: only a search's owner cancels it — a signed-in user's search with that user's token,
 * an anonymous one with the device id that started it — and admins; anyone else gets the same 404 as an
 * unknown id. Deleting a search from My Searches takes effect at once (no cached answer outlives it).
 * On both stacks, over a real socket.
 */
import { describe, expect, it } from 'vitest';
import { type Call, untilEnded } from './support/http-client.ts';
import { startSearch, useSearchStack } from './support/search-stack.ts';
import { MODES } from './support/stacks.ts';

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`who may cancel a search (${mode.name})`, () => {
    const s = useSearchStack(mode, { sites: 3 });

    /** A search kept running: every site hangs until the test ends it. */
    function running(device: string, headers: Record<string, string> = {}): Promise<string> {
      for (const host of s.net.internet.hosts()) s.net.internet.fault(host, { kind: 'hang' });
      return startSearch(s.call, { username: 'blue', device_id: device }, headers);
    }
    const cancel = (id: string, device?: string, headers: Record<string, string> = {}) =>
      s.call('DELETE', `/api/search/${id}${device ? `?device_id=${device}` : ''}`, undefined, headers);
    const statusOf = async (id: string) => (await s.call('GET', `/api/search/status/${id}`)).json.status;

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
      await expectRefused(id, cancel(id, undefined, s.other.headers));
      await expectRefused(id, cancel(id, 'device_owner_A'));
      const done = await cancel(id, 'device_owner_a');
      expect(done.status).toBe(200);
      expect(done.json.status).toBe('cancelled');
    });

    it('a signed-in user’s search: not by its device alone, nor another user; by that user', async () => {
      const id = await running('device_owner_b', s.owner.headers);
      await expectRefused(id, cancel(id));
      await expectRefused(id, cancel(id, 'device_owner_b'));
      await expectRefused(id, cancel(id, 'device_owner_b', s.other.headers));
      await expectRefused(id, cancel(id, undefined, { authorization: 'Bearer not-a-valid-token-at-all-000' }));
      const done = await cancel(id, undefined, s.owner.headers);
      expect(done.status).toBe(200);
      expect(done.json.status).toBe('cancelled');
    });

    it('an admin may cancel anyone’s search', async () => {
      const anonymous = await running('device_owner_c');
      expect((await cancel(anonymous, undefined, s.admin.headers)).json.status).toBe('cancelled');
      const users = await running('device_owner_d', s.owner.headers);
      expect((await cancel(users, undefined, s.admin.headers)).json.status).toBe('cancelled');
    });

    it('deleting a search in My Searches takes effect at once: no cached status or replay outlives it', async () => {
      for (const host of s.net.internet.hosts()) s.net.internet.fault(host, null);
      const id = await startSearch(s.call, { username: 'blue', device_id: 'device_owner_e' }, s.owner.headers);
      await untilEnded(s.call, id);
      // Asked (and cached) a few times before the delete.
      for (let i = 0; i < 3; i++) expect((await s.call('GET', `/api/search/status/${id}`)).status).toBe(200);
      expect((await s.call('GET', `/api/search/${id}/events`)).status).toBe(200);
      expect((await s.call('DELETE', `/me/searches/${id}`, undefined, s.owner.headers)).status).toBe(204);
      expect((await s.call('GET', `/api/search/status/${id}`)).status).toBe(404);
      expect((await s.call('GET', `/api/search/${id}/events`)).status).toBe(404);
    });
  });
}
