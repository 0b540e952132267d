/**
 * Issue 38, the money items, against the testkit's fake Stripe (real SDK over sockets, signed webhooks to
 * the listening server): one trial per mailbox however it is spelled and however many checkouts open at
 * once; refunds and disputes of Email Plus stop its delivery; a payment for a deleted account is refunded;
 * two tabs paying one Email Plus order end with one subscription; credit packs credit once. Both stacks.
 */
import { BILLING_MESSAGES, EMAIL_PLUS_MESSAGES } from '@hound/contracts';
import type { FakeStripe, SmtpSink } from '@hound/testkit';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingAccounts, creditLedger, emailPlusOrders, stripeCancellations, users } from '../src/db/schema/index.ts';
import { retryDueCustomerEmails } from '../src/features/billing/push-customer-email.ts';
import { createLogger } from '../src/logger.ts';
import { codeIn, createTestUser, type TestUser } from './support/accounts.ts';
import { type BillingStack, startBillingStack } from './support/billing-stack.ts';
import type { Call } from './support/http-client.ts';
import { MODES, type Stack } from './support/stacks.ts';
import { emailPlusLead, payEmailPlusLead, plusCheckout } from './support/stripe.ts';

const CALLS = 40;

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`billing, issue 38 (${mode.name})`, () => {
    let billing: BillingStack;
    let fake: FakeStripe;
    let stack: Stack;
    let call: Call;
    let sdk: Stripe;
    let sink: SmtpSink;

    beforeAll(async () => {
      billing = await startBillingStack(mode, {
        ip: '192.0.2.38',
        smtp: true,
        env: { BILLING_USER_CALLS_PER_MINUTE: String(CALLS) },
      });
      ({ fake, stack, call, sdk } = billing);
      sink = billing.sink!;
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
    const sessionIdOf = (url: string) => url.split('/').pop()!;
    const trialCheckout = (user: TestUser) =>
      call('POST', '/billing/checkout', { price_id: fake.prices.trialFee, mode: 'subscription' }, user.headers);
    const trialing = () => fake.subscriptions().filter((s) => s.status === 'trialing');
    let inbox = 0;

    // ---- item 1: one trial per person -----------------------------------------------------------------

    it('one inbox written three ways gets one trial, and a trial checkout claims it before anything is paid', async () => {
      inbox += 1;
      const [dotted, googlemail, tagged] = await Promise.all(
        [`john.doe.${inbox}@gmail.com`, `johndoe${inbox}@googlemail.com`, `J.O.H.N.Doe${inbox}+promo@Gmail.com`].map(
          (email) => createTestUser(db(), { email: email.toLowerCase() }),
        ),
      );
      const before = trialing().length;
      const first = await trialCheckout(dotted!);
      expect(first.status, first.text).toBe(200);
      // Nothing is paid yet, and still the other spellings cannot open a trial checkout.
      for (const other of [googlemail!, tagged!]) {
        const refused = await trialCheckout(other);
        expect(refused.status, other.email).toBe(409);
        expect(refused.json).toMatchObject({ code: 'BILLING_CONFLICT', detail: BILLING_MESSAGES.trialUsed });
      }
      // The first checkout expires unpaid: its claim is released, and the next spelling may take the trial.
      await sdk.checkout.sessions.expire(sessionIdOf(first.json.url));
      await fake.webhooks.idle();
      const second = await trialCheckout(googlemail!);
      expect(second.status, second.text).toBe(200);
      expect((await fake.completeCheckout(sessionIdOf(second.json.url))).outcome).toBe('paid');
      await fake.webhooks.idle();
      expect(await userRow(googlemail!.id)).toMatchObject({ plan: 'trial', emailSearchCredits: 3 });
      // Paid, the trial is taken for good: neither the other spellings nor the first account get another.
      for (const other of [dotted!, tagged!]) expect((await trialCheckout(other)).status, other.email).toBe(409);
      expect(trialing().length - before).toBe(1);
      // The monthly plan is still for sale to them.
      const monthly = await call(
        'POST',
        '/billing/checkout',
        { price_id: fake.prices.monthly, mode: 'subscription' },
        tagged!.headers,
      );
      expect(monthly.status, monthly.text).toBe(200);
    });

    it('trial checkouts opened at once on sub-addresses of one mailbox: one opens, one trial (3 rounds)', async () => {
      for (let round = 0; round < 3; round++) {
        inbox += 1;
        const people = await Promise.all(
          ['', '+2', '+3', '+shop', '+x'].map((tag) => createTestUser(db(), { email: `me${inbox}${tag}@example.net` })),
        );
        const before = trialing().length;
        const answers = await Promise.all(people.flatMap((p) => [trialCheckout(p), trialCheckout(p)]));
        const opened = answers.filter((a) => a.status === 200);
        expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
        expect(new Set(opened.map((a) => a.json.url)).size).toBe(1);
        // Pay every session Stripe has for these customers: only one exists, so one trial starts.
        for (const person of people) {
          const row = (await db().select().from(billingAccounts).where(eq(billingAccounts.userId, person.id)))[0];
          if (!row) continue;
          const sessions = await sdk.checkout.sessions.list({ customer: row.customerId, limit: 100 });
          for (const session of sessions.data) await fake.completeCheckout(session.id);
        }
        await fake.webhooks.idle();
        expect(trialing().length - before).toBe(1);
        const plans = await Promise.all(people.map(async (p) => (await userRow(p.id))!.plan));
        expect(plans.filter((p) => p === 'trial')).toHaveLength(1);
      }
    });

    // ---- item 2: refunds and disputes of Email Plus -------------------------------------------------

    let admin: TestUser;
    const control = async (path: string, body: unknown) => {
      const answer = await fetch(`${fake.url}/_fake${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status, path).toBe(200);
      return (await answer.json()) as { id: string };
    };
    async function paidOrder(user: TestUser) {
      const leadId = await payEmailPlusLead(call, fake, user);
      const [order] = await db().select().from(emailPlusOrders).where(eq(emailPlusOrders.id, leadId));
      expect(order).toMatchObject({ status: 'paid' });
      expect(order!.paymentIntentId).toMatch(/^pi_/);
      return order!;
    }
    const orderPath = (id: string) => `/admin/email-plus/orders/${id}`;
    const writeReport = async (id: string) => {
      const saved = await call(
        'PUT',
        `${orderPath(id)}/report`,
        { full_name: 'Ann Target', notes: 'Found.' },
        admin.headers,
      );
      expect(saved.status, saved.text).toBe(200);
    };
    const deliver = (id: string) => call('POST', `${orderPath(id)}/deliver`, undefined, admin.headers);
    const subscriptionStatus = (id: string | null) => fake.subscriptions().find((s) => s.id === id)?.status;
    const orderRow = async (id: string) =>
      (await db().select().from(emailPlusOrders).where(eq(emailPlusOrders.id, id)))[0]!;

    it('a refund in Stripe before delivery: the order is refunded, delivery refused (409), the subscription ended', async () => {
      admin = await createTestUser(db(), { isAdmin: true });
      const user = await createTestUser(db());
      const order = await paidOrder(user);
      await writeReport(order.id);
      fake.webhooks.duplicate(true);
      await control('/refund', { payment_intent: order.paymentIntentId });
      await fake.webhooks.idle();
      expect(await orderRow(order.id)).toMatchObject({ status: 'refunded' });
      const refused = await deliver(order.id);
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({ code: 'EMAIL_PLUS_ORDER_REFUNDED', detail: EMAIL_PLUS_MESSAGES.refunded });
      expect(subscriptionStatus(order.subscriptionId)).toBe('canceled');
      // The admin sees it; the customer does not get the report.
      const list = await call('GET', '/admin/email-plus/orders?status=refunded', undefined, admin.headers);
      expect(list.json.items.map((o: { id: string }) => o.id)).toContain(order.id);
      const mine = await call('GET', `/me/email-plus/orders/${order.id}`, undefined, user.headers);
      expect(mine.status).toBe(409);
      expect(mine.json.detail).toBe(BILLING_MESSAGES.orderReversed);
      expect(await orderRow(order.id)).toMatchObject({ status: 'refunded' });
    });

    it('a dispute holds delivery while open; lost, the order stays closed and the subscription ends; won, it is delivered', async () => {
      const user = await createTestUser(db());
      const lost = await paidOrder(user);
      await writeReport(lost.id);
      const dispute = await control('/disputes', { payment_intent: lost.paymentIntentId });
      await fake.webhooks.idle();
      expect(await orderRow(lost.id)).toMatchObject({ status: 'disputed', disputeStatus: 'needs_response' });
      const queue = await call('GET', '/admin/email-plus/orders', undefined, admin.headers);
      expect(queue.json.items.find((o: { id: string }) => o.id === lost.id)).toMatchObject({
        status: 'disputed',
        dispute_status: 'needs_response',
      });
      const held = await deliver(lost.id);
      expect(held.status).toBe(409);
      expect(held.json).toMatchObject({ code: 'EMAIL_PLUS_ORDER_DISPUTED', detail: EMAIL_PLUS_MESSAGES.disputed });
      expect(subscriptionStatus(lost.subscriptionId)).not.toBe('canceled');
      await control(`/disputes/${dispute.id}/close`, { outcome: 'lost' });
      await fake.webhooks.idle();
      expect(await orderRow(lost.id)).toMatchObject({ status: 'disputed', disputeStatus: 'lost' });
      const closed = await deliver(lost.id);
      expect(closed.status).toBe(409);
      expect(closed.json).toMatchObject({ code: 'EMAIL_PLUS_ORDER_REFUNDED', detail: EMAIL_PLUS_MESSAGES.disputeLost });
      expect(subscriptionStatus(lost.subscriptionId)).toBe('canceled');

      const won = await paidOrder(await createTestUser(db()));
      await writeReport(won.id);
      const second = await control('/disputes', { payment_intent: won.paymentIntentId });
      await fake.webhooks.idle();
      expect((await deliver(won.id)).status).toBe(409);
      await control(`/disputes/${second.id}/close`, { outcome: 'won' });
      await fake.webhooks.idle();
      expect(await orderRow(won.id)).toMatchObject({ status: 'in_progress', disputeStatus: 'won' });
      const delivered = await deliver(won.id);
      expect(delivered.status, delivered.text).toBe(200);
      expect(subscriptionStatus(won.subscriptionId)).toBe('active');
    });

    // ---- item 3: deleting an account while Stripe fails ------------------------------------------------

    it('an account deleted while Stripe fails: its open checkout, paid afterwards, is refunded and ended', async () => {
      const user = await createTestUser(db());
      const open = await call(
        'POST',
        '/billing/checkout',
        { price_id: fake.prices.monthly, mode: 'subscription' },
        user.headers,
      );
      expect(open.status, open.text).toBe(200);
      const { customerId } = await account(user.id);
      fake.outage(true);
      expect((await call('DELETE', '/me', undefined, user.headers)).status).toBe(204);
      const [due] = await db().select().from(stripeCancellations).where(eq(stripeCancellations.customerId, customerId));
      expect(due).toMatchObject({ doneAt: null });
      fake.outage(false);
      // The page was still open at Stripe: the customer pays before the background pass comes round.
      fake.webhooks.duplicate(true);
      expect((await fake.completeCheckout(sessionIdOf(open.json.url))).outcome).toBe('paid');
      await fake.webhooks.idle();
      const [subscription] = fake.subscriptions().filter((s) => s.customer === customerId);
      expect(subscription).toMatchObject({ status: 'canceled' });
      const invoice = fake.invoices().find((i) => i.id === subscription!.latest_invoice)!;
      const refunds = await sdk.refunds.list({ payment_intent: invoice.payment_intent! });
      expect(refunds.data.map((r) => r.amount)).toEqual([invoice.amount_paid]);
      const [done] = await db()
        .select()
        .from(stripeCancellations)
        .where(eq(stripeCancellations.customerId, customerId));
      expect(done?.doneAt).toBeInstanceOf(Date);
      // Nothing was recreated for the deleted account.
      expect(await db().select().from(billingAccounts).where(eq(billingAccounts.customerId, customerId))).toEqual([]);
    });

    // ---- item 5b: credit packs -----------------------------------------------------------------------

    it('a credit pack is a one-off payment whose credits land once under duplicated webhooks and re-reads; a refund takes them back', async () => {
      const user = await createTestUser(db());
      const prices = await call('GET', '/billing/prices');
      expect(prices.json).toMatchObject({ credits: fake.prices.credits, pack_credits: 10 });
      expect(prices.json.amounts.credits).toEqual({ amount: 999, currency: 'gbp' });
      const wrongMode = await call(
        'POST',
        '/billing/checkout',
        { price_id: fake.prices.credits, mode: 'subscription' },
        user.headers,
      );
      expect(wrongMode.status).toBe(400);
      expect((await call('POST', '/billing/checkout', { price_id: fake.prices.credits, mode: 'payment' })).status).toBe(
        401,
      );
      const buy = () =>
        call('POST', '/billing/checkout', { price_id: fake.prices.credits, mode: 'payment' }, user.headers);
      const first = await buy();
      expect(first.status, first.text).toBe(200);
      const id = sessionIdOf(first.json.url);
      const session = await sdk.checkout.sessions.retrieve(id);
      expect(session).toMatchObject({
        mode: 'payment',
        amount_total: 999,
        metadata: { product: 'credits', credits: '10' },
      });
      fake.webhooks.duplicate(true);
      expect((await fake.completeCheckout(id)).outcome).toBe('paid');
      // The return page re-reads the session while webhooks (each twice) arrive.
      const reads = await Promise.all(
        Array.from({ length: 5 }, () => call('GET', `/billing/checkout/${id}`, undefined, user.headers)),
      );
      expect(reads.every((r) => r.status === 200)).toBe(true);
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ emailSearchCredits: 10 });
      const status = await call('GET', `/billing/checkout/${id}`, undefined, user.headers);
      expect(status.json).toMatchObject({ status: 'completed', kind: 'credits', email_search_credits: 10 });
      const entries = await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id));
      expect(entries.map((e) => [e.kind, e.delta])).toEqual([['purchase', 10]]);
      const receipt = await sink.waitForMail({ to: user.email, subject: /10 email-search credits/ });
      expect(receipt.text).toContain('£9.99');
      // Another tab's checkout is its own pack, also credited once; nobody else can read the checkout.
      const other = await createTestUser(db());
      expect((await call('GET', `/billing/checkout/${id}`, undefined, other.headers)).status).toBe(404);
      const second = await buy();
      await fake.completeCheckout(sessionIdOf(second.json.url));
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ emailSearchCredits: 20 });
      // One receipt per pack, however many events each payment sent.
      await sink.waitForMail({
        to: user.email,
        subject: /10 email-search credits/,
        after: sink.mails().indexOf(receipt) + 1,
      });
      const receipts = sink.mails().filter((m) => m.to.includes(user.email) && /credits/.test(m.subject));
      expect(receipts).toHaveLength(2);
      // A full refund of the first pack takes its credits back, once.
      await control('/refund', { payment_intent: (await sdk.checkout.sessions.retrieve(id)).payment_intent });
      await fake.webhooks.idle();
      expect(await userRow(user.id)).toMatchObject({ emailSearchCredits: 10 });
    });

    // ---- item 5d: changing the address ---------------------------------------------------------------

    it('an address change: a code to the new address, usable by its account only; the old address told; Stripe follows; once-per-mailbox kept', async () => {
      inbox += 1;
      const owner = await createTestUser(db(), { email: `old.${inbox}@example.com` });
      const trial = await trialCheckout(owner);
      await fake.completeCheckout(sessionIdOf(trial.json.url));
      await fake.webhooks.idle();
      const { customerId } = await account(owner.id);
      const leadId = await emailPlusLead(call, owner);
      const next = `new.${inbox}@example.org`;
      expect((await call('POST', '/me/email/change', { email: next })).status).toBe(401);
      expect((await call('POST', '/me/email/verify', { email: next, code: '123456' })).status).toBe(401);
      const bad = await call('POST', '/me/email/change', { email: 'not an address' }, owner.headers);
      expect(bad.status).toBe(422);
      expect((await call('POST', '/me/email/change', { email: owner.email }, owner.headers)).status).toBe(400);

      const before = sink.mails().length;
      const asked = await call('POST', '/me/email/change', { email: next }, owner.headers);
      expect(asked.status, asked.text).toBe(200);
      const code = codeIn((await sink.waitForMail({ to: next, after: before, subject: /new .* address/ })).text);
      // Another account (an admin too) cannot use the code, even knowing it; a wrong code changes nothing.
      const admin2 = await createTestUser(db(), { isAdmin: true });
      for (const who of [await createTestUser(db()), admin2]) {
        const stolen = await call('POST', '/me/email/verify', { email: next, code }, who.headers);
        expect(stolen.status).toBe(400);
        expect(stolen.json.code).toBe('AUTH_INVALID_CODE');
      }
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await call('POST', '/me/email/verify', { email: next, code: wrong }, owner.headers)).status).toBe(400);
      expect(await userRow(owner.id)).toMatchObject({ email: owner.email });

      fake.outage(true); // Stripe is away: the change still happens, the customer follows later.
      const moved = await call('POST', '/me/email/verify', { email: next, code }, owner.headers);
      fake.outage(false);
      expect(moved.status, moved.text).toBe(200);
      expect(moved.json).toMatchObject({ email: next });
      expect((await call('GET', '/auth/me', undefined, owner.headers)).json.email).toBe(next);
      // A report still to come goes to the new address.
      expect(await orderRow(leadId)).toMatchObject({ deliveryEmail: next });
      const told = await sink.waitForMail({ to: owner.email, subject: /address was changed/ });
      expect(told.text).toContain('n***@example.org');
      expect(told.text).not.toContain(next);
      expect(fake.customers().find((c) => c.id === customerId)?.email).toBe(owner.email);
      expect(
        await retryDueCustomerEmails({
          db: db(),
          log: createLogger('silent'),
          now: () => new Date(Date.now() + 3600_000),
          stripe: { client: sdk },
        }),
      ).toBe(1);
      expect(fake.customers().find((c) => c.id === customerId)?.email).toBe(next);
      // The code was used once; the old address no longer signs in.
      expect((await call('POST', '/me/email/verify', { email: next, code }, owner.headers)).status).toBe(400);
      const before2 = sink.mails().length;
      await call('POST', '/auth/login/send-otp', { email: owner.email });
      expect((await sink.waitForMail({ to: owner.email, after: before2 })).subject).toMatch(/Signing in/);
      // Once per mailbox: the new mailbox had its trial through this account, so a sub-address cannot start one.
      const again = await createTestUser(db(), { email: `new.${inbox}+2@example.org` });
      expect((await trialCheckout(again)).status).toBe(409);

      // An address that has an account gets a notice instead of a code, and the answer is the same.
      const before3 = sink.mails().length;
      const taken = await call('POST', '/me/email/change', { email: again.email }, owner.headers);
      expect(taken.json).toEqual(asked.json);
      const notice = await sink.waitForMail({ to: again.email, after: before3 });
      expect(notice.subject).toMatch(/Moving/);
      expect(notice.text).not.toMatch(/\b\d{6}\b/);
    });

    // ---- item 5e: two tabs paying one Email Plus order ------------------------------------------------

    it('two tabs paying one Email Plus lead: the second tab gets the same checkout; a second paid subscription is refunded and ended', async () => {
      const user = await createTestUser(db());
      const leadId = await emailPlusLead(call, user);
      const body = plusCheckout(fake, leadId);
      const tabs = [
        await call('POST', '/billing/checkout', body, user.headers),
        await call('POST', '/billing/checkout', body, user.headers),
      ];
      expect(tabs.map((t) => t.status)).toEqual([200, 200]);
      expect(tabs[1]!.json.url).toBe(tabs[0]!.json.url);
      // A session made for the same lead before this rule (or by a race) is paid too: the lead's metadata
      // is the server's own, so both subscriptions name the same lead.
      const { customerId } = await account(user.id);
      const first = await sdk.checkout.sessions.retrieve(sessionIdOf(tabs[0]!.json.url));
      const second = await sdk.checkout.sessions.create({
        customer: customerId,
        mode: 'subscription',
        line_items: [{ price: fake.prices.plusMonthly, quantity: 1 }],
        metadata: first.metadata ?? {},
        subscription_data: { metadata: first.metadata ?? {} },
        success_url: 'http://hound.test/account/billing?status=success',
      });
      fake.webhooks.duplicate(true);
      await fake.completeCheckout(first.id);
      await fake.completeCheckout(second.id);
      await fake.webhooks.idle();
      const subscriptions = fake.subscriptions().filter((s) => s.customer === customerId);
      expect(subscriptions).toHaveLength(2);
      expect(subscriptions.filter((s) => s.status === 'active')).toHaveLength(1);
      const duplicate = subscriptions.find((s) => s.status === 'canceled')!;
      const invoice = fake.invoices().find((i) => i.id === duplicate.latest_invoice)!;
      const refunded = await sdk.refunds.list({ payment_intent: invoice.payment_intent! });
      expect(refunded.data).toHaveLength(1);
      expect(refunded.data[0]).toMatchObject({ amount: invoice.amount_paid, reason: 'duplicate' });
      // One order, one subscription for the customer; the admin sees the refunded second payment.
      const mine = await call('GET', '/me/email-plus/subscriptions', undefined, user.headers);
      expect(mine.json.items).toHaveLength(1);
      const orders = await call('GET', '/me/email-plus/orders', undefined, user.headers);
      expect(orders.json.items).toHaveLength(1);
      const seen = await call('GET', `/admin/email-plus/orders/${leadId}`, undefined, admin.headers);
      expect(seen.json).toMatchObject({ status: 'paid', duplicate_payments: 1 });
      expect(await orderRow(leadId)).toMatchObject({ status: 'paid' });
    });
  });
}
