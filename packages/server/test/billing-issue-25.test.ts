/**
 * Issue 25, items 8–10, against the testkit's fake Stripe (real SDK over sockets, webhooks delivered to the
 * listening server, the fake's clock): deleting an account cancels its subscription and keeps what the
 * business must keep; the trial once, under parallel checkouts and across deletion; which invoices grant
 * credits; refunds and disputes take back once; per-user Stripe budgets and the prices cache. Both stacks.
 */
import { BILLING_MESSAGES } from '@hound/contracts';
import { type FakeStripe, startFakeStripe } from '@hound/testkit';
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  billingAccounts,
  creditLedger,
  emailPlusOrders,
  emailPlusSubscriptions,
  stripeCancellations,
  users,
} from '../src/db/schema/index.ts';
import { retryDueCancellations } from '../src/features/billing/cancel-deleted-customer.ts';
import { storeBillingAccount } from '../src/features/billing/ensure-customer.ts';
import { purgeDeletedAccountsOrders } from '../src/features/billing/purge-deleted-orders.ts';
import { createLogger } from '../src/logger.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type BillingStack, startBillingStack } from './support/billing-stack.ts';
import { type Call, injectClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';
import { payEmailPlusLead } from './support/stripe.ts';

const DAY = 86_400;
/** BILLING_USER_CALLS_PER_MINUTE of these stacks: above the 30 parallel requests of the race tests. */
const CALLS = 40;
const LIMITS = { checkout: CALLS, portal: CALLS, invoices: CALLS, 'checkout-read': 3 * CALLS };

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`billing, issue 25 (${mode.name})`, () => {
    let billing: BillingStack;
    let internet: TestInternet;
    let fake: FakeStripe;
    let stack: Stack;
    let call: Call;
    let sdk: Stripe;
    let admin: TestUser;

    beforeAll(async () => {
      billing = await startBillingStack(mode, {
        ip: '192.0.2.30',
        env: { BILLING_USER_CALLS_PER_MINUTE: String(CALLS) },
      });
      ({ internet, fake, stack, call, sdk } = billing);
      admin = await createTestUser(stack.services.db.db, { isAdmin: true });
    });
    afterAll(async () => {
      await billing?.close();
    });
    beforeEach(() => {
      fake.outage(false);
      fake.webhooks.duplicate(false);
    });

    const db = () => stack.services.db.db;
    const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
    const account = async (id: string) =>
      (await db().select().from(billingAccounts).where(eq(billingAccounts.userId, id)))[0]!;
    const priceOf = (kind: 'monthly' | 'trial') => (kind === 'monthly' ? fake.prices.monthly : fake.prices.trialFee);
    const sessionIdOf = (url: string) => url.split('/').pop()!;

    async function checkout(user: TestUser, kind: 'monthly' | 'trial') {
      const answer = await call(
        'POST',
        '/billing/checkout',
        { price_id: priceOf(kind), mode: 'subscription' },
        user.headers,
      );
      expect(answer.status, answer.text).toBe(200);
      return answer.json.url as string;
    }
    async function pay(user: TestUser, kind: 'monthly' | 'trial') {
      const url = await checkout(user, kind);
      await fake.completeCheckout(sessionIdOf(url));
      await fake.webhooks.idle();
    }
    const paidOrder = (user: TestUser) => payEmailPlusLead(call, fake, user);
    const subscriptionsOf = (customer: string) => fake.subscriptions().filter((s) => s.customer === customer);
    const paidInvoicesOf = (customer: string) =>
      fake.invoices().filter((i) => i.customer === customer && i.status === 'paid');

    // ---- item 8: deletion ---------------------------------------------------------------------------

    it('DELETE /me cancels the subscription at Stripe: no renewal 31 days later; webhooks for the customer change nothing', async () => {
      expect((await call('DELETE', '/me')).status).toBe(401);
      const user = await createTestUser(db());
      const other = await createTestUser(db());
      await pay(user, 'monthly');
      await pay(other, 'monthly');
      const { customerId } = await account(user.id);
      const otherCustomer = (await account(other.id)).customerId;
      const orderId = await paidOrder(user);
      // A checkout left open must not be payable after the deletion either.
      const lead = await call(
        'POST',
        '/api/email/plus/lead',
        { email: 'second@example.org', purpose: 'Checking a landlord before signing a lease', accept_terms: true },
        { ...user.headers, 'x-user-email': user.email },
      );
      const open = await call(
        'POST',
        '/billing/checkout',
        {
          price_id: fake.prices.plusMonthly,
          mode: 'subscription',
          meta: { lead_id: lead.json.lead_id, product: 'email_plus' },
        },
        user.headers,
      );
      const invoicesBefore = paidInvoicesOf(customerId).length;

      const deleted = await call('DELETE', '/me', undefined, user.headers);
      expect(deleted.status, deleted.text).toBe(204);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toBeUndefined();
      // The plan and the Email Plus subscription both end: neither renews.
      expect(subscriptionsOf(customerId).map((s) => s.status)).toEqual(['canceled', 'canceled']);
      // The Email Plus subscription's target and purpose go with the account (the paid order stays: 095).
      expect(
        await db().select().from(emailPlusSubscriptions).where(eq(emailPlusSubscriptions.customerId, customerId)),
      ).toEqual([]);
      const [cancellation] = await db()
        .select()
        .from(stripeCancellations)
        .where(eq(stripeCancellations.customerId, customerId));
      expect(cancellation?.doneAt).toBeInstanceOf(Date);
      expect((await fake.completeCheckout(sessionIdOf(open.json.url))).outcome).toBe('not_open');

      fake.advanceClock(31 * DAY);
      await fake.webhooks.idle();
      expect(paidInvoicesOf(customerId)).toHaveLength(invoicesBefore);
      // The other user's subscription renewed as usual.
      expect(subscriptionsOf(otherCustomer).map((s) => s.status)).toEqual(['active']);
      expect(paidInvoicesOf(otherCustomer)).toHaveLength(2);
      // Every webhook about the deleted customer was answered 200 and resurrected nothing.
      const failed = fake.webhooks.deliveries().filter((d) => d.status !== 200);
      expect(failed).toEqual([]);
      expect(await db().select().from(billingAccounts).where(eq(billingAccounts.customerId, customerId))).toEqual([]);
      expect(await db().select().from(users).where(eq(users.email, user.email))).toEqual([]);

      // Kept: the paid order (visible and workable for the admin) and the ledger entries (for accounting).
      const queue = await call('GET', '/admin/email-plus/orders?status=open', undefined, admin.headers);
      expect(queue.status).toBe(200);
      expect(queue.json.items.find((o: { id: string }) => o.id === orderId)).toMatchObject({
        customer_name: 'Deleted account',
        customer_email: user.email,
        status: 'paid',
      });
      expect((await call('GET', `/admin/email-plus/orders/${orderId}`, undefined, admin.headers)).status).toBe(200);
      expect((await call('GET', `/admin/email-plus/orders/${orderId}`, undefined, other.headers)).status).toBe(403);
      expect((await call('GET', `/admin/email-plus/orders/${orderId}`)).status).toBe(401);
      const [unpaid] = await db().select().from(emailPlusOrders).where(eq(emailPlusOrders.id, lead.json.lead_id));
      expect(unpaid).toBeUndefined();
      // The admin can still refund it; once refused, the pass removes what is left of the account.
      const refused = await call(
        'POST',
        `/admin/email-plus/orders/${orderId}/refuse`,
        { reason: 'The account was deleted before the report was written.' },
        admin.headers,
      );
      expect(refused.status, refused.text).toBe(200);
      expect(refused.json.refund_id).toMatch(/^re_/);
      await fake.webhooks.idle();
      expect(await purgeDeletedAccountsOrders(db())).toBe(1);
      expect(await db().select().from(emailPlusOrders).where(eq(emailPlusOrders.id, orderId))).toEqual([]);
      const kept = await db()
        .select()
        .from(creditLedger)
        .where(and(isNull(creditLedger.userId), eq(creditLedger.kind, 'plan_allowance')));
      expect(kept.some((e) => e.ref === paidInvoicesOf(customerId)[0]!.id)).toBe(true);
    });

    it("an admin deleting their own account: the same cancellation; other admins' views unaffected", async () => {
      const boss = await createTestUser(db(), { isAdmin: true });
      await pay(boss, 'monthly');
      const { customerId } = await account(boss.id);
      expect((await call('DELETE', '/me', undefined, boss.headers)).status).toBe(204);
      expect(subscriptionsOf(customerId).map((s) => s.status)).toEqual(['canceled']);
      expect((await call('GET', '/admin/email-plus/orders', undefined, admin.headers)).status).toBe(200);
      expect((await call('GET', '/billing/portal', undefined, boss.headers)).status).toBe(401);
    });

    it('when Stripe is down at deletion, the account is still deleted and the background pass cancels later', async () => {
      const user = await createTestUser(db());
      await pay(user, 'monthly');
      const { customerId } = await account(user.id);
      fake.outage(true);
      const deleted = await call('DELETE', '/me', undefined, user.headers);
      expect(deleted.status).toBe(204);
      expect(await userRow(user.id)).toBeUndefined();
      const pending = async () =>
        (await db().select().from(stripeCancellations).where(eq(stripeCancellations.customerId, customerId)))[0]!;
      expect(await pending()).toMatchObject({ doneAt: null, attempts: 1 });
      expect(subscriptionsOf(customerId).map((s) => s.status)).toEqual(['active']);
      let later = 3600_000; // the pass runs once the backoff has passed
      const pass = {
        db: db(),
        log: createLogger('silent'),
        now: () => new Date(Date.now() + later),
        stripe: { client: sdk },
      };
      expect(await retryDueCancellations(pass)).toBe(0); // still down: due again later
      expect((await pending()).attempts).toBe(2);
      fake.outage(false);
      expect(await retryDueCancellations(pass)).toBe(0); // not due yet: backing off
      later += 2 * 3600_000;
      expect(await retryDueCancellations(pass)).toBe(1);
      expect((await pending()).doneAt).toBeInstanceOf(Date);
      expect(subscriptionsOf(customerId).map((s) => s.status)).toEqual(['canceled']);
      await fake.webhooks.idle();
      fake.advanceClock(31 * DAY);
      await fake.webhooks.idle();
      expect(paidInvoicesOf(customerId)).toHaveLength(1);
    });

    it('the trial once survives deletion: re-registering (or a sub-address) cannot start a second trial', async () => {
      const email = `trial.${Date.now()}@example.com`;
      const first = await createTestUser(db(), { email });
      await pay(first, 'trial');
      expect(await userRow(first.id)).toMatchObject({ plan: 'trial', emailSearchCredits: 3 });
      expect((await call('DELETE', '/me', undefined, first.headers)).status).toBe(204);
      for (const again of [email, email.replace('@', '+2@').toUpperCase()]) {
        const user = await createTestUser(db(), { email: again.toLowerCase() });
        const answer = await call(
          'POST',
          '/billing/checkout',
          { price_id: fake.prices.trialFee, mode: 'subscription' },
          user.headers,
        );
        expect(answer.status, again).toBe(409);
        expect(answer.json).toMatchObject({ code: 'BILLING_CONFLICT', detail: BILLING_MESSAGES.trialUsed });
        // The monthly plan is still for sale.
        expect(await checkout(user, 'monthly')).toMatch(/\/checkout\/cs_/);
        expect((await call('DELETE', '/me', undefined, user.headers)).status).toBe(204);
      }
    });

    // ---- item 9: trial and credit rules --------------------------------------------------------------

    it('30 parallel trial checkouts open one session: one trialing subscription, the trial credits once (3 rounds)', async () => {
      for (let round = 0; round < 3; round++) {
        const user = await createTestUser(db());
        const answers = await Promise.all(
          Array.from({ length: 30 }, () =>
            call('POST', '/billing/checkout', { price_id: fake.prices.trialFee, mode: 'subscription' }, user.headers),
          ),
        );
        const statuses = answers.map((a) => a.status);
        expect(
          statuses.every((s) => s === 200 || s === 409),
          statuses.join(),
        ).toBe(true);
        const urls = new Set(answers.filter((a) => a.status === 200).map((a) => a.json.url as string));
        expect(urls.size).toBe(1);
        const { customerId } = await account(user.id);
        const sessions = await sdk.checkout.sessions.list({ customer: customerId, limit: 100 });
        expect(sessions.data).toHaveLength(1);
        // Pay every session Stripe has for the customer: only one exists.
        for (const session of sessions.data) await fake.completeCheckout(session.id);
        await fake.webhooks.idle();
        expect(subscriptionsOf(customerId).filter((s) => s.status === 'trialing')).toHaveLength(1);
        expect(await userRow(user.id)).toMatchObject({ plan: 'trial', emailSearchCredits: 3 });
        // Once subscribed, parallel attempts are all refused.
        const later = await Promise.all(
          Array.from({ length: 30 }, () =>
            call('POST', '/billing/checkout', { price_id: fake.prices.trialFee, mode: 'subscription' }, user.headers),
          ),
        );
        expect(later.every((a) => a.status === 409 || a.status === 429)).toBe(true);
        expect(later.filter((a) => a.status === 409).length).toBeGreaterThan(0);
        expect((await sdk.checkout.sessions.list({ customer: customerId, limit: 100 })).data).toHaveLength(1);
      }
    });

    it('parallel first checkouts store the Stripe customer once: no unique-index error escapes (100 rounds of 30)', async () => {
      // The race behind a 500 in CI: 30 inserts of the same pair at the same moment collide on both the
      // user's key and the customer's unique index. On PGlite (one connection) they cannot overlap.
      const user = await createTestUser(db());
      for (let round = 0; round < 100; round++) {
        const customerId = `cus_race_${round}`;
        const stored = await Promise.allSettled(
          Array.from({ length: 30 }, () => storeBillingAccount(db(), user.id, customerId)),
        );
        const failed = stored.filter((s) => s.status === 'rejected');
        expect(failed.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
        expect(
          new Set(stored.map((s) => (s as PromiseFulfilledResult<{ customerId: string }>).value.customerId)),
        ).toEqual(new Set([customerId]));
        await db().delete(billingAccounts).where(eq(billingAccounts.userId, user.id));
      }
    });

    it('choosing the other plan while a checkout is open expires the first session', async () => {
      const user = await createTestUser(db());
      const trialUrl = await checkout(user, 'trial');
      expect(await checkout(user, 'trial')).toBe(trialUrl);
      const monthlyUrl = await checkout(user, 'monthly');
      expect(monthlyUrl).not.toBe(trialUrl);
      expect((await fake.completeCheckout(sessionIdOf(trialUrl))).outcome).toBe('not_open');
      expect((await fake.completeCheckout(sessionIdOf(monthlyUrl))).outcome).toBe('paid');
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'premium', emailSearchCredits: 10 });
    });

    it('credits come only from subscription_create / subscription_cycle invoices, not a manual invoice of the monthly price', async () => {
      const user = await createTestUser(db());
      await pay(user, 'monthly');
      const { customerId } = await account(user.id);
      const subscription = subscriptionsOf(customerId)[0]!;
      const manual = fake.extraInvoice(subscription.id, 'manual');
      expect(manual.status).toBe('paid');
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'premium', emailSearchCredits: 10 });
      fake.advanceClock(30 * DAY + 60);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ emailSearchCredits: 20 });
    });

    it('a full refund takes back the credits once (duplicated events, then a dispute of the same charge); a partial refund takes nothing', async () => {
      fake.webhooks.duplicate(true);
      const user = await createTestUser(db());
      await pay(user, 'monthly');
      const { customerId } = await account(user.id);
      const intent = paidInvoicesOf(customerId)[0]!.payment_intent!;
      await sdk.refunds.create({ payment_intent: intent, amount: 500 });
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ emailSearchCredits: 10 });
      await sdk.refunds.create({ payment_intent: intent });
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ emailSearchCredits: 0, plan: 'premium' });
      const charge = (await sdk.paymentIntents.retrieve(intent)).latest_charge as string;
      fake.openDispute(charge);
      await fake.webhooks.idle();
      const reversals = await db()
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.kind, 'payment_reversal')));
      expect(reversals.map((r) => r.delta)).toEqual([-10]);
      // The next month's grant is the user's: nothing is taken again.
      fake.advanceClock(30 * DAY + 60);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ emailSearchCredits: 10 });
    });

    it('a dispute takes back the credits when opened, once; closing it lost takes nothing more; what was spent is not taken twice', async () => {
      const user = await createTestUser(db());
      await pay(user, 'monthly');
      const { customerId } = await account(user.id);
      // Spend 4 of the 10 (an admin deduction stands in for searches).
      await db().update(users).set({ emailSearchCredits: 6 }).where(eq(users.id, user.id));
      const intent = paidInvoicesOf(customerId)[0]!.payment_intent!;
      const charge = (await sdk.paymentIntents.retrieve(intent)).latest_charge as string;
      const dispute = fake.openDispute(charge);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ emailSearchCredits: 0 });
      fake.closeDispute(dispute.id, 'lost');
      await fake.webhooks.idle();
      const reversals = await db()
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.kind, 'payment_reversal')));
      expect(reversals.map((r) => r.delta)).toEqual([-6]);
    });

    it('a refund when everything was spent takes nothing, and a later dispute of that payment takes nothing either', async () => {
      const user = await createTestUser(db());
      await pay(user, 'monthly');
      const { customerId } = await account(user.id);
      await db().update(users).set({ emailSearchCredits: 0 }).where(eq(users.id, user.id));
      const intent = paidInvoicesOf(customerId)[0]!.payment_intent!;
      await sdk.refunds.create({ payment_intent: intent });
      await fake.webhooks.idle();
      fake.advanceClock(30 * DAY + 60);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ emailSearchCredits: 10 });
      fake.openDispute((await sdk.paymentIntents.retrieve(intent)).latest_charge as string);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ emailSearchCredits: 10 });
    });

    // ---- item 10: per-user Stripe budgets and the prices cache ----------------------------------------

    it('portal, invoices and checkout have a per-user budget (429 with Retry-After); others and admins keep theirs', async () => {
      const user = await createTestUser(db());
      const other = await createTestUser(db());
      const boss = await createTestUser(db(), { isAdmin: true });
      for (const who of [user, other, boss]) await pay(who, 'monthly');
      for (const [url, limit] of [
        ['/billing/portal', LIMITS.portal],
        ['/billing/invoices', LIMITS.invoices],
      ] as const) {
        expect((await call('GET', url)).status).toBe(401);
        const answers = await Promise.all(
          Array.from({ length: limit + 20 }, () => call('GET', url, undefined, user.headers)),
        );
        expect(answers.filter((a) => a.status === 200)).toHaveLength(limit);
        const refused = answers.find((a) => a.status === 429)!;
        expect(refused.json).toMatchObject({ code: 'RATE_LIMITED', detail: BILLING_MESSAGES.tooManyRequests });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect((await call('GET', url, undefined, other.headers)).status).toBe(200);
        expect((await call('GET', url, undefined, boss.headers)).status).toBe(200);
      }
      const body = { price_id: fake.prices.trialFee, mode: 'subscription' };
      const fresh = await createTestUser(db());
      const checkouts = await Promise.all(
        Array.from({ length: LIMITS.checkout + 20 }, () => call('POST', '/billing/checkout', body, fresh.headers)),
      );
      expect(checkouts.filter((a) => a.status !== 429)).toHaveLength(LIMITS.checkout);
      expect((await call('POST', '/billing/checkout', body, user.headers)).status).toBe(409);
    });

    it.skipIf(!mode.scale)('the budget holds across two API nodes', async () => {
      const node2 = await startStack(mode, { join: stack, createEngine: internet.createEngine(), env: stack.env });
      try {
        const user = await createTestUser(db());
        await pay(user, 'monthly');
        const calls = [call, injectClient(node2.app, '192.0.2.31')];
        const answers = await Promise.all(
          Array.from({ length: LIMITS.portal + 20 }, (_, i) =>
            calls[i % 2]!('GET', '/billing/portal', undefined, user.headers),
          ),
        );
        expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMITS.portal);
        expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
      } finally {
        await node2.close();
      }
    });

    it('GET /billing/checkout/{id} re-reads Stripe within the budget only, then answers the stored state', async () => {
      const user = await createTestUser(db());
      const other = await createTestUser(db());
      const url = await checkout(user, 'trial');
      const id = sessionIdOf(url);
      expect((await call('GET', `/billing/checkout/${id}`)).status).toBe(401);
      expect((await call('GET', `/billing/checkout/${id}`, undefined, other.headers)).status).toBe(404);
      expect((await call('GET', `/billing/checkout/${id}`, undefined, admin.headers)).status).toBe(404);
      fake.webhooks.hold();
      try {
        const reads = await Promise.all(
          Array.from({ length: LIMITS['checkout-read'] }, () =>
            call('GET', `/billing/checkout/${id}`, undefined, user.headers),
          ),
        );
        expect(reads.every((a) => a.status === 200 && a.json.status === 'open')).toBe(true);
        await fake.completeCheckout(id);
        // Paid at Stripe, webhooks held, budget spent: the stored state, no Stripe call.
        const over = await call('GET', `/billing/checkout/${id}`, undefined, user.headers);
        expect(over.status).toBe(200);
        expect(over.json.status).toBe('open');
      } finally {
        fake.webhooks.release();
      }
      await fake.webhooks.idle();
      expect((await call('GET', `/billing/checkout/${id}`, undefined, user.headers)).json.status).toBe('completed');
    });
  });
}

