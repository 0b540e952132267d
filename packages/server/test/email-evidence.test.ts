/**
 * What a customer may see of an email search (issue 26 item 3, decision 107): the owner gets every result
 * with its evidence, the breach records, profile details, usernames, the counts and whether it is an old
 * record; anonymous callers, other users and admins who do not own it get nothing. Email-check sites'
 * logos come through the favicon proxy. Real engine against the testkit's fakes of the shipped catalogue.
 */
import { countEmailResults } from '@hound/contracts';
import { serveEmailChecks } from '@hound/testkit';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSearchResults } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { SHIPPED_EMAIL_CHECKS } from './support/email-checks.ts';
import { type Call, socketClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const REGISTERED = 'evidence.person@example.com';
const checks = SHIPPED_EMAIL_CHECKS;

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`what a customer sees of an email search (${mode.name})`, () => {
    let internet: TestInternet;
    let stack: Stack;
    let call: Call;
    let owner: TestUser;
    let searchId: string;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 2 });
      serveEmailChecks(internet.internet, checks).register(REGISTERED);
      stack = await startStack(mode, {
        createEngine: internet.createEngine({ timeoutMs: 15_000 }),
        outbound: internet.internet.dispatcher,
        env: { HIBP_API_KEY: 'test-hibp-key-123' },
      });
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      call = socketClient(`http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`);
      owner = await createTestUser(stack.services.db.db, { credits: 1 });
      const answer = await call('POST', '/api/email/search', { email: REGISTERED }, owner.headers);
      expect(answer.status).toBe(200);
      searchId = answer.json.search_id;
    }, 120_000);
    afterAll(async () => {
      await stack?.close();
      await internet?.close();
    });

    it('shows the owner every answer with its evidence, the breaches, details, usernames and counts', async () => {
      const snapshot = (await call('GET', `/api/email/searches/${searchId}`, undefined, owner.headers)).json;
      // Every check but the adult ones, which a search asks only when it says so (decision 106).
      expect(snapshot.results).toHaveLength(checks.filter((check) => !(check as { adult?: boolean }).adult).length);
      for (const r of snapshot.results) {
        expect(r.method, r.check_id).toMatch(/^(register|login|recovery|api|profile)$/);
        expect(r.evidence.rule, r.check_id).not.toBe('');
      }
      const hibp = snapshot.results.find((r: { check_id: string }) => r.check_id === 'hibp');
      expect(hibp).toMatchObject({
        verdict: 'found',
        records: [{ type: 'Hacked Email Address', data: 'Adobe · 2013-10-04 · Email addresses, Passwords' }],
      });
      expect(snapshot.data).toContainEqual({ type: 'Hacked Email Address', data: expect.stringContaining('Adobe') });
      const gravatar = snapshot.results.find((r: { check_id: string }) => r.check_id === 'gravatar');
      expect(gravatar.details).toMatchObject({ 'Display name': 'Alex Example' });
      expect(gravatar.url).toMatch(/^https:\/\/gravatar\.com\//);
      expect(snapshot.username_suggestions).toEqual(['evidence.person', 'alexexample']);
      expect(snapshot.counts).toEqual(countEmailResults(snapshot.results));
      expect(snapshot.counts.found).toBeGreaterThan(100);
      expect(snapshot.counts.asked).toBe(snapshot.counts.found + snapshot.counts.notFound + snapshot.counts.unknown);
      expect(snapshot.old).toBe(false);

      const logs = (await call('GET', '/me/email-logs?limit=10&skip=0', undefined, owner.headers)).json;
      expect(logs.items[0]).toMatchObject({ searchId, counts: snapshot.counts, old: false });
    });

    it('shows nothing of it to anonymous callers, other users or admins who do not own it', async () => {
      expect((await call('GET', `/api/email/searches/${searchId}`)).status).toBe(401);
      expect((await call('GET', '/me/email-logs')).status).toBe(401);
      const stranger = await createTestUser(stack.services.db.db);
      const admin = await createTestUser(stack.services.db.db, { isAdmin: true });
      for (const other of [stranger, admin]) {
        const snapshot = await call('GET', `/api/email/searches/${searchId}`, undefined, other.headers);
        expect(snapshot.status).toBe(404);
        expect(JSON.stringify(snapshot.json)).not.toContain('Adobe');
        expect((await call('GET', `/api/email/searches/${searchId}/events`, undefined, other.headers)).status).toBe(
          404,
        );
        expect((await call('GET', '/me/email-logs', undefined, other.headers)).json.items).toEqual([]);
      }
    });

    it('calls a record old only when its per-site results are no longer all stored', async () => {
      const db = stack.services.db.db;
      const kept = await db
        .select()
        .from(emailSearchResults)
        .where(and(eq(emailSearchResults.searchId, searchId), gt(emailSearchResults.seq, 10)));
      await db
        .delete(emailSearchResults)
        .where(and(eq(emailSearchResults.searchId, searchId), gt(emailSearchResults.seq, 10)));
      try {
        const snapshot = (await call('GET', `/api/email/searches/${searchId}`, undefined, owner.headers)).json;
        expect(snapshot.results).toHaveLength(10);
        expect(snapshot.old).toBe(true);
        const logs = (await call('GET', '/me/email-logs', undefined, owner.headers)).json;
        expect(logs.items[0]).toMatchObject({ searchId, old: true });
      } finally {
        await db.insert(emailSearchResults).values(kept);
      }
      expect((await call('GET', `/api/email/searches/${searchId}`, undefined, owner.headers)).json.old).toBe(false);
    });

    it('serves email-check sites’ logos through the favicon proxy, and still no other host', async () => {
      const icon = await call('GET', '/api/favicon/gravatar.com');
      expect(icon.status).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      expect(internet.internet.log.count('gravatar.com')).toBe(1);
      expect((await call('GET', '/api/favicon/not-a-check.example')).status).toBe(404);
    });
  });
}
