/**
 * Email search through the API: spec calls, credits (exactly one per search, refunds), streaming, logs and
 * ownership, with the real engine against the testkit's fakes of the shipped email catalogue.
 */
import { EMAIL_SEARCH_MESSAGES } from '@hound/contracts';
import { serveEmailChecks } from '@hound/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSearches, users } from '../src/db/schema/index.ts';
import { recoverEmailSearches } from '../src/features/email-search/recover-email-searches.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { SHIPPED_EMAIL_CHECKS } from './support/email-checks.ts';
import { type Call, socketClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { openEvents, type SseMessage } from './support/sse-client.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const REGISTERED = 'investigated.person@example.com';
const checks = SHIPPED_EMAIL_CHECKS;
/** What a search asks by default: adult sites only when it asks for them. */
const asked = checks.filter((c) => !c.adult);
const quiet = asked.filter((c) => !c.loud && !c.needs);

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`email search (${mode.name})`, () => {
    let internet: TestInternet;
    let stack: Stack;
    let call: Call;
    let base: string;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 2 });
      serveEmailChecks(internet.internet, checks).register(REGISTERED);
      stack = await startStack(mode, {
        // A generous budget: the answers are instant, but 145 checks at once on a busy 2-core CI machine can queue.
        createEngine: internet.createEngine({ timeoutMs: 15_000 }),
        env: { HIBP_API_KEY: 'test-hibp-key-123' },
      });
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`;
      call = socketClient(base);
    });
    afterAll(async () => {
      await stack?.close();
      await internet?.close();
    });

    const db = () => stack.services.db.db;
    const user = (credits: number) => createTestUser(db(), { credits });
    const credits = async (u: TestUser) => (await call('GET', '/me/credits', undefined, u.headers)).json.credits;

    it('lists the email checks publicly, with what the self-test said (nothing yet)', async () => {
      const list = await call('GET', '/api/email/checks');
      expect(list.json.ready).toBe(true);
      expect(list.json.checks).toHaveLength(checks.length);
      expect(list.json.checks.find((c: { id: string }) => c.id === 'hibp')).toMatchObject({
        needs: 'HIBP_API_KEY',
        loud: false,
        reliable: null,
      });
      expect(list.json.checks.filter((c: { loud: boolean }) => c.loud).length).toBeGreaterThan(0);
    });

    it('needs a session for every email-search call', async () => {
      for (const [method, url, body] of [
        ['POST', '/api/email/search', { email: REGISTERED }],
        ['POST', '/api/email/searches', { email: REGISTERED }],
        ['GET', '/api/email/searches/x'],
        ['GET', '/api/email/searches/x/events'],
        ['GET', '/me/email-logs?limit=1000&skip=0'],
        ['DELETE', '/me/email-logs/x'],
      ] as const) {
        const answer = await call(method, url, body);
        expect(answer.status, url).toBe(401);
        expect(answer.json.detail).toBe('Please sign in to continue');
      }
    });

    it('validates the address with the spec messages and charges nothing', async () => {
      const u = await user(2);
      for (const [email, message] of [
        ['', EMAIL_SEARCH_MESSAGES.empty],
        ['   ', EMAIL_SEARCH_MESSAGES.empty],
        [`${'a'.repeat(60)}@example.com`, EMAIL_SEARCH_MESSAGES.invalid],
        ['a$b@example.com', EMAIL_SEARCH_MESSAGES.invalid],
        ['a/b@example.com', EMAIL_SEARCH_MESSAGES.invalid],
        ['not-an-address', EMAIL_SEARCH_MESSAGES.malformed],
      ]) {
        const answer = await call('POST', '/api/email/search', { email }, u.headers);
        expect(answer.status, email).toBe(422);
        expect(answer.json).toMatchObject({ code: 'EMAIL_ADDRESS_INVALID', detail: message });
      }
      expect(await credits(u)).toBe(2);
    });

    it('refuses a user without credits: "Not enough credits"', async () => {
      const u = await user(0);
      const answer = await call('POST', '/api/email/search', { email: REGISTERED }, u.headers);
      expect(answer.status).toBe(400);
      expect(answer.json.detail).toBe('Not enough credits');
      const decrement = await call('POST', '/me/credits/decrement', undefined, u.headers);
      expect(decrement.json.detail).toBe('Not enough credits');
    });

    it('answers the accounts sorted by site name, with breach records, for exactly one credit', async () => {
      const u = await user(3);
      const answer = await call('POST', '/api/email/search', { email: ` ${REGISTERED} ` }, u.headers);
      expect(answer.status).toBe(200);
      const names = answer.json.accounts.map((a: { siteName: string }) => a.siteName);
      expect(names).toEqual([...quiet.map((c) => c.name), 'Have I Been Pwned'].sort((a, b) => a.localeCompare(b)));
      const gravatar = answer.json.accounts.find((a: { siteName: string }) => a.siteName === 'Gravatar');
      expect(gravatar.urls[0]).toMatch(/^https:\/\/gravatar\.com\/[0-9a-f]{64}$/);
      expect(answer.json.data).toContainEqual({
        type: 'Hacked Email Address',
        data: expect.stringContaining('Adobe'),
      });
      expect(await credits(u)).toBe(2);
      const [row] = await db().select().from(users).where(eq(users.id, u.id));
      expect(row!.searchCount).toBe(1);
    });

    it('finds nothing for an unregistered address, and still charges the one credit', async () => {
      const u = await user(1);
      const answer = await call('POST', '/api/email/search', { email: 'nobody.at.all@example.com' }, u.headers);
      expect(answer.json).toMatchObject({ accounts: [], data: [] });
      expect(await credits(u)).toBe(0);
    });

    it('uses the credit reserved by decrement instead of a second one', async () => {
      const u = await user(2);
      expect((await call('POST', '/me/credits/decrement', undefined, u.headers)).json.credits).toBe(1);
      expect((await call('POST', '/api/email/search', { email: REGISTERED }, u.headers)).status).toBe(200);
      expect(await credits(u)).toBe(1);
    });

    it('streams results over SSE, resumable with Last-Event-ID, and keeps them in My Searches', async () => {
      const u = await user(1);
      const started = await call('POST', '/api/email/searches', { email: REGISTERED }, u.headers);
      const id = started.json.search_id;
      const stream = await openEvents(`${base}/api/email/searches/${id}/events`, u.headers);
      expect(stream.status).toBe(200);
      const messages: SseMessage[] = [];
      for (let m = await stream.next(); m; m = await stream.next()) messages.push(m);
      const results = messages.filter((m) => m.event === 'result');
      expect(results.map((m) => Number(m.id))).toEqual(results.map((_, i) => i + 1));
      expect(results).toHaveLength(asked.length);
      expect(messages.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
      expect(results.at(-1)!.data.progress).toEqual({ done: asked.length, total: asked.length });

      const resumed = await openEvents(`${base}/api/email/searches/${id}/events`, {
        ...u.headers,
        'last-event-id': '30',
      });
      const rest: SseMessage[] = [];
      for (let m = await resumed.next(); m; m = await resumed.next()) rest.push(m);
      expect(rest.filter((m) => m.event === 'result').map((m) => Number(m.id))).toEqual(
        Array.from({ length: asked.length - 30 }, (_, i) => i + 31),
      );

      const snapshot = await call('GET', `/api/email/searches/${id}`, undefined, u.headers);
      expect(snapshot.json).toMatchObject({ status: 'completed', email: REGISTERED });
      expect(snapshot.json.username_suggestions).toEqual(['investigated.person', 'alexexample']);
      const hibp = snapshot.json.results.find((r: { check_id: string }) => r.check_id === 'hibp');
      expect(hibp.verdict).toBe('found');
      const loud = snapshot.json.results.find((r: { check_id: string }) => r.check_id === 'samsung');
      expect(loud).toMatchObject({ verdict: 'invalid', reason: 'disabled' });

      const logs = await call('GET', '/me/email-logs?limit=1000&skip=0', undefined, u.headers);
      expect(logs.json.items[0]).toMatchObject({ id, searchId: id, email: REGISTERED, status: 'completed' });
      expect(logs.json.items[0].accounts.length).toBe(quiet.length + 1);
    });

    it('asks adult sites only when the search sets adult: true', async () => {
      const adult = checks.filter((c) => c.adult).map((c) => c.id);
      expect(adult.length).toBeGreaterThan(0);
      const list = await call('GET', '/api/email/checks');
      expect(list.json.checks.filter((c: { adult?: boolean }) => c.adult).map((c: { id: string }) => c.id)).toEqual(
        adult,
      );
      const u = await user(2);
      const plain = (await call('POST', '/api/email/searches', { email: REGISTERED }, u.headers)).json.search_id;
      const opted = (await call('POST', '/api/email/searches', { email: REGISTERED, adult: true }, u.headers)).json
        .search_id;
      for (const id of [plain, opted]) {
        const stream = await openEvents(`${base}/api/email/searches/${id}/events`, u.headers);
        while (await stream.next());
      }
      const ids = async (id: string) =>
        (await call('GET', `/api/email/searches/${id}`, undefined, u.headers)).json.results.map(
          (r: { check_id: string }) => r.check_id,
        ) as string[];
      expect((await ids(plain)).filter((id) => adult.includes(id))).toEqual([]);
      expect((await ids(opted)).filter((id) => adult.includes(id)).sort()).toEqual([...adult].sort());
      expect((await call('POST', '/api/email/searches', { email: REGISTERED, adult: 'yes' }, u.headers)).status).toBe(
        400,
      );
    });

    it('never shows one user another user’s search', async () => {
      const owner = await user(1);
      const stranger = await user(1);
      const id = (await call('POST', '/api/email/searches', { email: REGISTERED }, owner.headers)).json.search_id;
      expect((await call('GET', `/api/email/searches/${id}`, undefined, stranger.headers)).status).toBe(404);
      expect((await call('GET', `/api/email/searches/${id}/events`, undefined, stranger.headers)).status).toBe(404);
      expect((await call('DELETE', `/me/email-logs/${id}`, undefined, stranger.headers)).status).toBe(404);
      expect((await call('GET', '/me/email-logs', undefined, stranger.headers)).json.items).toEqual([]);
      // The owner can delete it once it has ended.
      for (let i = 0; i < 100; i++) {
        const s = await call('GET', `/api/email/searches/${id}`, undefined, owner.headers);
        if (s.json.status !== 'running') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await call('DELETE', `/me/email-logs/${id}`, undefined, owner.headers)).status).toBe(204);
      expect((await call('GET', `/api/email/searches/${id}`, undefined, owner.headers)).status).toBe(404);
    });

    it('returns the credit of a search its process lost (interrupted), once', async () => {
      const u = await user(1);
      const id = (await call('POST', '/api/email/searches', { email: REGISTERED }, u.headers)).json.search_id;
      for (let i = 0; i < 100; i++) {
        const s = await call('GET', `/api/email/searches/${id}`, undefined, u.headers);
        if (s.json.status !== 'running') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await credits(u)).toBe(0);
      // Pretend the search was still running when its process died ten minutes ago.
      await db()
        .update(emailSearches)
        .set({ status: 'running', updatedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(emailSearches.id, id));
      expect(await recoverEmailSearches(db(), new Date())).toBeGreaterThanOrEqual(1);
      expect(await recoverEmailSearches(db(), new Date())).toBe(0);
      expect(await credits(u)).toBe(1);
      const snapshot = await call('GET', `/api/email/searches/${id}`, undefined, u.headers);
      expect(snapshot.json.status).toBe('error');
    });
  });
}
