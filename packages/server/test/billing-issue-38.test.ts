/**
 * Issue 38, the money items, against the testkit's fake Stripe (real SDK over sockets, signed webhooks to
 * the listening server): one trial per mailbox however it is spelled and however many checkouts open at
 * once; refunds and disputes of Email Plus stop its delivery; a payment for a deleted account is refunded;
 * two tabs paying one Email Plus order end with one subscription; credit packs credit once. Both stacks.
 */
import { BILLING_MESSAGES } from '@hound/contracts';
import { type FakeStripe, startFakeStripe } from '@hound/testkit';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingAccounts, users } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, injectClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';
import { stripeClientFor } from './support/stripe.ts';

const CALLS = 40;

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`billing, issue 38 (${mode.name})`, () => {
    let internet: TestInternet;
    let fake: FakeStripe;
    let stack: Stack;
    let call: Call;
    let sdk: Stripe;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 2 });
      fake = await startFakeStripe({ retryDelaysMs: [50, 100, 200] });
      stack = await startStack(mode, {
        createEngine: internet.createEngine(),
        env: {
          ...fake.settings,
          PUBLIC_URL: 'http://hound.test',
          PLAN_MONTHLY_CREDITS: '10',
          TRIAL_CREDITS: '3',
          BILLING_USER_CALLS_PER_MINUTE: String(CALLS),
        },
      });
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      const address = stack.app.server.address() as { port: number };
      fake.setWebhookUrl(`http://127.0.0.1:${address.port}/billing/webhook`);
      call = injectClient(stack.app, '192.0.2.38');
      sdk = stripeClientFor(fake);
    });
    afterAll(async () => {
      await stack?.close();
      await fake?.close();
      await internet?.close();
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
  });
}
