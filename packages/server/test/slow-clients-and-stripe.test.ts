/**
 * Issue 38 items 10 and 11: nothing slow on the other side holds a request for long. A Stripe that hangs
 * (the fake Stripe's `hang` control, over its HTTP control surface as `npm run sim` users drive it) answers
 * the customer within about twice STRIPE_TIMEOUT_SECONDS with 503 `PAYMENT_PROVIDER_UNAVAILABLE`, after
 * exactly one retry; a client trickling its body a byte a second is answered 408 and disconnected within
 * REQUEST_TIMEOUT_SECONDS. One PGlite stack over a real socket (the timeouts are the HTTP server's own).
 */
import net from 'node:net';
import { BILLING_MESSAGES } from '@hound/contracts';
import { type FakeStripe, startFakeStripe } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, socketClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const STRIPE_TIMEOUT_SECONDS = 1;
const REQUEST_TIMEOUT_SECONDS = 2;

describe('slow clients and a hanging Stripe (PGlite + in-process)', () => {
  let internet: TestInternet;
  let fake: FakeStripe;
  let stack: Stack;
  let call: Call;
  let port: number;

  beforeAll(async () => {
    internet = await startTestInternet({ sites: 2 });
    fake = await startFakeStripe();
    stack = await startStack(MODES[0]!, {
      createEngine: internet.createEngine(),
      env: {
        ...fake.settings,
        STRIPE_TIMEOUT_SECONDS: String(STRIPE_TIMEOUT_SECONDS),
        REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
      },
    });
    const url = await stack.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(url).port);
    call = socketClient(url);
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
    await internet?.close();
  });

  /** A control of the fake, over HTTP as another process (a browser test against `npm run sim`) sends it. */
  const control = async (path: string, body: unknown): Promise<{ held?: number }> => {
    const answer = await fetch(`${fake.url}/_fake/${path}`, { method: 'POST', body: JSON.stringify(body) });
    expect(answer.status).toBe(200);
    return (await answer.json()) as { held?: number };
  };

  const checkout = (user: TestUser) =>
    call('POST', '/billing/checkout', { price_id: fake.prices.monthly, mode: 'subscription' }, user.headers);

  it('a hanging Stripe: the checkout answers 503 "not answering" after one retry, in seconds', async () => {
    const user = await createTestUser(stack.services.db.db);
    const before = (await control('hang', { on: true })).held as number;
    try {
      const started = Date.now();
      const answer = await checkout(user);
      const elapsedMs = Date.now() - started;
      expect(answer.status, answer.text).toBe(503);
      expect(answer.json).toMatchObject({
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        detail: BILLING_MESSAGES.providerNotAnswering,
      });
      // Two tries of the first call (creating the customer), each cut at the timeout, ≈ 0.5 s apart. The
      // bound is loose (a loaded machine), and far under the SDK defaults' 3 × 80 s or the old 2 × 20 s.
      expect(elapsedMs).toBeGreaterThanOrEqual(2 * STRIPE_TIMEOUT_SECONDS * 1000);
      expect(elapsedMs).toBeLessThan(15_000);
      const held = (await control('hang', { on: false })).held as number;
      expect(held - before).toBe(2);
    } finally {
      await control('hang', { on: false });
    }
    // Stripe back: the same customer buys.
    const again = await checkout(user);
    expect(again.status, again.text).toBe(200);
    expect(again.json.url).toContain('/checkout/');
  });

  it('a slow Stripe within the bound still answers', async () => {
    const user = await createTestUser(stack.services.db.db);
    await control('latency', { ms: 300 });
    try {
      const answer = await checkout(user);
      expect(answer.status, answer.text).toBe(200);
    } finally {
      await control('latency', { ms: 0 });
    }
  });

  it('a body sent a byte a second is cut with 408 at the request timeout', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => {});
    const body = JSON.stringify({ username: 'blue', device_id: 'slow-device' });
    socket.write(
      `POST /api/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const started = Date.now();
    let sent = 0;
    const trickle = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
    }, 1000);
    try {
      await closed;
    } finally {
      clearInterval(trickle);
    }
    const elapsedMs = Date.now() - started;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(body.length);
    // Node checks its timeouts every second here (the app's `connectionsCheckingInterval`).
    expect(elapsedMs).toBeGreaterThanOrEqual((REQUEST_TIMEOUT_SECONDS - 1) * 1000);
    expect(elapsedMs).toBeLessThan(REQUEST_TIMEOUT_SECONDS * 1000 + 8_000);
  });
});
