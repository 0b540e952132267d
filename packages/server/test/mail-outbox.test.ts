/**
 * Mail leaves after commit, from the durable outbox (decision 099): delivering an Email Plus report on the
 * default stack (PGlite, development mailbox) no longer freezes the server; a relay that never answers
 * (the testkit's SMTP sink, silent) delays the mail and nothing else, and the mail arrives once the relay
 * is back; a message that fails every attempt stays visible as `failed`; SIGTERM completes while a send
 * hangs, and the log carries neither the address nor a code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SmtpSink, startSmtpSink } from '@hound/testkit';
import { eq } from 'drizzle-orm';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMail, emailPlusOrders, mailOutbox } from '../src/db/schema/index.ts';
import { newId } from '../src/ids.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, socketClient, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { type Child, runEntry, seedDatabase } from './support/processes.ts';
import { MODES, type Stack, type StackMode, startStack } from './support/stacks.ts';

/** An order ready to deliver, written as the payment webhook and the admin's report would leave it. */
async function orderReadyToDeliver(stack: Stack, customer: TestUser): Promise<string> {
  const id = newId();
  await stack.services.db.db.insert(emailPlusOrders).values({
    id,
    userId: customer.id,
    targetEmail: 'target.person@example.com',
    deliveryEmail: customer.email,
    purpose: 'Checking a landlord before signing a lease',
    status: 'in_progress',
    paidAt: new Date(),
    dueAt: new Date(Date.now() + 3 * 86_400_000),
    report: {
      full_name: 'Target Person',
      home_address: '',
      family_members: '',
      social_profiles: '',
      email_addresses: '',
      notes: 'Owns the flat since 2019.',
      sources: '',
    },
  });
  return id;
}

async function listen(stack: Stack): Promise<Call> {
  await stack.app.listen({ port: 0, host: '127.0.0.1' });
  return socketClient(`http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`);
}

/** Every answer of `count` parallel reads of the order queue (a database read per request), and how long they took. */
async function parallelReads(call: Call, admin: TestUser, count = 30) {
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: count }, () => call('GET', '/admin/email-plus/orders?status=all', undefined, admin.headers)),
  );
  return { statuses: new Set(answers.map((a) => a.status)), ms: Date.now() - started };
}

