/**
 * Decision 164: after an account is deleted, the refund pass refunds only the payments Hound never recorded,
 * known by identity (invoice, checkout session, payment intent), not by time. Stripe counts whole seconds,
 * so the deletion is put in the very second of the payments: every one of them is a candidate, and only the
 * ones Hound never applied (paid while no webhook reached it) are refunded — once, however often the pass
 * runs. Against the testkit's fake Stripe, both stacks.
 */
import type { FakeStripe } from '@hound/testkit';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, emailPlusOrders, stripeCancellations } from '../src/db/schema/index.ts';
import { retryDueCancellations } from '../src/features/billing/cancel-deleted-customer.ts';
import { createLogger } from '../src/logger.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type BillingStack, startBillingStack } from './support/billing-stack.ts';
import type { Call } from './support/http-client.ts';
import { MODES, type Stack } from './support/stacks.ts';
import { payEmailPlusLead } from './support/stripe.ts';

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`billing, refunds after deletion (${mode.name})`, () => {
    let billing: BillingStack;
    let fake: FakeStripe;
    let stack: Stack;
    let call: Call;
    let sdk: Stripe;
    let webhookUrl: string;

    beforeAll(async () => {
      billing = await startBillingStack(mode, { ip: '192.0.2.64' });
      ({ fake, stack, call, sdk } = billing);
      webhookUrl = `http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}/billing/webhook`;
    });
    afterAll(async () => {
      await billing?.close();
    });

    const db = () => stack.services.db.db;
    const sessionIdOf = (url: string) => url.split('/').pop()!;
    const customerOf = async (user: TestUser) =>
      (await db().select().from(billingAccounts).where(eq(billingAccounts.userId, user.id)))[0]!.customerId;

    /** Pays a checkout of `price` and answers its session id; `heard: false` keeps every webhook from Hound. */
    async function pay(user: TestUser, price: string, mode: 'payment' | 'subscription', heard = true) {
      const answer = await call('POST', '/billing/checkout', { price_id: price, mode }, user.headers);
      expect(answer.status, answer.text).toBe(200);
      const id = sessionIdOf(answer.json.url);
      if (!heard) fake.setWebhookUrl(undefined);
      expect((await fake.completeCheckout(id)).outcome).toBe('paid');
      fake.setWebhookUrl(webhookUrl);
      await fake.webhooks.idle();
      return id;
    }
    const intentOfSession = async (id: string) => (await sdk.checkout.sessions.retrieve(id)).payment_intent as string;
    /** The plan's first invoice, and the second its subscription began (the pass's candidates start there). */
    const planOf = (customerId: string) => {
      const [subscription] = fake.subscriptions().filter((s) => s.customer === customerId);
      const invoice = fake.invoices().find((i) => i.id === subscription!.latest_invoice)!;
      return { ...invoice, began: Math.min(subscription!.created, invoice.created) };
    };
    const refundsOf = async (intent: string) => (await sdk.refunds.list({ payment_intent: intent })).data;

    /** The deletion moved into `second` (Stripe's time of the earliest payment), then the pass run again. */
    async function passInSecond(customerId: string, second: number) {
      await db()
        .update(stripeCancellations)
        .set({ createdAt: new Date(second * 1000 + 500), doneAt: null, nextAttemptAt: new Date(0) })
        .where(eq(stripeCancellations.customerId, customerId));
      const deps = { db: db(), log: createLogger('silent'), now: () => new Date(), stripe: { client: sdk } };
      expect(await retryDueCancellations(deps)).toBeGreaterThanOrEqual(1);
      await fake.webhooks.idle();
    }

    it('a plan, a credit pack and an Email Plus order Hound recorded in the deletion second are kept; a pack it never heard of is refunded once', async () => {
      const user = await createTestUser(db());
      await pay(user, fake.prices.monthly, 'subscription');
      const customerId = await customerOf(user);
      const pack = await pay(user, fake.prices.credits, 'payment');
      const orderId = await payEmailPlusLead(call, fake, user);
      const unheard = await pay(user, fake.prices.credits, 'payment', false);

      const plan = planOf(customerId);
      const [order] = await db().select().from(emailPlusOrders).where(eq(emailPlusOrders.id, orderId));
      expect(order?.paymentIntentId).toBeTruthy();
      const kept = [plan.payment_intent!, await intentOfSession(pack), order!.paymentIntentId!];
      const stray = await intentOfSession(unheard);

      expect((await call('DELETE', '/me', undefined, user.headers)).status).toBe(204);
      await fake.webhooks.idle();
      const first = Math.min(plan.began, (await sdk.paymentIntents.retrieve(kept[1]!)).created);
      // Twice: a rearmed pass (a later payment event) must not refund again.
      await passInSecond(customerId, first);
      await passInSecond(customerId, first);

      for (const intent of kept) expect(await refundsOf(intent), intent).toEqual([]);
      const refunds = await refundsOf(stray);
      expect(refunds.map((r) => [r.amount, r.metadata?.reason])).toEqual([[999, 'account deleted']]);
      // The order Hound took stays for the admin (decision 095).
      const [still] = await db().select().from(emailPlusOrders).where(eq(emailPlusOrders.id, orderId));
      expect(still).toMatchObject({ status: 'paid', userId: null });
    });

    it('a plan paid in the deletion second that Hound never heard of is refunded once; one it recorded is not', async () => {
      const heard = await createTestUser(db());
      const unheard = await createTestUser(db());
      await pay(heard, fake.prices.monthly, 'subscription');
      await pay(unheard, fake.prices.monthly, 'subscription', false);
      const heardCustomer = await customerOf(heard);
      const unheardCustomer = await customerOf(unheard);
      const recorded = planOf(heardCustomer);
      const stray = planOf(unheardCustomer);

      for (const user of [heard, unheard]) {
        expect((await call('DELETE', '/me', undefined, user.headers)).status).toBe(204);
      }
      await fake.webhooks.idle();
      for (let round = 0; round < 2; round += 1) {
        await passInSecond(heardCustomer, recorded.began);
        await passInSecond(unheardCustomer, stray.began);
      }

      expect(await refundsOf(recorded.payment_intent!)).toEqual([]);
      expect((await refundsOf(stray.payment_intent!)).map((r) => r.amount)).toEqual([stray.amount_paid]);
    });
  });
}
