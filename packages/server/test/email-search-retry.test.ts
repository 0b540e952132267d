/**
 * Issue 27 item 6: a start of an email search that fails on the way (the answer of the reservation or of
 * the start is lost on the network, or the server answers 503) and is retried with the same
 * `Idempotency-Key` spends one credit: with one credit the retry succeeds, and the balance ends at 0.
 * The failures are real: a TCP relay between client and server cuts each connection when its reply
 * comes back, after the server did the work.
 */
import { serveEmailChecks } from '@hound/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditReservations, emailSearches, users } from '../src/db/schema/index.ts';
import { applyCredits } from '../src/features/credits/ledger.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { SHIPPED_EMAIL_CHECKS } from './support/email-checks.ts';
import { type Call, socketClient, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';
import { startTcpRelay, type TcpRelay } from './support/tcp-relay.ts';

const TARGET = 'retry.target@example.com';
const checks = SHIPPED_EMAIL_CHECKS;

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`a retried email-search start spends one credit (${mode.name})`, () => {
    let internet: TestInternet;
    let stack: Stack;
    let relay: TcpRelay;
    let direct: Call;
    let viaRelay: Call;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 2 });
      serveEmailChecks(internet.internet, checks).register(TARGET);
      stack = await startStack(mode, { createEngine: internet.createEngine({ timeoutMs: 4000 }) });
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (stack.app.server.address() as { port: number }).port;
      direct = socketClient(`http://127.0.0.1:${port}`);
      relay = await startTcpRelay({ host: '127.0.0.1', port });
      viaRelay = socketClient(`http://127.0.0.1:${relay.port}`);
    });
    afterAll(async () => {
      await relay?.close();
      await stack?.close();
      await internet?.close();
    });

    const db = () => stack.services.db.db;
    async function userWithOneCredit(): Promise<TestUser> {
      const user = await createTestUser(db());
      await applyCredits(db(), { userId: user.id, delta: 1, kind: 'admin_grant', idempotencyKey: `seed:${user.id}` });
      return user;
    }
    const balance = async (user: TestUser) =>
      (await db().select().from(users).where(eq(users.id, user.id)))[0]!.emailSearchCredits;
    const searchesOf = (user: TestUser) => db().select().from(emailSearches).where(eq(emailSearches.userId, user.id));
    const reservationsOf = (user: TestUser) =>
      db().select().from(creditReservations).where(eq(creditReservations.userId, user.id));
    /** A call whose reply is cut: it must fail on the client, while the server did the work. */
    async function lostReply(run: () => Promise<unknown>) {
      relay.dropReplies();
      try {
        await expect(run()).rejects.toThrow();
      } finally {
        relay.forward();
      }
    }

    it('the reservation and the start both lose their replies; the retries start one search on one credit', async () => {
      const user = await userWithOneCredit();
      const keyed = { ...user.headers, 'idempotency-key': `modal-${user.id}` };

      await lostReply(() => viaRelay('POST', '/me/credits/decrement', undefined, keyed));
      expect(await balance(user)).toBe(0);
      // The retry of the reservation takes nothing more and says the balance.
      const reserved = await direct('POST', '/me/credits/decrement', undefined, keyed);
      expect(reserved).toMatchObject({ status: 200, json: { credits: 0 } });

      await lostReply(() => viaRelay('POST', '/api/email/searches', { email: TARGET }, keyed));
      const begun = await waitFor(async () => ((await searchesOf(user)).length === 1 ? true : undefined));
      expect(begun).toBe(true);
      const retried = await direct('POST', '/me/credits/decrement', undefined, keyed);
      expect(retried.status).toBe(200);
      const started = await direct('POST', '/api/email/searches', { email: TARGET }, keyed);
      expect(started.status).toBe(200);

      const searches = await searchesOf(user);
      expect(searches).toHaveLength(1);
      expect(started.json.search_id).toBe(searches[0]!.id);
      expect(await balance(user)).toBe(0);
      const reservations = await reservationsOf(user);
      expect(reservations).toHaveLength(1);
      expect(reservations[0]).toMatchObject({ status: 'consumed', searchId: searches[0]!.id });
      const done = await waitFor(async () => {
        const [row] = await searchesOf(user);
        return row?.status === 'completed' ? row : undefined;
      }, 30_000);
      expect(done.reservationId).toBe(reservations[0]!.id);

      // Without the key, the same retry would have needed a second credit.
      const unkeyed = await direct('POST', '/api/email/searches', { email: TARGET }, user.headers);
      expect(unkeyed).toMatchObject({ status: 400, json: { code: 'CREDITS_INSUFFICIENT' } });
      // And the key cannot answer a search of another address.
      const other = await direct('POST', '/api/email/searches', { email: 'someone.else@example.com' }, keyed);
      expect(other).toMatchObject({ status: 409, json: { code: 'IDEMPOTENCY_KEY_REUSED' } });
      expect(await searchesOf(user)).toHaveLength(1);
    });

    it('a start answered 503 by the gateway keeps the reserved credit for the retry', async () => {
      const user = await userWithOneCredit();
      const keyed = { ...user.headers, 'idempotency-key': `modal-503-${user.id}` };
      expect((await viaRelay('POST', '/me/credits/decrement', undefined, keyed)).json.credits).toBe(0);
      relay.unavailable();
      let refused: Awaited<ReturnType<Call>>;
      try {
        refused = await viaRelay('POST', '/api/email/searches', { email: TARGET }, keyed);
      } finally {
        relay.forward();
      }
      expect(refused.status).toBe(503);
      expect(await searchesOf(user)).toHaveLength(0);
      // The modal's retry: the same key reserves nothing more, and the start uses the reserved credit.
      expect((await viaRelay('POST', '/me/credits/decrement', undefined, keyed)).status).toBe(200);
      const started = await viaRelay('POST', '/api/email/searches', { email: TARGET }, keyed);
      expect(started.status).toBe(200);
      expect(await balance(user)).toBe(0);
      const [reservation] = await reservationsOf(user);
      expect(reservation).toMatchObject({ status: 'consumed', searchId: started.json.search_id });
      await waitFor(async () => ((await searchesOf(user))[0]?.status === 'completed' ? true : undefined), 30_000);
    });
  });
}
