/**
 * Issue 27 items 1, 2 and 7 through the testkit's fake Stripe and its clock (real SDK over sockets,
 * webhooks delivered to the listening server, mail through the outbox into the SMTP sink), both stacks:
 * Email Plus as a monthly subscription beside the plan (a renewal opens a new order on the current
 * target; cancelling stops renewals), receipts and order mails, the trial reminder and the failed renewal
 * mail — each once, with every webhook delivered twice and a processed event replayed.
 */
import { BILLING_MESSAGES, EMAIL_SEARCH_MESSAGES } from '@hound/contracts';
import { type FakeStripe, type SmtpSink, startFakeStripe, startSmtpSink } from '@hound/testkit';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  billingAccounts,
  emailPlusOrders,
  emailPlusSubscriptions,
  stripeEvents,
  users,
} from '../src/db/schema/index.ts';
import { remindEndingTrials } from '../src/features/billing/billing-notices.ts';
import { createLogger } from '../src/logger.ts';
import { day } from '../src/mail/templates/billing-mails.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, injectClient, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';
import { stripeClientFor } from './support/stripe.ts';

const DAY = 86_400;
const ADMIN_MAIL = 'boss@example.com';
const PURPOSE = 'Checking a landlord before signing a lease';

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`Email Plus subscription, receipts and billing mails (${mode.name})`, () => {
    let internet: TestInternet;
    let fake: FakeStripe;
    let sink: SmtpSink;
    let stack: Stack;
    let call: Call;
    let admin: TestUser;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 2 });
      fake = await startFakeStripe({ retryDelaysMs: [50, 100, 200] });
      sink = await startSmtpSink();
      stack = await startStack(mode, {
        createEngine: internet.createEngine(),
        env: {
          ...fake.settings,
          SMTP_URL: sink.url,
          BRAND_NAME: 'Hound',
          PUBLIC_URL: 'http://hound.test',
          ADMIN_EMAILS: ADMIN_MAIL,
          PLAN_MONTHLY_CREDITS: '10',
          TRIAL_CREDITS: '3',
          BILLING_USER_CALLS_PER_MINUTE: '100',
        },
      });
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      fake.setWebhookUrl(`http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}/billing/webhook`);
      call = injectClient(stack.app, '192.0.2.31');
      admin = await createTestUser(stack.services.db.db, { isAdmin: true });
    });
    afterAll(async () => {
      await stack?.close();
      await fake?.close();
      await sink?.close();
      await internet?.close();
    });
    beforeEach(() => fake.webhooks.duplicate(true));

    const db = () => stack.services.db.db;
    const sessionIdOf = (url: string) => url.split('/').pop()!;
    const customerOf = async (user: TestUser) =>
      (await db().select().from(billingAccounts).where(eq(billingAccounts.userId, user.id)))[0]!.customerId;
    const mailsTo = (to: string, subject: RegExp) =>
      sink.mails().filter((m) => m.to.includes(to) && subject.test(m.subject));
    /** Lets every webhook (each sent twice) and the outbox settle, then a little more for a stray second mail. */
    async function settle() {
      await fake.webhooks.idle();
      await new Promise((r) => setTimeout(r, 400));
    }

    async function subscribePlus(user: TestUser, target: string): Promise<string> {
      const lead = await call(
        'POST',
        '/api/email/plus/lead',
        { email: target, purpose: PURPOSE, accept_terms: true },
        { ...user.headers, 'x-user-email': user.email },
      );
      expect(lead.status, lead.text).toBe(200);
      const checkout = await call(
        'POST',
        '/billing/checkout',
        { price_id: fake.prices.plusMonthly, mode: 'subscription', meta: { lead_id: lead.json.lead_id } },
        user.headers,
      );
      expect(checkout.status, checkout.text).toBe(200);
      await fake.completeCheckout(sessionIdOf(checkout.json.url));
      await settle();
      return lead.json.lead_id;
    }

    async function subscribePlan(user: TestUser, kind: 'monthly' | 'trial') {
      const checkout = await call(
        'POST',
        '/billing/checkout',
        { price_id: kind === 'monthly' ? fake.prices.monthly : fake.prices.trialFee, mode: 'subscription' },
        user.headers,
      );
      expect(checkout.status, checkout.text).toBe(200);
      await fake.completeCheckout(sessionIdOf(checkout.json.url));
      await settle();
    }

    /** Posts a processed event again, as Stripe would after a crash before the mark (the keys must hold). */
    async function replay(type: string, objectId: string) {
      const event = fake.events().findLast((e) => e.type === type && (e.data.object as { id: string }).id === objectId);
      expect(event, `${type} ${objectId}`).toBeDefined();
      await db().delete(stripeEvents).where(eq(stripeEvents.id, event!.id));
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
      const answer = await stack.app.inject({
        method: 'POST',
        url: '/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }

    it('keeps the subscription routes from anonymous callers (401) and other users (404)', async () => {
      const owner = await createTestUser(db());
      const other = await createTestUser(db());
      await subscribePlus(owner, 'owned.target@example.org');
      const [sub] = (await call('GET', '/me/email-plus/subscriptions', undefined, owner.headers)).json.items;
      const [order] = (await call('GET', '/me/email-plus/orders', undefined, owner.headers)).json.items;
      for (const [method, url, body] of [
        ['GET', '/me/email-plus/subscriptions'],
        ['PATCH', `/me/email-plus/subscriptions/${sub.id}`, { email: 'x@example.org' }],
        ['POST', `/me/email-plus/subscriptions/${sub.id}/cancel`],
        ['GET', `/me/email-plus/orders/${order.id}`],
      ] as const) {
        expect((await call(method, url, body)).status, `${method} ${url}`).toBe(401);
      }
      expect((await call('GET', '/me/email-plus/subscriptions', undefined, other.headers)).json.items).toEqual([]);
      const patch = await call(
        'PATCH',
        `/me/email-plus/subscriptions/${sub.id}`,
        { email: 'x@example.org' },
        other.headers,
      );
      expect(patch.status).toBe(404);
      expect(
        (await call('POST', `/me/email-plus/subscriptions/${sub.id}/cancel`, undefined, other.headers)).status,
      ).toBe(404);
      expect((await call('GET', `/me/email-plus/orders/${order.id}`, undefined, other.headers)).status).toBe(404);
      // Still the owner's, unchanged, renewing.
      const [after] = (await call('GET', '/me/email-plus/subscriptions', undefined, owner.headers)).json.items;
      expect(after).toMatchObject({ target_email: 'owned.target@example.org', cancel_at_period_end: false });
    });

    it('an admin gets 404 for another user’s subscription and order through the /me routes, and changes nothing', async () => {
      const owner = await createTestUser(db());
      await subscribePlus(owner, 'admin.probe.target@example.org');
      const [sub] = (await call('GET', '/me/email-plus/subscriptions', undefined, owner.headers)).json.items;
      const [order] = (await call('GET', '/me/email-plus/orders', undefined, owner.headers)).json.items;
      // The /me routes are the caller's own: being an admin reaches no one else's here.
      expect((await call('GET', '/me/email-plus/subscriptions', undefined, admin.headers)).json.items).toEqual([]);
      for (const [method, url, body] of [
        ['PATCH', `/me/email-plus/subscriptions/${sub.id}`, { email: 'admin.choice@example.org' }],
        ['POST', `/me/email-plus/subscriptions/${sub.id}/cancel`],
        ['GET', `/me/email-plus/orders/${order.id}`],
      ] as const) {
        const answer = await call(method, url, body, admin.headers);
        expect(answer.status, `${method} ${url}`).toBe(404);
        expect(answer.json.code).toBe('NOT_FOUND');
      }
      const [row] = await db().select().from(emailPlusSubscriptions).where(eq(emailPlusSubscriptions.id, sub.id));
      expect(row).toMatchObject({ targetEmail: 'admin.probe.target@example.org', cancelAtPeriodEnd: false });
      const [after] = (await call('GET', '/me/email-plus/subscriptions', undefined, owner.headers)).json.items;
      expect(after).toMatchObject({ target_email: 'admin.probe.target@example.org', cancel_at_period_end: false });
      // Stripe was not asked to stop it either.
      const stripeSub = await stripeClientFor(fake).subscriptions.retrieve(sub.id);
      expect(stripeSub.cancel_at_period_end).toBe(false);
    });

    it('a paid month opens one order with a receipt and mails; a renewal opens a fresh order on the changed target; cancel stops renewals; the plan is separate', async () => {
      const user = await createTestUser(db());
      await subscribePlan(user, 'monthly');
      const planReceipts = mailsTo(user.email, /receipt/);
      expect(planReceipts).toHaveLength(1);
      expect(planReceipts[0]!.text).toContain('£15.00');
      expect(planReceipts[0]!.text).toContain('Hound Premium (monthly)');

      const leadId = await subscribePlus(user, 'first.target@example.org');
      const [first] = await db().select().from(emailPlusOrders).where(eq(emailPlusOrders.id, leadId));
      expect(first).toMatchObject({ status: 'paid', amount: 2499, subscriptionId: expect.stringMatching(/^sub_/) });
      expect((await db().select().from(users).where(eq(users.id, user.id)))[0]).toMatchObject({ plan: 'premium' });

      // Once each, although every webhook came twice: receipt, "order received", the admins' notice.
      const receipts = mailsTo(user.email, /receipt/);
      expect(receipts).toHaveLength(2);
      expect(receipts[1]!.text).toContain('£24.99');
      expect(receipts[1]!.text).toContain('Email Plus report (monthly)');
      expect(receipts[1]!.text).toMatch(/renews on/);
      expect(receipts[1]!.text).toContain(`${fake.url}/invoices/`);
      const received = mailsTo(user.email, /We received your Email Plus order/);
      expect(received).toHaveLength(1);
      expect(received[0]!.text).toContain('first.target@example.org');
      expect(received[0]!.text).toContain(leadId);
      const adminMails = mailsTo(ADMIN_MAIL, /New paid Email Plus order/);
      expect(adminMails.filter((m) => m.subject.includes(leadId))).toHaveLength(1);

      // Billing: both payments as invoices with a link; the portal can be opened.
      const invoices = (await call('GET', '/billing/invoices', undefined, user.headers)).json.items;
      expect(invoices.map((i: { amount: number }) => i.amount).sort()).toEqual([1500, 2499]);
      for (const invoice of invoices) expect(invoice.url).toMatch(/\/invoices\/in_/);
      expect((await call('GET', '/billing/subscription', undefined, user.headers)).json).toMatchObject({
        has_customer: true,
        status: 'active',
      });
      expect((await call('GET', '/billing/portal', undefined, user.headers)).status).toBe(200);

      // The subscription and its next renewal; a change of target is validated, then kept for the next period.
      const [sub] = (await call('GET', '/me/email-plus/subscriptions', undefined, user.headers)).json.items;
      expect(sub).toMatchObject({
        target_email: 'first.target@example.org',
        status: 'active',
        cancel_at_period_end: false,
      });
      expect(new Date(sub.period_end).getTime() / 1000).toBeCloseTo(fake.now() + 30 * DAY, -3);
      const bad = await call(
        'PATCH',
        `/me/email-plus/subscriptions/${sub.id}`,
        { email: 'not-an-email' },
        user.headers,
      );
      expect(bad.status).toBe(422);
      expect(bad.json.detail).toBe(EMAIL_SEARCH_MESSAGES.malformed);
      const changed = await call(
        'PATCH',
        `/me/email-plus/subscriptions/${sub.id}`,
        { email: 'Second.Target@example.org' },
        user.headers,
      );
      expect(changed.status, changed.text).toBe(200);
      expect(changed.json.target_email).toBe('second.target@example.org');

      // A month later: the renewal opens a new order on the new target (the first keeps its own).
      const mailsBefore = sink.mails().length;
      fake.advanceClock(30 * DAY + 60);
      await settle();
      const orders = (await call('GET', '/me/email-plus/orders', undefined, user.headers)).json.items;
      expect(orders).toHaveLength(2);
      expect(orders[0]).toMatchObject({
        target_email: 'second.target@example.org',
        status: 'paid',
        subscription_id: sub.id,
      });
      expect(orders[1]).toMatchObject({ id: leadId, target_email: 'first.target@example.org' });
      const renewalId = orders[0].id as string;
      const afterRenewal = sink.mails().slice(mailsBefore);
      // Plan and Email Plus both renewed: two receipts, one order mail, one admin notice.
      expect(afterRenewal.filter((m) => m.to.includes(user.email) && /receipt/.test(m.subject))).toHaveLength(2);
      expect(
        afterRenewal.filter((m) => m.to.includes(user.email) && /We received your Email Plus order/.test(m.subject)),
      ).toHaveLength(1);
      expect(afterRenewal.filter((m) => m.to.includes(ADMIN_MAIL) && m.subject.includes(renewalId))).toHaveLength(1);
      expect(afterRenewal.find((m) => m.to.includes(ADMIN_MAIL) && m.subject.includes(renewalId))!.text).toContain(
        'renewal',
      );

      // A processed invoice.paid replayed (its event mark lost): still one order, no mail.
      const renewalInvoice = (await db().select().from(emailPlusOrders).where(eq(emailPlusOrders.id, renewalId)))[0]!
        .invoiceId!;
      const count = sink.mails().length;
      await replay('invoice.paid', renewalInvoice);
      await settle();
      expect((await call('GET', '/me/email-plus/orders', undefined, user.headers)).json.items).toHaveLength(2);
      expect(
        sink
          .mails()
          .slice(count)
          .filter((m) => m.to.includes(user.email) || m.to.includes(ADMIN_MAIL)),
      ).toEqual([]);

      // Cancel: renewals stop at the period's end; the plan goes on.
      const cancelled = await call('POST', `/me/email-plus/subscriptions/${sub.id}/cancel`, undefined, user.headers);
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.json.cancel_at_period_end).toBe(true);
      const late = await call(
        'PATCH',
        `/me/email-plus/subscriptions/${sub.id}`,
        { email: 'third@example.org' },
        user.headers,
      );
      expect(late.status).toBe(409);
      expect(late.json.detail).toBe(BILLING_MESSAGES.subscriptionEnded);
      fake.advanceClock(31 * DAY);
      await settle();
      expect((await call('GET', '/me/email-plus/orders', undefined, user.headers)).json.items).toHaveLength(2);
      const [ended] = (await call('GET', '/me/email-plus/subscriptions', undefined, user.headers)).json.items;
      expect(ended.status).toBe('canceled');
      expect((await db().select().from(users).where(eq(users.id, user.id)))[0]).toMatchObject({ plan: 'premium' });
      const customer = await customerOf(user);
      const live = fake.subscriptions().filter((s) => s.customer === customer && s.status === 'active');
      expect(live.map((s) => s.items.data[0]!.price.id)).toEqual([fake.prices.monthly]);
    });

    it('a delivered report can be reopened by its customer; an undelivered one says so', async () => {
      const user = await createTestUser(db());
      const orderId = await subscribePlus(user, 'report.target@example.org');
      const early = await call('GET', `/me/email-plus/orders/${orderId}`, undefined, user.headers);
      expect(early.status).toBe(409);
      expect(early.json.detail).toBe(BILLING_MESSAGES.orderNotDelivered);
      const report = { full_name: 'Report Person', home_address: '1 High Street', notes: 'Seen in 2019.' };
      expect((await call('PUT', `/admin/email-plus/orders/${orderId}/report`, report, admin.headers)).status).toBe(200);
      const before = sink.mails().length;
      expect((await call('POST', `/admin/email-plus/orders/${orderId}/deliver`, undefined, admin.headers)).status).toBe(
        200,
      );
      const delivered = await sink.waitForMail({ to: user.email, subject: 'Email Plus report', after: before });
      expect(delivered.text).toContain(`http://hound.test/dashboard/orders/${orderId}`);
      const reopened = await call('GET', `/me/email-plus/orders/${orderId}`, undefined, user.headers);
      expect(reopened.status, reopened.text).toBe(200);
      expect(reopened.json).toMatchObject({
        id: orderId,
        status: 'delivered',
        target_email: 'report.target@example.org',
        report: { full_name: 'Report Person', home_address: '1 High Street', notes: 'Seen in 2019.' },
      });
    });

    /** The background pass's trial reminder step, on the fake Stripe's clock. */
    async function remindTrials() {
      const mailed = await remindEndingTrials({
        db: db(),
        log: createLogger('silent'),
        mailer: stack.services.mailer,
        now: () => new Date(fake.now() * 1000),
        stripe: { client: stripeClientFor(fake) },
        options: { brand: 'Hound', publicUrl: 'http://hound.test' },
      });
      await settle();
      return mailed;
    }

    it('mails the trial reminder two days before the trial converts (amount, date, how to cancel) and each failed renewal once, in the user’s language', async () => {
      const user = await createTestUser(db());
      await db().update(users).set({ language: 'tr' }).where(eq(users.id, user.id));
      const english = await createTestUser(db());
      const leaving = await createTestUser(db());
      const gone = await createTestUser(db());
      for (const u of [user, english, leaving, gone]) await subscribePlan(u, 'trial');
      const customers = new Map<TestUser, string>();
      for (const u of [user, english, leaving, gone]) customers.set(u, await customerOf(u));
      const subscriptionOf = (u: TestUser) => fake.subscriptions().find((s) => s.customer === customers.get(u))!;
      const reminded = (u: TestUser) => mailsTo(u.email, /Your Hound trial ends on|denemeniz .* bitiyor/);

      // Stripe's trial_will_end comes three days before the trial ends (day 4 of 7): no reminder yet, even
      // after the background pass.
      fake.advanceClock(4 * DAY + 60);
      await settle();
      expect(await remindTrials()).toBe(0);
      for (const u of [user, english, leaving, gone]) expect(reminded(u)).toEqual([]);

      // One trial is cancelled at period end (as from the portal), another ended now: neither is reminded.
      const sdk = stripeClientFor(fake);
      await sdk.subscriptions.update(subscriptionOf(leaving).id, { cancel_at_period_end: true });
      await sdk.subscriptions.cancel(subscriptionOf(gone).id);
      await settle();

      // Two days before: the pass mails each converting trial once.
      fake.advanceClock(DAY);
      await settle();
      expect(await remindTrials()).toBe(2);
      // The outbox sends after the pass's commit: wait for both mails to reach the sink, however busy the machine.
      await waitFor(async () => (reminded(user).length > 0 && reminded(english).length > 0 ? true : undefined));
      await settle();
      const reminders = reminded(user);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.text).toContain('15,00');
      expect(reminders[0]!.text).toContain('Aboneliği Yönet');
      const englishReminder = reminded(english);
      expect(englishReminder).toHaveLength(1);
      expect(englishReminder[0]!.subject).toBe(
        `Your Hound trial ends on ${day(subscriptionOf(english).trial_end!, 'en')}`,
      );
      expect(englishReminder[0]!.text).toContain('£15.00');
      expect(englishReminder[0]!.text).toMatch(/Cancel before .* under Billing → Manage Subscription/);
      expect(englishReminder[0]!.text).toContain('http://hound.test/dashboard/billing');
      expect(reminded(leaving)).toEqual([]);
      expect(reminded(gone)).toEqual([]);

      // Again: the pass, a later pass, and Stripe's trial_will_end replayed send nothing more.
      expect(await remindTrials()).toBe(0);
      fake.advanceClock(DAY / 2);
      await settle();
      expect(await remindTrials()).toBe(0);
      await replay('customer.subscription.trial_will_end', subscriptionOf(english).id);
      await settle();
      for (const u of [user, english]) expect(reminded(u)).toHaveLength(1);
      expect(reminded(leaving)).toEqual([]);
      expect(reminded(gone)).toEqual([]);

      // The card fails at conversion: one mail per failed attempt, saying when it is tried again.
      const englishCustomer = await customerOf(english);
      fake.failPaymentsFor(englishCustomer, true);
      const before = sink.mails().length;
      fake.advanceClock(DAY * 1.5);
      const since = (to: string, subject: RegExp) =>
        sink
          .mails()
          .slice(before)
          .filter((m) => m.to.includes(to) && subject.test(m.subject));
      await waitFor(async () =>
        since(english.email, /payment failed/).length > 0 && since(user.email, /makbuz/).length > 0 ? true : undefined,
      );
      await settle();
      const failed = sink
        .mails()
        .slice(before)
        .filter((m) => m.to.includes(english.email) && /payment failed/.test(m.subject));
      expect(failed).toHaveLength(1);
      expect(failed[0]!.text).toContain('We could not charge £15.00 for Hound Premium (monthly).');
      expect(failed[0]!.text).toMatch(/We will try again on/);
      expect(failed[0]!.text).toContain('http://hound.test/dashboard/billing');
      // The Turkish user's card worked: a receipt, no failure mail.
      expect(
        sink
          .mails()
          .slice(before)
          .filter((m) => m.to.includes(user.email) && /makbuz/.test(m.subject)),
      ).toHaveLength(1);
      expect(
        sink
          .mails()
          .slice(before)
          .filter((m) => m.to.includes(user.email) && /alınamadı/.test(m.subject)),
      ).toHaveLength(0);

      // The failed invoice's event replayed after its mark was lost: no second mail for the same attempt.
      const invoice = fake.invoices().find((i) => i.customer === englishCustomer && i.status === 'open')!;
      const count = sink.mails().length;
      await replay('invoice.payment_failed', invoice.id);
      await settle();
      expect(
        sink
          .mails()
          .slice(count)
          .filter((m) => m.to.includes(english.email)),
      ).toEqual([]);
    });
  });
}