describe('delivering a report on the default stack (PGlite, development mailbox)', () => {
  let internet: TestInternet;
  let stack: Stack;
  let call: Call;
  let admin: TestUser;

  beforeAll(async () => {
    internet = await startTestInternet({ sites: 2 });
    stack = await startStack(MODES[0]!, { createEngine: internet.createEngine() });
    call = await listen(stack);
    admin = await createTestUser(stack.services.db.db, { isAdmin: true });
  });
  afterAll(async () => {
    await stack?.close();
    await internet?.close();
  });

  it('completes, the report lands in the mailbox, and the server keeps answering', async () => {
    for (let round = 0; round < 3; round++) {
      const customer = await createTestUser(stack.services.db.db);
      const orderId = await orderReadyToDeliver(stack, customer);
      const delivering = call('POST', `/admin/email-plus/orders/${orderId}/deliver`, undefined, admin.headers);
      const reads = parallelReads(call, admin);
      const delivered = await Promise.race([
        delivering,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('deliver hung')), 5000)),
      ]);
      expect(delivered.status, delivered.text).toBe(200);
      expect((await reads).statuses).toEqual(new Set([200]));
      const mail = await waitFor(async () => {
        const rows = await stack.services.db.db.select().from(devMail).where(eq(devMail.to, customer.email));
        return rows[0];
      }, 5000);
      expect(mail.text).toContain('Owns the flat since 2019.');
      await waitFor(async () =>
        (await stack.services.db.db.select().from(mailOutbox)).length === 0 ? true : undefined,
      );
    }
  }, 30_000);
});

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`a relay that never answers (${mode.name})`, () => {
    let internet: TestInternet;
    let sink: SmtpSink;
    let stack: Stack;
    let call: Call;
    let admin: TestUser;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 2 });
      sink = await startSmtpSink();
      stack = await startStack(mode satisfies StackMode, {
        createEngine: internet.createEngine(),
        // Short waits so the test is quick; the defaults are bounded the same way (10 s, decision 099).
        env: {
          SMTP_URL: `${sink.url}?greetingTimeout=400&connectionTimeout=400&socketTimeout=2000`,
          MAIL_RETRY_SECONDS: '0.3',
          MAIL_MAX_ATTEMPTS: '6',
        },
      });
      call = await listen(stack);
      admin = await createTestUser(stack.services.db.db, { isAdmin: true });
    });
    afterAll(async () => {
      await stack?.close();
      await sink?.close();
      await internet?.close();
    });

    const outboxRows = (to: string) => stack.services.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

    it('delays the mail, not the requests; retried, it is delivered once the relay is back', async () => {
      sink.setSilent(true);
      const heldBefore = sink.silentConnections();
      const customer = await createTestUser(stack.services.db.db);
      const orderId = await orderReadyToDeliver(stack, customer);
      const started = Date.now();
      const delivered = await call('POST', `/admin/email-plus/orders/${orderId}/deliver`, undefined, admin.headers);
      expect(delivered.status, delivered.text).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
      // The relay is holding a connection in silence while requests keep answering at once.
      await waitFor(async () => (sink.silentConnections() > heldBefore ? true : undefined), 5000);
      for (let round = 0; round < 3; round++) {
        const reads = await parallelReads(call, admin);
        expect(reads.statuses).toEqual(new Set([200]));
        expect(reads.ms).toBeLessThan(5000);
      }
      const retried = await waitFor(async () => {
        const [row] = await outboxRows(customer.email);
        return row && row.attempts >= 2 ? row : undefined;
      }, 10_000);
      expect(retried).toMatchObject({ status: 'pending', lastError: 'ETIMEDOUT', to: customer.email });

      const before = sink.mails().length;
      sink.setSilent(false);
      const mail = await sink.waitForMail({ to: customer.email, subject: 'Email Plus report', after: before }, 15_000);
      expect(mail.text).toContain('Owns the flat since 2019.');
      await waitFor(async () => ((await outboxRows(customer.email)).length === 0 ? true : undefined), 5000);
      await new Promise((r) => setTimeout(r, 500));
      expect(sink.mails().filter((m) => m.to.includes(customer.email))).toHaveLength(1);
    }, 40_000);

    it('keeps a message that failed every attempt as failed, without its content', async () => {
      sink.setSilent(true);
      const customer = await createTestUser(stack.services.db.db);
      const orderId = await orderReadyToDeliver(stack, customer);
      const delivered = await call('POST', `/admin/email-plus/orders/${orderId}/deliver`, undefined, admin.headers);
      expect(delivered.status, delivered.text).toBe(200);
      const failed = await waitFor(async () => {
        const [row] = await outboxRows(customer.email);
        return row?.status === 'failed' ? row : undefined;
      }, 40_000);
      expect(failed).toMatchObject({ attempts: 6, lastError: 'ETIMEDOUT', text: '', html: '', summary: '' });
      sink.setSilent(false);
    }, 50_000);
  });
}

describe('the server process with a relay that never answers', () => {
  const dataDir = seedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'hound-mail-')));
  let sink: SmtpSink;
  let child: Child | undefined;

  beforeAll(async () => {
    sink = await startSmtpSink();
    sink.setSilent(true);
  });
  afterAll(async () => {
    if (child && child.process.exitCode === null) child.process.kill('SIGKILL');
    await child?.exited;
    await sink?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers sign-in requests at once, keeps address and code out of its log, and stops on SIGTERM', async () => {
    child = runEntry('main', {
      DATA_DIR: dataDir,
      PORT: '0',
      HOUND_PROXY: 'http://127.0.0.1:9',
      HEALTH_CHECK_INTERVAL_HOURS: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'trace',
      SMTP_URL: sink.url,
      SHUTDOWN_GRACE_SECONDS: '1',
    });
    await child.waitForOutput('Hound server ready', 30_000);
    const url = child.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)![1]!;
    const emails = Array.from({ length: 15 }, (_, i) => `private.person${i}@example.com`);
    const started = Date.now();
    const answers = await Promise.all(
      emails.map((email) =>
        request(`${url}/auth/login/send-otp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        }).then(async (res) => ({ status: res.statusCode, text: await res.body.text() })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 200));
    expect(Date.now() - started).toBeLessThan(5000);
    await waitFor(async () => (sink.silentConnections() > 0 ? true : undefined), 5000);

    const stopAt = Date.now();
    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(8000);
    const log = child.output();
    for (const email of emails) expect(log).not.toContain(email);
    expect(log).not.toMatch(/code\D{0,3}\d{6}/i);
  }, 60_000);
});
