/**
 * The server process killed while it applies a webhook: Stripe's retry, after the restart, applies the
 * payment exactly once. The server talks to the fake Stripe through a small forwarding proxy that can hold
 * the server's re-read of the subscription, so the kill lands between receiving the event and answering it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type FakeStripe, startFakeStripe } from '@hound/testkit';
import { and, eq } from 'drizzle-orm';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { creditLedger, stripeEvents, users } from '../src/db/schema/index.ts';
import { createTestUser } from './support/accounts.ts';
import { type Child, freePort, runEntry, seedDatabase } from './support/processes.ts';

interface HoldingProxy {
  url: string;
  /** Requests matching `match` wait (unanswered) until `release()`. */
  hold(match: (req: http.IncomingMessage) => boolean): void;
  release(): void;
  held(): number;
  close(): Promise<void>;
}

async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  let match: ((req: http.IncomingMessage) => boolean) | undefined;
  let waiting: (() => void)[] = [];
  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const upstream = http.request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  const server = http.createServer((req, res) => {
    if (match?.(req)) waiting.push(() => forward(req, res));
    else forward(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    hold: (m) => {
      match = m;
    },
    release: () => {
      match = undefined;
      const pending = waiting;
      waiting = [];
      for (const go of pending) go();
    },
    held: () => waiting.length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const dataDir = seedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'hound-billing-crash-')));
const children: Child[] = [];
let fake: FakeStripe | undefined;
let proxy: HoldingProxy | undefined;

afterAll(async () => {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await proxy?.close();
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed while applying a webhook', () => {
  it("recovers through Stripe's retry and applies the payment exactly once", async () => {
    // Stripe retries after a refused connection; leave room for a restart (≈ 45 s in all, for a loaded machine).
    fake = await startFakeStripe({ retryDelaysMs: [1500, 3000, 6000, 12_000, 24_000] });
    proxy = await startHoldingProxy(fake.url);
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    await handle.migrate();
    const user = await createTestUser(handle.db);
    await handle.close();

    const port = await freePort();
    fake.setWebhookUrl(`http://127.0.0.1:${port}/billing/webhook`);
    const env = {
      ...fake.settings,
      STRIPE_API_URL: proxy.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOUND_PROXY: 'http://127.0.0.1:9',
      HEALTH_CHECK_INTERVAL_HOURS: '0',
      CATALOGUE_REFRESH_HOURS: '0',
      TRIAL_CREDITS: '3',
    };
    const start = async () => {
      const child = runEntry('main', env);
      children.push(child);
      await child.waitForOutput('Hound server ready', 60_000);
      return child;
    };

    let server = await start();
    const answer = await request(`http://127.0.0.1:${port}/billing/checkout`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ price_id: fake.prices.trialFee, mode: 'subscription' }),
    });
    expect(answer.statusCode).toBe(200);
    const { url } = (await answer.body.json()) as { url: string };

    fake.webhooks.hold();
    await fake.completeCheckout(url.split('/').pop()!);
    proxy.hold((req) => req.method === 'GET' && (req.url ?? '').startsWith('/v1/subscriptions?'));
    fake.webhooks.release('sent');
    await until(() => proxy!.held() > 0, 'the server to be mid-webhook');
    server.process.kill('SIGKILL');
    await server.exited;
    proxy.release();

    server = await start();
    await fake.webhooks.idle();
    server.process.kill('SIGTERM');
    await server.exited;

    const check = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      const [row] = await check.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ plan: 'trial', emailSearchCredits: 3 });
      const grants = await check.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.kind, 'plan_allowance')));
      expect(grants).toHaveLength(1);
      const events = await check.db.select().from(stripeEvents);
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((e) => e.processedAt !== null)).toBe(true);
      // The kill really cut a delivery: at least one event needed a second attempt.
      expect(fake.webhooks.deliveries().some((d) => d.attempt > 1)).toBe(true);
    } finally {
      await check.close();
    }
  }, 150_000);
});
