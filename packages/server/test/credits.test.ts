/** The credit ledger, reservations and admin credit changes: exactly once, never negative, on both stacks. */
import { ADMIN_MESSAGES } from '@hound/contracts';
import { type SmtpSink, startSmtpSink } from '@hound/testkit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, creditLedger, creditReservations, users } from '../src/db/schema/index.ts';
import { applyCredits } from '../src/features/credits/ledger.ts';
import { consumeReservation, expireReservations, returnReservation } from '../src/features/credits/reservations.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, socketClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`credits (${mode.name})`, () => {
    let internet: TestInternet;
    let sink: SmtpSink;
    let stack: Stack;
    let call: Call;
    let admin: TestUser;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 2 });
      sink = await startSmtpSink();
      stack = await startStack(mode, { createEngine: internet.createEngine(), env: { SMTP_URL: sink.url } });
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = stack.app.server.address() as { port: number };
      // A real socket, so parallel requests really run in parallel against PostgreSQL.
      call = socketClient(`http://127.0.0.1:${port}`);
      admin = await createTestUser(stack.services.db.db, { isAdmin: true });
    });
    afterAll(async () => {
      await stack?.close();
      await sink?.close();
      await internet?.close();
    });

    const db = () => stack.services.db.db;
    const balance = async (userId: string) =>
      (await db().select().from(users).where(eq(users.id, userId)))[0]!.emailSearchCredits;
    const ledgerSum = async (userId: string) =>
      Number(
        (
          await db()
            .select({ sum: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
            .from(creditLedger)
            .where(eq(creditLedger.userId, userId))
        )[0]!.sum,
      );

    it('grants SIGNUP_CREDITS (3) on the ledger when an account is created', async () => {
      const email = `new.${Date.now()}@example.com`;
      await call('POST', '/auth/register/send-otp', {
        first_name: 'New',
        last_name: 'User',
        email,
        date_of_birth: '1990-01-01',
      });
      const code = /\b(\d{6})\b/.exec((await sink.waitForMail({ to: email })).text)![1]!;
      const token = (await call('POST', '/auth/register/verify-otp', { email, code })).json.access_token;
      const me = await call('GET', '/auth/me', undefined, { authorization: `Bearer ${token}` });
      expect(me.json.email_search_credits).toBe(3);
      const credits = await call('GET', '/me/credits', undefined, { authorization: `Bearer ${token}` });
      expect(credits.json).toEqual({ credits: 3, plan: 'free' });
      const entries = await db().select().from(creditLedger).where(eq(creditLedger.userId, me.json.id));
      expect(entries).toMatchObject([{ kind: 'signup_grant', delta: 3, balanceAfter: 3 }]);
    });

    it('lets exactly 5 of 100 concurrent reservations through on a balance of 5', async () => {
      const user = await createTestUser(db());
      await applyCredits(db(), { userId: user.id, delta: 5, kind: 'admin_grant', idempotencyKey: `seed:${user.id}` });
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => call('POST', '/me/credits/decrement', undefined, user.headers)),
      );
      const ok = answers.filter((a) => a.status === 200);
      expect(ok).toHaveLength(5);
      expect(ok.map((a) => a.json.credits).sort()).toEqual([0, 1, 2, 3, 4]);
      const refused = answers.filter((a) => a.status === 400);
      expect(refused).toHaveLength(95);
      expect(refused.every((a) => a.json.detail === 'Not enough credits')).toBe(true);
      expect(await balance(user.id)).toBe(0);
      expect(await ledgerSum(user.id)).toBe(0);
      const pending = await db().select().from(creditReservations).where(eq(creditReservations.userId, user.id));
      expect(pending).toHaveLength(5);
    });

    it('applies one idempotency key once, also when sent in parallel', async () => {
      const user = await createTestUser(db());
      const change = { userId: user.id, delta: 10, kind: 'purchase' as const, idempotencyKey: `invoice:${user.id}` };
      const results = await Promise.all([applyCredits(db(), change), applyCredits(db(), change)]);
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      expect(results.map((r) => r.newBalance)).toEqual([10, 10]);
      const again = await applyCredits(db(), change);
      expect(again).toEqual({ applied: false, oldBalance: 0, newBalance: 10 });
      expect(await balance(user.id)).toBe(10);
      expect(await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id))).toHaveLength(1);
    });

    it('returns an unused reservation after it expires, once; refunds a failed search once', async () => {
      const user = await createTestUser(db(), { credits: 0 });
      await applyCredits(db(), { userId: user.id, delta: 2, kind: 'admin_grant', idempotencyKey: `seed2:${user.id}` });
      expect((await call('POST', '/me/credits/decrement', undefined, user.headers)).json.credits).toBe(1);
      expect((await call('POST', '/me/credits/decrement', undefined, user.headers)).json.credits).toBe(0);
      // One is used by a search that then fails on our side: refunded once.
      const used = await consumeReservation(db(), user.id, 'search-1');
      expect(used).toBeTruthy();
      expect(await returnReservation(db(), used!, 'released')).toBe(true);
      expect(await returnReservation(db(), used!, 'released')).toBe(false);
      expect(await balance(user.id)).toBe(1);
      // The other stays unused: nothing happens before 15 minutes, then it comes back once.
      expect(await expireReservations(db(), new Date())).toBe(0);
      const later = new Date(Date.now() + 16 * 60_000);
      expect(await expireReservations(db(), later)).toBeGreaterThanOrEqual(1);
      expect(await expireReservations(db(), later)).toBe(0);
      expect(await balance(user.id)).toBe(2);
      expect(await ledgerSum(user.id)).toBe(2);
      const kinds = (await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id))).map((e) => e.kind);
      expect(kinds.sort()).toEqual(['admin_grant', 'expiry', 'refund', 'reserve', 'reserve'].sort());
    });

    it('shows its owner the credit history: a reservation held, then its return; paged; nobody else sees it', async () => {
      const user = await createTestUser(db());
      await applyCredits(db(), {
        userId: user.id,
        delta: 2,
        kind: 'admin_grant',
        idempotencyKey: `history:${user.id}`,
        reason: 'Added by admin',
      });
      const history = async (query = '', who = user) =>
        (await call('GET', `/me/credits/history${query}`, undefined, who.headers)).json;
      expect((await call('POST', '/me/credits/decrement', undefined, user.headers)).json.credits).toBe(1);
      const held = await history();
      expect(held.total).toBe(2);
      expect(held.items[0]).toMatchObject({ kind: 'reserve', delta: -1, balance_after: 1, reservation: 'held' });
      expect(held.items[1]).toMatchObject({
        kind: 'admin_grant',
        delta: 2,
        balance_after: 2,
        reason: 'Added by admin',
      });
      // Unused for 15 minutes, the credit comes back: the return is an entry, and the reservation says so.
      expect(await expireReservations(db(), new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
      const returned = await history();
      expect(
        returned.items.map((e: { kind: string; delta: number; reservation: string | null }) => [
          e.kind,
          e.delta,
          e.reservation,
        ]),
      ).toEqual([
        ['expiry', 1, null],
        ['reserve', -1, 'expired'],
        ['admin_grant', 2, null],
      ]);
      expect(returned.items[0].balance_after).toBe(2);
      // A credit spent on a search names the search.
      const reserved = await call('POST', '/me/credits/decrement', undefined, user.headers);
      expect(reserved.status).toBe(200);
      expect(await consumeReservation(db(), user.id, 'search-1')).not.toBeNull();
      expect((await history('?limit=1')).items).toEqual([
        expect.objectContaining({ kind: 'reserve', reservation: 'spent', search_id: 'search-1' }),
      ]);
      expect((await history('?limit=1&skip=3')).items).toEqual([expect.objectContaining({ kind: 'admin_grant' })]);
      for (const bad of ['?limit=0', '?limit=101', '?skip=-1', '?skip=abc']) {
        const answer = await call('GET', `/me/credits/history${bad}`, undefined, user.headers);
        expect(answer.status, bad).toBe(422);
        expect(answer.json.code).toBe('PAGE_OUT_OF_RANGE');
      }
      // Anonymous: 401. Another user and an admin see their own history only.
      expect((await call('GET', '/me/credits/history')).status).toBe(401);
      const other = await createTestUser(db());
      expect(await history('', other)).toEqual({ items: [], total: 0 });
      const mine = await history('', admin);
      expect(mine.items.every((e: { id: number }) => !returned.items.some((r: { id: number }) => r.id === e.id))).toBe(
        true,
      );
    });

    it('needs a session for the credit calls', async () => {
      expect((await call('GET', '/me/credits')).status).toBe(401);
      expect((await call('POST', '/me/credits/decrement')).status).toBe(401);
    });

    it('grants and deducts as an admin with the spec rules, an audit entry each, and never below zero', async () => {
      const target = await createTestUser(db());
      const grant = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
        call('POST', '/admin/grant-credits', { email: target.email, ...body }, { ...admin.headers, ...headers });
      for (const credits of [0, 1001, 1.5, 'abc', null, -3]) {
        const bad = await grant({ credits });
        expect(bad.status, String(credits)).toBe(400);
        expect(bad.json.detail).toBe(ADMIN_MESSAGES.creditsRange);
      }
      expect((await grant({ credits: 7 })).json).toEqual({ old_credits: 0, new_credits: 7 });
      const deduct = await call(
        'POST',
        '/admin/deduct-credits',
        { email: target.email, credits: 2, reason: 'Refund abuse' },
        admin.headers,
      );
      expect(deduct.json).toEqual({ old_credits: 7, new_credits: 5 });
      const tooMuch = await call('POST', '/admin/deduct-credits', { email: target.email, credits: 6 }, admin.headers);
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.json.detail).toBe('The user has only 5 credits.');
      expect(await balance(target.id)).toBe(5);
      // A retried request with the same Idempotency-Key counts once.
      const key = { 'idempotency-key': `retry-${target.id}` };
      expect((await grant({ credits: 1 }, key)).json).toEqual({ old_credits: 5, new_credits: 6 });
      expect((await grant({ credits: 1 }, key)).json).toEqual({ old_credits: 5, new_credits: 6 });
      expect(await balance(target.id)).toBe(6);

      const audit = await db().select().from(adminAudit).where(eq(adminAudit.targetUserId, target.id));
      expect(audit.map((a) => [a.action, a.reason, a.before, a.after])).toEqual([
        ['credits.grant', 'Added by admin', { credits: 0 }, { credits: 7 }],
        ['credits.deduct', 'Refund abuse', { credits: 7 }, { credits: 5 }],
        ['credits.grant', 'Added by admin', { credits: 5 }, { credits: 6 }],
      ]);
      // Users cannot use these routes.
      expect(
        (await call('POST', '/admin/grant-credits', { email: target.email, credits: 5 }, target.headers)).status,
      ).toBe(403);
      expect((await call('POST', '/admin/grant-credits', { email: target.email, credits: 5 })).status).toBe(401);
      expect(await balance(target.id)).toBe(6);
      // The key is tied to its user, direction and amount (issue 38 item 5): sent with another request it is
      // refused, not answered as if that request had been done — also when both arrive at once.
      const other = await createTestUser(db());
      const reused = [
        await call('POST', '/admin/grant-credits', { email: other.email, credits: 1 }, { ...admin.headers, ...key }),
        await call('POST', '/admin/deduct-credits', { email: target.email, credits: 1 }, { ...admin.headers, ...key }),
        await grant({ credits: 2 }, key),
      ];
      for (const answer of reused) {
        expect(answer.status).toBe(409);
        expect(answer.json).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', detail: ADMIN_MESSAGES.keyReused });
      }
      const raceKey = { 'idempotency-key': `race-${target.id}` };
      const raced = await Promise.all([
        call('POST', '/admin/grant-credits', { email: other.email, credits: 3 }, { ...admin.headers, ...raceKey }),
        grant({ credits: 3 }, raceKey),
      ]);
      expect(raced.map((a) => a.status).sort()).toEqual([200, 409]);
      expect((await balance(target.id)) + (await balance(other.id))).toBe(6 + 3);
    });

    it('keeps the balance equal to what succeeded under 50 concurrent grants and deducts', async () => {
      const target = await createTestUser(db());
      await applyCredits(db(), {
        userId: target.id,
        delta: 10,
        kind: 'admin_grant',
        idempotencyKey: `seed3:${target.id}`,
      });
      const ops = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 'grant' : 'deduct') as 'grant' | 'deduct');
      const amounts = ops.map((_, i) => (i % 5) + 1);
      const answers = await Promise.all(
        ops.map((op, i) =>
          call('POST', `/admin/${op}-credits`, { email: target.email, credits: amounts[i] }, admin.headers),
        ),
      );
      let expected = 10;
      let succeeded = 0;
      for (const [i, a] of answers.entries()) {
        if (a.status === 200) {
          expected += ops[i] === 'grant' ? amounts[i]! : -amounts[i]!;
          succeeded += 1;
          expect(a.json.new_credits - a.json.old_credits).toBe(ops[i] === 'grant' ? amounts[i] : -amounts[i]!);
        } else {
          expect(a.status).toBe(400);
          expect(ops[i]).toBe('deduct');
        }
      }
      expect(await balance(target.id)).toBe(expected);
      expect(await ledgerSum(target.id)).toBe(expected);
      const audit = await db().select().from(adminAudit).where(eq(adminAudit.targetUserId, target.id));
      expect(audit).toHaveLength(succeeded);
    });
  });
}
