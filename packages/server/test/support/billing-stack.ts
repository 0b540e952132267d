/**
 * The stack the billing suites share: a test internet, the testkit's fake Stripe (retrying webhooks fast),
 * a stack configured for it and listening so the fake's signed webhooks reach it, an injecting client and
 * the real SDK pointed at the fake; optionally an SMTP sink. One place, so the suites differ only in what
 * they test.
 */
import { type FakeStripe, type SmtpSink, startFakeStripe, startSmtpSink } from '@hound/testkit';
import type Stripe from 'stripe';
import { type Call, injectClient } from './http-client.ts';
import { startTestInternet, type TestInternet } from './internet.ts';
import { type Stack, type StackMode, startStack } from './stacks.ts';
import { stripeClientFor } from './stripe.ts';

export interface BillingStack {
  internet: TestInternet;
  fake: FakeStripe;
  stack: Stack;
  call: Call;
  sdk: Stripe;
  /** Present when started with `smtp: true` (SMTP_URL points at it). */
  sink?: SmtpSink;
  close(): Promise<void>;
}

export interface BillingStackOptions {
  /** The client address of `call` (each suite its own, so their rate budgets do not meet). */
  ip: string;
  /** Environment on top of the fake's settings, PUBLIC_URL and the plan's credits (10 monthly, 3 trial). */
  env?: Record<string, string>;
  smtp?: boolean;
}

export async function startBillingStack(mode: StackMode, options: BillingStackOptions): Promise<BillingStack> {
  const internet = await startTestInternet({ sites: 2 });
  const sink = options.smtp ? await startSmtpSink() : undefined;
  const fake = await startFakeStripe({ retryDelaysMs: [50, 100, 200] });
  const stack = await startStack(mode, {
    createEngine: internet.createEngine(),
    env: {
      ...fake.settings,
      ...(sink ? { SMTP_URL: sink.url } : {}),
      PUBLIC_URL: 'http://hound.test',
      PLAN_MONTHLY_CREDITS: '10',
      TRIAL_CREDITS: '3',
      ...options.env,
    },
  });
  await stack.app.listen({ port: 0, host: '127.0.0.1' });
  const address = stack.app.server.address() as { port: number };
  fake.setWebhookUrl(`http://127.0.0.1:${address.port}/billing/webhook`);
  return {
    internet,
    fake,
    stack,
    sink,
    call: injectClient(stack.app, options.ip),
    sdk: stripeClientFor(fake),
    async close() {
      await stack.close();
      await fake.close();
      await sink?.close();
      await internet.close();
    },
  };
}
