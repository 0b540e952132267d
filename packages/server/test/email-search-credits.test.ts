/**
 * Issue 25 item 6: one credit pays for exactly one email search under any burst — streaming starts,
 * blocking searches and reservations (`POST /me/credits/decrement`) fired together, on both stacks.
 */
import { EMAIL_SEARCH_MESSAGES } from '@hound/contracts';
import { serveEmailChecks } from '@hound/testkit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, creditReservations, emailSearches, users } from '../src/db/schema/index.ts';
import { applyCredits } from '../src/features/credits/ledger.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { fewEmailChecks } from './support/email-checks.ts';
import { type Answer, type Call, socketClient, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const TARGET = 'burst.target@example.com';
const PARALLEL = 30;
const ROUNDS = 3;

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`one credit, one email search (${mode.name})`, () => {
    let internet: TestInternet;
    let stack: Stack;
    let call: Call;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 2 });
      // Credits are what this suite counts: a few checks per search (each round starts a dozen searches).
      const few = fewEmailChecks(internet.dir);
      serveEmailChecks(internet.internet, few.checks).register(TARGET);
      stack = await startStack(mode, {
        createEngine: internet.createEngine({ timeoutMs: 4000, emailCatalogues: [few.file] }),
      });
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      // A real socket, so the requests really run in parallel (and on PostgreSQL on several connections).
      call = socketClient(`http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`);
    });
    afterAll(async () => {
      await stack?.close();
      await internet?.close();
    });

    const db = () => stack.services.db.db;
    async function userWithCredits(credits: number): Promise<TestUser> {
      const user = await createTestUser(db());
      await applyCredits(db(), {
        userId: user.id,
        delta: credits,
        kind: 'admin_grant',
        idempotencyKey: `seed:${user.id}`,
      });
      return user;
    }

    /** Everything the user's credits moved, read from the database. */
    async function accounts(user: TestUser) {
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      const searches = await db().select().from(emailSearches).where(eq(emailSearches.userId, user.id));
      const reservations = await db().select().from(creditReservations).where(eq(creditReservations.userId, user.id));
      const [ledger] = await db()
        .select({ sum: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
        .from(creditLedger)
        .where(eq(creditLedger.userId, user.id));
      return { balance: row!.emailSearchCredits, searches, reservations, ledgerSum: Number(ledger!.sum) };
    }

    /** Each search has its own reservation, consumed by that very search; no reservation serves two. */
    function expectOneReservationPerSearch(state: Awaited<ReturnType<typeof accounts>>) {
      const paidWith = state.searches.map((s) => s.reservationId);
      expect(paidWith.every(Boolean)).toBe(true);
      expect(new Set(paidWith).size).toBe(paidWith.length);
      for (const search of state.searches) {
        const reservation = state.reservations.find((r) => r.id === search.reservationId);
        expect(reservation).toMatchObject({ searchId: search.id });
        expect(['consumed', 'released']).toContain(reservation!.status);
      }
      const consumed = state.reservations.filter((r) => r.status === 'consumed' || r.status === 'released');
      expect(consumed).toHaveLength(state.searches.length);
    }

    function expectRefusedForCredits(answers: Answer[]) {
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused.status).toBe(400);
        expect(refused.json).toMatchObject({ code: 'CREDITS_INSUFFICIENT', detail: 'Not enough credits' });
      }
    }

    const untilEnded = (user: TestUser) =>
      waitFor(async () => {
        const running = await db().select().from(emailSearches).where(eq(emailSearches.userId, user.id));
        return running.every((s) => s.status !== 'running') ? true : undefined;
      }, 30_000);

    it(`starts exactly 3 searches on 3 credits from ${PARALLEL} parallel starts, round after round`, async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const user = await userWithCredits(3);
        const answers = await Promise.all(
          Array.from({ length: PARALLEL }, () => call('POST', '/api/email/searches', { email: TARGET }, user.headers)),
        );
        expect(
          answers.filter((a) => a.status === 200),
          `round ${round}`,
        ).toHaveLength(3);
        expectRefusedForCredits(answers);
        await untilEnded(user);
        const state = await accounts(user);
        expect(state.searches, `round ${round}`).toHaveLength(3);
        expect(state.balance).toBe(0);
        expect(state.ledgerSum).toBe(0);
        expect(state.reservations).toHaveLength(3);
        expectOneReservationPerSearch(state);
        expect(state.searches.every((s) => s.status === 'completed')).toBe(true);
        expect((await call('GET', '/me/credits', undefined, user.headers)).json.credits).toBe(0);
      }
    });

    it(`answers exactly 3 blocking searches on 3 credits from ${PARALLEL} parallel calls`, async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const user = await userWithCredits(3);
        const answers = await Promise.all(
          Array.from({ length: PARALLEL }, () => call('POST', '/api/email/search', { email: TARGET }, user.headers)),
        );
        const ok = answers.filter((a) => a.status === 200);
        expect(ok, `round ${round}`).toHaveLength(3);
        expect(new Set(ok.map((a) => a.json.search_id)).size).toBe(3);
        expectRefusedForCredits(answers);
        const state = await accounts(user);
        expect(state.searches).toHaveLength(3);
        expect(state.balance).toBe(0);
        expect(state.ledgerSum).toBe(0);
        expectOneReservationPerSearch(state);
      }
    });

    it(`reserves once for one Idempotency-Key sent ${PARALLEL} times in parallel`, async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const user = await userWithCredits(3);
        const key = { ...user.headers, 'idempotency-key': `retry-${round}-${user.id}` };
        const answers = await Promise.all(
          Array.from({ length: PARALLEL }, () => call('POST', '/me/credits/decrement', undefined, key)),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(PARALLEL).fill(200));
        expect(new Set(answers.map((a) => a.json.credits))).toEqual(new Set([2]));
        const state = await accounts(user);
        expect(state.balance).toBe(2);
        expect(state.ledgerSum).toBe(2);
        expect(state.reservations).toHaveLength(1);
        // Another key is another reservation.
        const other = await call('POST', '/me/credits/decrement', undefined, {
          ...key,
          'idempotency-key': `x-${key['idempotency-key']}`,
        });
        expect(other.json.credits).toBe(1);
        expect((await accounts(user)).reservations).toHaveLength(2);
      }
    });

    it('issue 38 item 5: an account runs at most LIMIT_EMAIL_ACTIVE_PER_ACCOUNT (3) email searches; a refused start takes nothing', async () => {
      const user = await userWithCredits(10);
      // Three of the account's searches are running (rows as a running search leaves them).
      const running = ['a', 'b', 'c'].map((x) => ({
        id: `running-${x}-${user.id}`,
        userId: user.id,
        email: TARGET,
        status: 'running' as const,
        total: 1,
      }));
      await db().insert(emailSearches).values(running);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call('POST', i % 2 ? '/api/email/searches' : '/api/email/search', { email: TARGET }, user.headers),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(429);
        expect(answer.json).toMatchObject({
          code: 'EMAIL_SEARCH_TOO_MANY_ACTIVE',
          detail: EMAIL_SEARCH_MESSAGES.tooManyActive.replace('{count}', '3'),
        });
      }
      const state = await accounts(user);
      expect(state.balance).toBe(10);
      expect(state.reservations).toEqual([]);
      // A reserved credit is kept for later, not spent by the refused start.
      expect((await call('POST', '/me/credits/decrement', undefined, user.headers)).json.credits).toBe(9);
      expect((await call('POST', '/api/email/searches', { email: TARGET }, user.headers)).status).toBe(429);
      expect((await accounts(user)).reservations.map((r) => r.status)).toEqual(['pending']);
      // One of them ends: the next start runs, on the reserved credit.
      await db().update(emailSearches).set({ status: 'completed' }).where(eq(emailSearches.id, running[0]!.id));
      const started = await call('POST', '/api/email/searches', { email: TARGET }, user.headers);
      expect(started.status, started.text).toBe(200);
      expect((await accounts(user)).reservations.map((r) => r.status)).toEqual(['consumed']);
      await db().update(emailSearches).set({ status: 'completed' }).where(eq(emailSearches.userId, user.id));
    });

    it('spends each credit once when reservations and starts race each other', async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const user = await userWithCredits(3);
        const calls = Array.from({ length: PARALLEL + 10 }, (_, i) =>
          i % 4 === 0
            ? call('POST', '/me/credits/decrement', undefined, user.headers)
            : call('POST', '/api/email/searches', { email: TARGET }, user.headers),
        );
        const answers = await Promise.all(calls);
        expectRefusedForCredits(answers);
        const started = answers.filter((a, i) => i % 4 !== 0 && a.status === 200).length;
        const reserved = answers.filter((a, i) => i % 4 === 0 && a.status === 200).length;
        await untilEnded(user);
        const state = await accounts(user);
        expect(state.balance).toBe(0);
        expect(state.ledgerSum).toBe(0);
        // Three credits became three reservations; each search used one of them, the rest wait unused.
        expect(state.reservations).toHaveLength(3);
        expect(state.searches).toHaveLength(started);
        expectOneReservationPerSearch(state);
        const pending = state.reservations.filter((r) => r.status === 'pending').length;
        expect(started + pending, `round ${round}`).toBe(3);
        expect(reserved).toBeGreaterThanOrEqual(pending);
        // A reservation left over pays for the next search, and only one.
        const next = await Promise.all(
          Array.from({ length: PARALLEL }, () => call('POST', '/api/email/searches', { email: TARGET }, user.headers)),
        );
        expect(next.filter((a) => a.status === 200)).toHaveLength(pending);
        expectRefusedForCredits(next);
        await untilEnded(user);
        const after = await accounts(user);
        expect(after.searches).toHaveLength(3);
        expect(after.reservations.filter((r) => r.status === 'pending')).toEqual([]);
        expectOneReservationPerSearch(after);
      }
    });
  });
}
