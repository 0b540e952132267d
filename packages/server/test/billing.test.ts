/**
 * Billing against the testkit's fake Stripe, spoken to by the real `stripe` SDK over sockets, with
 * webhooks delivered by the fake to the listening server: plans and credits change exactly once per
 * payment whatever order, delay or duplication the events come in. On both stacks.
 */
import { ADMIN_MESSAGES, BILLING_MESSAGES, DEFAULT_AMOUNTS, EMAIL_SEARCH_MESSAGES } from '@hound/contracts';
import type { FakeStripe } from '@hound/testkit';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingAccounts, creditLedger, emailPlusOrders, stripeEvents, users } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type BillingStack, startBillingStack } from './support/billing-stack.ts';
import { type Call, injectClient } from './support/http-client.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const DAY = 86_400;

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`billing (${mode.name})`, () => {
    let billing: BillingStack;
    let fake: FakeStripe;
    let stack: Stack;
    let off: Stack;
    let call: Call;
    let sdk: Stripe;

    beforeAll(async () => {
      billing = await startBillingStack(mode, { ip: '192.0.2.20' });
      ({ fake, stack, call, sdk } = billing);
      off = await startStack(MODES[0]!, { createEngine: billing.internet.createEngine() });
    });
    afterAll(async () => {
      await off?.close();
      await billing?.close();
    });
    beforeEach(() => {
      fake.webhooks.duplicate(false);
      fake.webhooks.delay(0);
    });

    const db = () => stack.services.db.db;
    const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
    const allowanceEntries = async (id: string) =>
      db()
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, id), eq(creditLedger.kind, 'plan_allowance')));

    async function checkout(user: TestUser, kind: 'monthly' | 'trial') {
      const prices = (await call('GET', '/billing/prices')).json;
      const answer = await call(
        'POST',
        '/billing/checkout',
        { price_id: kind === 'monthly' ? prices.monthly : prices.trial, mode: 'subscription' },
        user.headers,
      );
      expect(answer.status, answer.text).toBe(200);
      return answer.json.url as string;
    }
    const sessionIdOf = (url: string) => url.split('/').pop()!;

    async function pay(user: TestUser, kind: 'monthly' | 'trial') {
      const url = await checkout(user, kind);
      await fake.completeCheckout(sessionIdOf(url));
      await fake.webhooks.idle();
      return sessionIdOf(url);
    }

    it('refuses the account routes without a session (401)', async () => {
      for (const [method, url, body] of [
        ['POST', '/billing/checkout', { price_id: 'x', mode: 'payment' }],
        ['GET', '/billing/portal'],
        ['GET', '/billing/invoices'],
        ['GET', '/billing/subscription'],
        ['GET', '/billing/checkout/cs_x'],
        ['POST', '/api/email/plus/lead', { email: 'a@b.co' }],
        ['GET', '/me/email-plus/orders'],
      ] as const) {
        expect((await call(method, url, body)).status, `${method} ${url}`).toBe(401);
      }
    });

    it('without a Stripe key: prices say payments are off, checkout answers the clear 503, the rest works', async () => {
      const offCall = injectClient(off.app);
      const prices = await offCall('GET', '/billing/prices');
      expect(prices.json).toMatchObject({ payments_enabled: false, monthly: null, trial: null, plus: null });
      expect(prices.json.amounts).toEqual(DEFAULT_AMOUNTS);
      const user = await createTestUser(off.services.db.db);
      const answer = await offCall(
        'POST',
        '/billing/checkout',
        { price_id: 'price_x', mode: 'subscription' },
        user.headers,
      );
      expect(answer.status).toBe(503);
      expect(answer.json.detail).toBe(BILLING_MESSAGES.paymentsOff);
      expect((await offCall('GET', '/billing/invoices', undefined, user.headers)).json).toEqual({ items: [] });
      expect((await offCall('GET', '/billing/portal', undefined, user.headers)).status).toBe(503);
    });

    it('shows the prices Stripe charges', async () => {
      const prices = (await call('GET', '/billing/prices')).json;
      expect(prices).toMatchObject({
        payments_enabled: true,
        monthly: fake.prices.monthly,
        trial: fake.prices.trialFee,
        plus: fake.prices.plusMonthly,
        amounts: { monthly: { amount: 1500, currency: 'gbp' }, trial: { amount: 199, currency: 'gbp' } },
        monthly_credits: 10,
        trial_credits: 3,
      });
    });

    it('refuses a price that is not ours, a price in the wrong mode, and creates one customer per user', async () => {
      const user = await createTestUser(db());
      const foreign = await call(
        'POST',
        '/billing/checkout',
        { price_id: 'price_other', mode: 'subscription' },
        user.headers,
      );
      expect(foreign.status).toBe(400);
      expect(foreign.json.detail).toBe(BILLING_MESSAGES.unknownPrice);
      const wrongMode = await call(
        'POST',
        '/billing/checkout',
        { price_id: fake.prices.monthly, mode: 'payment' },
        user.headers,
      );
      expect(wrongMode.status).toBe(400);
      expect(wrongMode.json.detail).toBe(BILLING_MESSAGES.modeMismatch);
      // Two at once: one session (the other request waits its turn with a 409, or gets the same page).
      const body = { price_id: fake.prices.monthly, mode: 'subscription' };
      const both = await Promise.all([1, 2].map(() => call('POST', '/billing/checkout', body, user.headers)));
      expect(both.map((a) => a.status).every((s) => s === 200 || s === 409)).toBe(true);
      expect(new Set(both.filter((a) => a.status === 200).map((a) => a.json.url)).size).toBe(1);
      expect((await call('POST', '/billing/checkout', body, user.headers)).json.url).toBe(
        both.find((a) => a.status === 200)!.json.url,
      );
      expect(fake.customers().filter((c) => c.metadata.user_id === user.id)).toHaveLength(1);
      expect(await db().select().from(billingAccounts).where(eq(billingAccounts.userId, user.id))).toHaveLength(1);
    });

    it('trial: checkout paid → trial plan and the trial credits once, even with every event delivered twice', async () => {
      fake.webhooks.duplicate(true);
      const user = await createTestUser(db());
      const sessionId = await pay(user, 'trial');
      expect(await userRow(user.id)).toMatchObject({ plan: 'trial', planSource: 'stripe', emailSearchCredits: 3 });
      expect(await allowanceEntries(user.id)).toHaveLength(1);
      const status = await call('GET', `/billing/checkout/${sessionId}`, undefined, user.headers);
      expect(status.json).toEqual({ status: 'completed', kind: 'trial', plan: 'trial', email_search_credits: 3 });
      const invoices = (await call('GET', '/billing/invoices', undefined, user.headers)).json.items;
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ amount: 199, currency: 'gbp', status: 'paid' });
      expect(fake.webhooks.deliveries().filter((d) => d.status === 200).length).toBeGreaterThan(
        new Set(fake.webhooks.deliveries().map((d) => d.eventId)).size,
      );
      // The trial is offered once, and a live subscription cannot be bought twice.
      const again = await call(
        'POST',
        '/billing/checkout',
        { price_id: fake.prices.trialFee, mode: 'subscription' },
        user.headers,
      );
      expect(again.status).toBe(409);

      // Seven days on: the first full month is charged → premium and the monthly credits, once.
      fake.advanceClock(7 * DAY + 60);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'premium', emailSearchCredits: 13 });
      // A renewal a month later: +10 once.
      fake.advanceClock(31 * DAY);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'premium', emailSearchCredits: 23 });
      expect(await allowanceEntries(user.id)).toHaveLength(3);
      const other = await createTestUser(db());
      expect((await call('GET', `/billing/checkout/${sessionId}`, undefined, other.headers)).status).toBe(404);
    });

    it('events held and released in reverse order reach the same state as in order', async () => {
      const user = await createTestUser(db());
      fake.webhooks.hold();
      const url = await checkout(user, 'trial');
      await fake.completeCheckout(sessionIdOf(url));
      expect(await userRow(user.id)).toMatchObject({ plan: 'free', emailSearchCredits: 0 });
      fake.webhooks.release('reverse');
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'trial', emailSearchCredits: 3 });
      expect(await allowanceEntries(user.id)).toHaveLength(1);
    });

    it('the return page settles a paid checkout itself when its webhooks are late, and the webhooks then change nothing', async () => {
      const user = await createTestUser(db());
      fake.webhooks.hold();
      const url = await checkout(user, 'trial');
      const status = () => call('GET', `/billing/checkout/${sessionIdOf(url)}`, undefined, user.headers);
      expect((await status()).json.status).toBe('open');
      await fake.completeCheckout(sessionIdOf(url));
      expect((await status()).json).toEqual({
        status: 'completed',
        kind: 'trial',
        plan: 'trial',
        email_search_credits: 3,
      });
      fake.webhooks.release();
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'trial', emailSearchCredits: 3 });
      expect(await allowanceEntries(user.id)).toHaveLength(1);
    });

    it('monthly: premium at once; the trial user upgrading is charged now and becomes premium', async () => {
      const monthly = await createTestUser(db());
      await pay(monthly, 'monthly');
      expect(await userRow(monthly.id)).toMatchObject({ plan: 'premium', emailSearchCredits: 10 });

      const trial = await createTestUser(db());
      await pay(trial, 'trial');
      const url = await checkout(trial, 'monthly');
      expect(url).toMatch(/^http:\/\/hound\.test\/account\/billing\?status=success&session_id=upgrade/);
      await fake.webhooks.idle();
      expect(await userRow(trial.id)).toMatchObject({ plan: 'premium', emailSearchCredits: 13 });
      const status = await call(
        'GET',
        `/billing/checkout/${new URL(url).searchParams.get('session_id')}`,
        undefined,
        trial.headers,
      );
      expect(status.json).toMatchObject({ status: 'completed', kind: 'upgrade', plan: 'premium' });
    });

    it('a trial upgrade on a card that now declines changes nothing and says so (issue 27 item 3)', async () => {
      const trial = await createTestUser(db());
      await pay(trial, 'trial');
      const before = await userRow(trial.id);
      expect(before).toMatchObject({ plan: 'trial', emailSearchCredits: 3 });
      const account = (await db().select().from(billingAccounts).where(eq(billingAccounts.userId, trial.id)))[0]!;
      const invoicesBefore = (await sdk.invoices.list({ customer: account.customerId })).data.length;
      fake.failPaymentsFor(account.customerId, true);
      const prices = (await call('GET', '/billing/prices')).json;
      const declined = await call(
        'POST',
        '/billing/checkout',
        { price_id: prices.monthly, mode: 'subscription' },
        trial.headers,
      );
      expect(declined.status).toBe(402);
      expect(declined.json).toEqual({ code: 'PAYMENT_DECLINED', detail: BILLING_MESSAGES.upgradeDeclined });
      await fake.webhooks.idle();
      expect(await userRow(trial.id)).toMatchObject({ plan: 'trial', emailSearchCredits: 3 });
      const subscription = await sdk.subscriptions.retrieve(account.subscriptionId!);
      expect(subscription.status).toBe('trialing');
      expect((await sdk.invoices.list({ customer: account.customerId })).data).toHaveLength(invoicesBefore);
      expect((await call('GET', '/billing/subscription', undefined, trial.headers)).json.status).toBe('trialing');
      // The card works again: the same button upgrades, once.
      fake.failPaymentsFor(account.customerId, false);
      await checkout(trial, 'monthly');
      await fake.webhooks.idle();
      expect(await userRow(trial.id)).toMatchObject({ plan: 'premium', emailSearchCredits: 13 });
    });

    it('Pay Monthly Now with the declining card leaves a free user free (issue 27 item 3)', async () => {
      const user = await createTestUser(db());
      const url = await checkout(user, 'monthly');
      const paid = await fake.completeCheckout(sessionIdOf(url), '4000000000000002');
      expect(paid).toMatchObject({ outcome: 'declined' });
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'free', emailSearchCredits: 0 });
      expect((await call('GET', '/billing/subscription', undefined, user.headers)).json.status).toBeNull();
    });

    it('cancel in the portal: premium until the period ends, then free', async () => {
      const user = await createTestUser(db());
      await pay(user, 'monthly');
      const portal = await call('GET', '/billing/portal', undefined, user.headers);
      expect(portal.status).toBe(200);
      expect(portal.json.url).toMatch(new RegExp(`^${fake.url}/portal/`));
      const account = (await db().select().from(billingAccounts).where(eq(billingAccounts.userId, user.id)))[0]!;
      await sdk.subscriptions.update(account.subscriptionId!, { cancel_at_period_end: true });
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'premium' });
      expect((await call('GET', '/billing/subscription', undefined, user.headers)).json).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
      });
      fake.advanceClock(31 * DAY);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'free', emailSearchCredits: 10 });
    });

    it('a failed renewal keeps the plan through the retries, then free; no credits for unpaid invoices', async () => {
      const user = await createTestUser(db());
      await pay(user, 'monthly');
      const account = (await db().select().from(billingAccounts).where(eq(billingAccounts.userId, user.id)))[0]!;
      fake.failPaymentsFor(account.customerId, true);
      fake.advanceClock(31 * DAY);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'premium', emailSearchCredits: 10 });
      expect((await call('GET', '/billing/subscription', undefined, user.headers)).json.status).toBe('past_due');
      fake.advanceClock(10 * DAY);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'free', emailSearchCredits: 10 });
    });

    it("an admin's manual plan stays until Stripe's state changes", async () => {
      const user = await createTestUser(db());
      await pay(user, 'monthly');
      await db().update(users).set({ plan: 'free', planSource: 'admin' }).where(eq(users.id, user.id));
      const account = (await db().select().from(billingAccounts).where(eq(billingAccounts.userId, user.id)))[0]!;
      await sdk.subscriptions.update(account.subscriptionId!, { metadata: { note: 'touched' } });
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'free', planSource: 'admin' });
      await sdk.subscriptions.cancel(account.subscriptionId!);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'free', planSource: 'stripe' });
    });

    it("refuses an admin's plan change for a paying customer; a hand-set plan grants its credits once (issue 27 items 5, 15)", async () => {
      const admin = await createTestUser(db(), { isAdmin: true });
      const payer = await createTestUser(db());
      await pay(payer, 'monthly');
      const setPlan = (email: string, plan: string) =>
        call('POST', '/admin/users/update-plan', { email, plan }, admin.headers);
      for (const plan of ['trial', 'free', 'premium']) {
        const refused = await setPlan(payer.email, plan);
        expect(refused.status, plan).toBe(409);
        expect(refused.json).toEqual({ code: 'ADMIN_PLAN_FROM_STRIPE', detail: ADMIN_MESSAGES.planPaidThroughStripe });
      }
      expect(await userRow(payer.id)).toMatchObject({ plan: 'premium', planSource: 'stripe', emailSearchCredits: 10 });
      const listed = await call(
        'GET',
        `/admin/users/summary?q=${encodeURIComponent(payer.email)}`,
        undefined,
        admin.headers,
      );
      expect(listed.json.items[0]).toMatchObject({ plan: 'premium', subscription_status: 'active' });
      // Once the subscription has ended, the plan is the admin's to set again.
      const account = (await db().select().from(billingAccounts).where(eq(billingAccounts.userId, payer.id)))[0]!;
      await sdk.subscriptions.cancel(account.subscriptionId!);
      await fake.webhooks.idle();
      const later = await call(
        'GET',
        `/admin/users/summary?q=${encodeURIComponent(payer.email)}`,
        undefined,
        admin.headers,
      );
      expect(later.json.items[0]).toMatchObject({ plan: 'free', subscription_status: null });
      expect((await setPlan(payer.email, 'premium')).json).toMatchObject({ credits_granted: 10, credits: 20 });

      const gift = await createTestUser(db());
      const premium = await setPlan(gift.email, 'premium');
      expect(premium.json).toMatchObject({ old_plan: 'free', plan: 'premium', credits_granted: 10, credits: 10 });
      // The same plan again grants nothing; free keeps the credits; trial grants the trial's.
      expect((await setPlan(gift.email, 'premium')).json).toMatchObject({ credits_granted: 0, credits: 10 });
      expect((await setPlan(gift.email, 'free')).json).toMatchObject({ credits_granted: 0, credits: 10 });
      expect((await setPlan(gift.email, 'trial')).json).toMatchObject({ credits_granted: 3, credits: 13 });
      expect(await userRow(gift.id)).toMatchObject({ plan: 'trial', planSource: 'admin', emailSearchCredits: 13 });
      const grants = await db()
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, gift.id), eq(creditLedger.kind, 'admin_grant')));
      expect(grants.map((g) => [g.delta, g.reason, g.actorUserId])).toEqual([
        [10, ADMIN_MESSAGES.planGrantReason, admin.id],
        [3, ADMIN_MESSAGES.planGrantReason, admin.id],
      ]);
      // Nobody else may set plans: anonymous 401, a user 403 — nothing changes.
      expect((await call('POST', '/admin/users/update-plan', { email: gift.email, plan: 'premium' })).status).toBe(401);
      expect(
        (await call('POST', '/admin/users/update-plan', { email: gift.email, plan: 'premium' }, payer.headers)).status,
      ).toBe(403);
      expect(await userRow(gift.id)).toMatchObject({ plan: 'trial', emailSearchCredits: 13 });
    });

    it('a tampered signature or a stale timestamp is refused (400) and changes nothing', async () => {
      const user = await createTestUser(db());
      fake.webhooks.hold();
      const url = await checkout(user, 'monthly');
      await fake.completeCheckout(sessionIdOf(url));
      const event = fake
        .events()
        .find((e) => e.type === 'checkout.session.completed' && e.data.object.id === sessionIdOf(url))!;
      const payload = JSON.stringify(event);
      const send = (signature: string, body = payload) =>
        stack.app.inject({
          method: 'POST',
          url: '/billing/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload: body,
        });
      const secret = fake.webhookSecret;
      const good = sdk.webhooks.generateTestHeaderString({ payload, secret });
      const tampered = await send(good, payload.replace('"livemode":false', '"livemode":true'));
      expect(tampered.statusCode).toBe(400);
      const wrongKey = await send(sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
      expect(wrongKey.statusCode).toBe(400);
      const stale = await send(
        sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 600 }),
      );
      expect(stale.statusCode).toBe(400);
      expect((await send('')).statusCode).toBe(400);
      expect(await userRow(user.id)).toMatchObject({ plan: 'free', emailSearchCredits: 0 });
      expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
      // The genuine one applies; sent again it is answered as a duplicate.
      const first = await send(good);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      expect((await send(sdk.webhooks.generateTestHeaderString({ payload, secret }))).json()).toEqual({
        received: true,
        duplicate: true,
      });
      expect(await userRow(user.id)).toMatchObject({ plan: 'premium', emailSearchCredits: 10 });
      fake.webhooks.release();
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'premium', emailSearchCredits: 10 });
    });

    it('Email Plus: a lead of your own, paid once, becomes an order due in 3 business days', async () => {
      const user = await createTestUser(db());
      const other = await createTestUser(db());
      const lead = (body: unknown, who: TestUser, header = who.email) =>
        call('POST', '/api/email/plus/lead', body, { ...who.headers, 'x-user-email': header });
      const good = { email: 'target@example.com', purpose: 'Due diligence on a business partner', accept_terms: true };
      expect((await lead(good, user, other.email)).status).toBe(403);
      expect((await lead({ ...good, email: 'not-an-address' }, user)).json.detail).toBe(
        EMAIL_SEARCH_MESSAGES.malformed,
      );
      expect((await lead({ ...good, purpose: 'short' }, user)).json.detail).toBe(BILLING_MESSAGES.purposeRequired);
      expect((await lead({ ...good, accept_terms: false }, user)).json.detail).toBe(BILLING_MESSAGES.termsRequired);
      const saved = await lead(good, user);
      expect(saved.status).toBe(200);
      const leadId = saved.json.lead_id as string;

      const plus = (who: TestUser, id = leadId) =>
        call(
          'POST',
          '/billing/checkout',
          { price_id: fake.prices.plusMonthly, mode: 'subscription', meta: { lead_id: id, product: 'email_plus' } },
          who.headers,
        );
      const stolen = await plus(other);
      expect(stolen.status).toBe(403);
      expect(stolen.json.detail).toBe(BILLING_MESSAGES.leadNotYours);
      expect((await plus(user, 'missing')).status).toBe(404);
      const wrongMode = await call(
        'POST',
        '/billing/checkout',
        { price_id: fake.prices.plusMonthly, mode: 'payment' },
        user.headers,
      );
      expect(wrongMode.status).toBe(400);

      fake.webhooks.duplicate(true);
      const url = (await plus(user)).json.url as string;
      await fake.completeCheckout(sessionIdOf(url));
      await fake.webhooks.idle();
      const [order] = await db().select().from(emailPlusOrders).where(eq(emailPlusOrders.id, leadId));
      expect(order).toMatchObject({
        status: 'paid',
        amount: 2499,
        currency: 'gbp',
        subscriptionId: expect.stringMatching(/^sub_/),
        invoiceId: expect.stringMatching(/^in_/),
      });
      const dueDays = (order!.dueAt!.getTime() - order!.paidAt!.getTime()) / 86_400_000;
      expect(dueDays).toBeGreaterThanOrEqual(3);
      expect(dueDays).toBeLessThanOrEqual(5);
      const mine = (await call('GET', '/me/email-plus/orders', undefined, user.headers)).json.items;
      expect(mine).toEqual([
        expect.objectContaining({ id: leadId, status: 'paid', target_email: 'target@example.com' }),
      ]);
      expect((await call('GET', '/me/email-plus/orders', undefined, other.headers)).json.items).toEqual([]);
      expect((await plus(user)).status).toBe(409);
      expect(await userRow(user.id)).toMatchObject({ plan: 'free' });
    });

    it('a declined card changes nothing', async () => {
      const user = await createTestUser(db());
      const url = await checkout(user, 'trial');
      await fake.completeCheckout(sessionIdOf(url), '4000000000000002').catch(() => undefined);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ plan: 'free', emailSearchCredits: 0 });
      expect((await call('GET', `/billing/checkout/${sessionIdOf(url)}`, undefined, user.headers)).json.status).toBe(
        'open',
      );
    });
  });
}