describe('GET /billing/prices: cached, the last good prices while Stripe fails, bounded staleness', () => {
  let internet: TestInternet;
  let fake: FakeStripe;
  let stack: Stack;
  let clock = Date.now();

  beforeAll(async () => {
    internet = await startTestInternet({ sites: 1 });
    fake = await startFakeStripe({ prices: { monthly: 1700, trialFee: 299, plus: 2999 } });
    stack = await startStack(MODES[0]!, {
      createEngine: internet.createEngine(),
      env: { ...fake.settings },
      now: () => new Date(clock),
    });
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
    await internet?.close();
  });

  it('serves the last good amounts when Stripe fails, the defaults after a day', async () => {
    const call = injectClient(stack.app);
    const amounts = async () => {
      const answers = await Promise.all(Array.from({ length: 30 }, () => call('GET', '/billing/prices')));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      return answers[0]!.json.amounts.monthly.amount as number;
    };
    expect(await amounts()).toBe(1700);
    fake.outage(true);
    clock += 11 * 60_000;
    expect(await amounts()).toBe(1700);
    clock += 2 * 3600_000;
    expect(await amounts()).toBe(1700);
    clock += 24 * 3600_000;
    expect(await amounts()).toBe(1500); // too old: the spec's amounts
    fake.outage(false);
    clock += 2 * 60_000;
    expect(await amounts()).toBe(1700);
  });
});
