/**
 * Webhooks (decision 142): endpoints per account, verification by a test event, Standard Webhooks
 * signatures checked by two independent verifiers (the `standardwebhooks` package and one written from
 * the specification), the delivery outbox after commit with retries and redelivery, completion events
 * from real username and email searches, private addresses refused, owners only — on both stacks.
 */
import { serveEmailChecks } from '@hound/testkit';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMail, users, webhookDeliveries, webhookEndpoints } from '../src/db/schema/index.ts';
import { enqueueWebhookEvent } from '../src/features/webhooks/enqueue-webhook-event.ts';
import { createWebhookSender, nextAttemptAt } from '../src/features/webhooks/webhook-sender.ts';
import { checkWebhookUrl, createWebhookDispatcher } from '../src/features/webhooks/webhook-target.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { fewEmailChecks } from './support/email-checks.ts';
import { type Call, socketClient, untilEnded, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  verifyStandardWebhook,
  type WebhookReceiver,
} from './support/webhook-receiver.ts';

const HOUR = 3600_000;

const verifiedByBoth = (secret: string, hook: ReceivedWebhook) => {
  // The package throws on a bad signature or a stale timestamp, and answers the parsed payload otherwise.
  const parsed = new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>);
  return verifyStandardWebhook(secret, hook) && JSON.stringify(parsed) === JSON.stringify(JSON.parse(hook.body));
};

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`webhooks (${mode.name})`, () => {
    let internet: TestInternet;
    let stack: Stack;
    let call: Call;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 4 });
      const few = fewEmailChecks(internet.dir, 3);
      serveEmailChecks(internet.internet, few.checks).register('someone@example.com');
      stack = await startStack(mode, {
        createEngine: internet.createEngine({ emailCatalogues: [few.file] }),
        env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SECONDS: '0.05' },
      });
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      call = socketClient(`http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`);
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => {
      await stack?.close();
      await receiver?.close();
      await internet?.close();
    });

    const db = () => stack.services.db.db;
    const deliveriesOf = async (endpointId: string, type: string) =>
      (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))).filter(
        (d) => d.eventType === type,
      );

    /**
     * An event due an hour from now, so the stack's own sender (on the real clock) never takes it and a
     * sender of the test's, on a clock moved ahead, does.
     */
    async function enqueueLater(userId: string, data: Record<string, unknown>) {
      await db().transaction(async (tx) => {
        await enqueueWebhookEvent(tx, { userId, type: 'search.completed', data });
        await tx
          .update(webhookDeliveries)
          .set({ nextAttemptAt: new Date(Date.now() + HOUR) })
          .where(and(eq(webhookDeliveries.userId, userId), eq(webhookDeliveries.status, 'pending')));
      });
    }

    /** A sender on a clock of the test's (starting two hours ahead), with the stack's sealed secrets. */
    function laterSender(rules: { allowLoopback: boolean }) {
      let clock = Date.now() + 2 * HOUR;
      const sender = createWebhookSender({
        db: db(),
        log: stack.services.log,
        box: stack.services.webhooks.box,
        dispatcher: createWebhookDispatcher(rules),
        retryMs: 30_000,
        userAgent: 'test',
        now: () => new Date(clock),
      });
      return { sender, moveTo: (at: number) => (clock = Math.max(clock, at)) };
    }

    /** A user with one endpoint on `receiver`, verified by its test event unless `verify` is false. */
    async function userWithEndpoint(
      events: string[] = ['search.completed', 'email_search.completed'],
      options: { verify?: boolean; credits?: number; url?: string } = {},
    ): Promise<{ user: TestUser; id: string; secret: string }> {
      const user = await createTestUser(db(), { credits: options.credits ?? 0 });
      const created = await call('POST', '/me/webhooks', { url: options.url ?? receiver.url, events }, user.headers);
      expect(created.status).toBe(201);
      if (options.verify !== false) {
        const tested = await call('POST', `/me/webhooks/${created.json.id}/test`, undefined, user.headers);
        expect(tested.status).toBe(200);
      }
      return { user, id: created.json.id, secret: created.json.secret };
    }

    it('creates an endpoint with a whsec_ secret shown once and kept only sealed', async () => {
      const user = await createTestUser(db());
      const created = await call(
        'POST',
        '/me/webhooks',
        { url: receiver.url, events: ['search.completed'], description: 'CI' },
        user.headers,
      );
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ url: receiver.url, events: ['search.completed'], status: 'unverified' });
      expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const listed = await call('GET', '/me/webhooks', undefined, user.headers);
      expect(listed.json.items).toHaveLength(1);
      expect(JSON.stringify(listed.json)).not.toContain(created.json.secret.slice(6));
      const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.json.id));
      expect(row!.secretSealed).not.toContain(created.json.secret.slice(6, 20));
    });

    it('verifies an endpoint with a signed test event; a failing receiver leaves it unverified with a 422', async () => {
      const { user, id, secret } = await userWithEndpoint(['search.completed'], { verify: false });
      receiver.answerWith(500);
      const failed = await call('POST', `/me/webhooks/${id}/test`, undefined, user.headers);
      expect(failed.status).toBe(422);
      expect(failed.json).toMatchObject({ code: 'WEBHOOK_TEST_FAILED' });
      expect(failed.json.detail).toContain('HTTP 500');
      receiver.answerWith(200);
      const passed = await call('POST', `/me/webhooks/${id}/test`, undefined, user.headers);
      expect(passed.status).toBe(200);
      expect(passed.json).toMatchObject({ ok: true, http_status: 200, endpoint: { status: 'active' } });
      const pings = await receiver.waitFor('webhook.test', 2, (hook) => hook.json.data.endpoint_id === id);
      for (const ping of pings) expect(verifiedByBoth(secret, ping)).toBe(true);
      // Another secret, or a changed body, does not verify.
      const other = (await userWithEndpoint(['search.completed'], { verify: false })).secret;
      expect(verifyStandardWebhook(other, pings[1]!)).toBe(false);
      expect(verifyStandardWebhook(secret, { ...pings[1]!, body: pings[1]!.body.replace('test', 'tesT') })).toBe(false);
      const log = await call('GET', `/me/webhooks/${id}/deliveries`, undefined, user.headers);
      expect(log.json.items.map((d: { status: string }) => d.status)).toEqual(['delivered', 'failed']);
    });

    it('refuses private, link-local and plain-http addresses at creation', async () => {
      const user = await createTestUser(db());
      for (const url of [
        'https://10.0.0.7/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::ffff:192.168.1.1]/hook',
        'https://[fd00::1]/hook',
        'https://100.64.0.1/hook',
      ]) {
        const refused = await call('POST', '/me/webhooks', { url, events: ['search.completed'] }, user.headers);
        expect(refused.status, url).toBe(422);
        expect(refused.json.code, url).toBe('WEBHOOK_URL_PRIVATE');
      }
      for (const url of [
        'http://93.184.216.34/hook',
        'ftp://93.184.216.34/',
        'https://user:pw@93.184.216.34/',
        'nonsense',
      ]) {
        const refused = await call('POST', '/me/webhooks', { url, events: ['search.completed'] }, user.headers);
        expect(refused.json.code, url).toBe('WEBHOOK_URL_INVALID');
      }
      expect((await call('GET', '/me/webhooks', undefined, user.headers)).json.items).toEqual([]);
      // Without WEBHOOK_ALLOW_LOOPBACK, loopback and localhost are private too.
      for (const url of ['https://127.0.0.1/hook', 'https://localhost/hook', 'https://[::1]/hook']) {
        await expect(checkWebhookUrl(url, { allowLoopback: false }), url).rejects.toMatchObject({
          code: 'WEBHOOK_URL_PRIVATE',
        });
      }
      await expect(checkWebhookUrl(receiver.url, { allowLoopback: true })).resolves.toBe(receiver.url);
    });

    it('refuses a private address at delivery too: nothing reaches the receiver', async () => {
      const { user, id } = await userWithEndpoint(['search.completed']);
      const before = receiver.received.length;
      // The same endpoint, sent by a sender that does not allow loopback (as on a public server whose
      // endpoint's name now resolves inward).
      const strict = laterSender({ allowLoopback: false });
      await enqueueLater(user.id, { search_id: 'blocked' });
      await strict.sender.drainNow();
      await strict.sender.close();
      const [delivery] = await deliveriesOf(id, 'search.completed');
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastError: 'blocked_address' });
      expect(receiver.received.length).toBe(before);
    });

    it('emits search.completed when a signed-in user’s username search ends, after commit, signed', async () => {
      const { user, id, secret } = await userWithEndpoint(['search.completed']);
      const started = await call('POST', '/api/search', { username: 'blue' }, user.headers);
      expect(started.json.status).toBe('started');
      const searchId = started.json.search_id;
      await untilEnded(call, searchId);
      const [hook] = await receiver.waitFor('search.completed', 1, (h) => h.json.data.search_id === searchId);
      expect(verifiedByBoth(secret, hook!)).toBe(true);
      expect(hook!.json.data).toMatchObject({ search_id: searchId, username: 'blue', status: 'completed', total: 4 });
      expect(hook!.headers['webhook-id']).toMatch(/^msg_/);
      const log = await call('GET', `/me/webhooks/${id}/deliveries`, undefined, user.headers);
      expect(log.json.items[0]).toMatchObject({ id: hook!.headers['webhook-id'], status: 'delivered', attempts: 1 });
      // Anonymous searches have no owner to tell.
      const anonymous = await call('POST', '/api/search', { username: 'blue', device_id: 'device_anon' });
      await untilEnded(call, anonymous.json.search_id);
      const all = await db().select({ body: webhookDeliveries.body }).from(webhookDeliveries);
      expect(all.some((d) => d.body.includes(anonymous.json.search_id))).toBe(false);
    });

    it('emits email_search.completed to subscribers only', async () => {
      const { user, secret } = await userWithEndpoint(['email_search.completed'], { credits: 1 });
      const searchOnly = await userWithEndpoint(['search.completed'], { credits: 1 });
      const started = await call('POST', '/api/email/searches', { email: 'someone@example.com' }, user.headers);
      expect(started.status).toBe(200);
      const [hook] = await receiver.waitFor(
        'email_search.completed',
        1,
        (h) => h.json.data.search_id === started.json.search_id,
      );
      expect(verifiedByBoth(secret, hook!)).toBe(true);
      expect(hook!.json.data).toMatchObject({ status: 'completed', email: 'someone@example.com', total: 3, found: 3 });
      const other = await call(
        'POST',
        '/api/email/searches',
        { email: 'someone@example.com' },
        searchOnly.user.headers,
      );
      await waitFor(async () => {
        const snap = await call(
          'GET',
          `/api/email/searches/${other.json.search_id}`,
          undefined,
          searchOnly.user.headers,
        );
        return snap.json.status === 'completed' ? true : undefined;
      });
      const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, searchOnly.user.id));
      expect(rows.map((r) => r.eventType)).toEqual(['webhook.test']);
    });

    it('retries after the receiver fails, with the same webhook-id, until it answers 2xx', async () => {
      const { user, id, secret } = await userWithEndpoint(['search.completed']);
      receiver.answerWith(500, 503, 200);
      await db().transaction((tx) =>
        enqueueWebhookEvent(tx, { userId: user.id, type: 'search.completed', data: { search_id: 'retry-probe' } }),
      );
      stack.services.webhooks.flush();
      const hooks = await receiver.waitFor('search.completed', 3, (h) => h.json.data.search_id === 'retry-probe');
      expect(new Set(hooks.map((h) => h.headers['webhook-id'])).size).toBe(1);
      for (const hook of hooks) expect(verifiedByBoth(secret, hook)).toBe(true);
      const delivery = await waitFor(async () => {
        const [row] = await deliveriesOf(id, 'search.completed');
        return row?.status === 'delivered' ? row : undefined;
      });
      expect(delivery.attempts).toBe(3);
      // Redelivery sends it again under the same id.
      const again = await call(
        'POST',
        `/me/webhooks/${id}/deliveries/${delivery.id}/redeliver`,
        undefined,
        user.headers,
      );
      expect(again.status).toBe(202);
      const after = await receiver.waitFor('search.completed', 4, (h) => h.json.data.search_id === 'retry-probe');
      expect(after[3]!.headers['webhook-id']).toBe(delivery.id);
      receiver.answerWith(200);
    });

    it('a 410 disables the endpoint at once; nothing more is enqueued for it', async () => {
      const { user, id } = await userWithEndpoint(['search.completed']);
      receiver.answerWith(410);
      await db().transaction((tx) => enqueueWebhookEvent(tx, { userId: user.id, type: 'search.completed', data: {} }));
      stack.services.webhooks.flush();
      const endpoint = await waitFor(async () => {
        const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
        return row?.status === 'disabled' ? row : undefined;
      });
      receiver.answerWith(200);
      expect(endpoint.disabledReason).toBe('gone');
      // Its owner is told by mail, once, through the outbox after the change committed.
      const told = await waitFor(async () => {
        const rows = await db().select().from(devMail).where(eq(devMail.to, user.email));
        return rows.length > 0 ? rows : undefined;
      }, 5000);
      expect(told.map((m) => m.subject)).toEqual(['Your Hound webhook endpoint was turned off']);
      expect(told[0]!.text).toContain('answered 410 Gone');
      const count = await db().transaction((tx) =>
        enqueueWebhookEvent(tx, { userId: user.id, type: 'search.completed', data: {} }),
      );
      expect(count).toBe(0);
      const redeliver = await call('GET', `/me/webhooks/${id}/deliveries`, undefined, user.headers);
      const failed = redeliver.json.items.find((d: { status: string }) => d.status === 'failed');
      expect(
        (await call('POST', `/me/webhooks/${id}/deliveries/${failed.id}/redeliver`, undefined, user.headers)).json.code,
      ).toBe('WEBHOOK_NOT_VERIFIED');
      // A passing test event enables it again.
      expect((await call('POST', `/me/webhooks/${id}/test`, undefined, user.headers)).json.endpoint.status).toBe(
        'active',
      );
    });

    it('gives up after the 24 h window and flags the endpoint', async () => {
      const { user, id } = await userWithEndpoint(['search.completed']);
      const later = laterSender({ allowLoopback: true });
      receiver.answerWith(500);
      await enqueueLater(user.id, { search_id: 'window' });
      const row = async () => (await deliveriesOf(id, 'search.completed'))[0]!;
      // Attempts until the window ends: 30 s, 5 min, 30 min, 2 h, 8 h, then one at 24 h.
      for (let i = 0; i < 12 && (await row()).status === 'pending'; i++) {
        later.moveTo((await row()).nextAttemptAt.getTime());
        await later.sender.drainNow();
      }
      await later.sender.close();
      receiver.answerWith(200);
      const final = await row();
      expect(final).toMatchObject({ status: 'failed', lastError: 'http_500', attempts: 7 });
      const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      expect(endpoint).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
      const listed = await call('GET', '/me/webhooks', undefined, user.headers);
      expect(listed.json.items[0]).toMatchObject({
        status: 'disabled',
        disabled_reason: 'failing',
        failed_recently: 1,
      });
    });

    it('schedules retries 30 s, 5 min, 30 min, 2 h, 8 h apart and once more at 24 h', () => {
      const from = new Date(0);
      const steps: number[] = [];
      let at = from;
      for (let attempts = 1; ; attempts++) {
        const next = nextAttemptAt(attempts, at, from, 30_000);
        if (!next) break;
        steps.push(next.getTime() - at.getTime());
        at = next;
      }
      expect(steps.slice(0, 5)).toEqual([30_000, 300_000, 1_800_000, 7_200_000, 28_800_000]);
      expect(at.getTime()).toBe(24 * 3600_000);
    });

    it('is the owner’s only: anonymous 401, another user and an admin 404', async () => {
      const { id } = await userWithEndpoint(['search.completed'], { verify: false });
      const stranger = await createTestUser(db());
      const admin = await createTestUser(db(), { isAdmin: true });
      expect((await call('GET', '/me/webhooks')).status).toBe(401);
      expect((await call('POST', '/me/webhooks', { url: receiver.url, events: ['search.completed'] })).status).toBe(
        401,
      );
      for (const who of [stranger, admin]) {
        expect((await call('POST', `/me/webhooks/${id}/test`, undefined, who.headers)).status).toBe(404);
        expect((await call('GET', `/me/webhooks/${id}/deliveries`, undefined, who.headers)).status).toBe(404);
        expect((await call('DELETE', `/me/webhooks/${id}`, undefined, who.headers)).status).toBe(404);
      }
      expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))).toHaveLength(1);
    });

    it('caps endpoints per account under parallel creation', async () => {
      const user = await createTestUser(db());
      const answers = await Promise.all(
        Array.from({ length: 14 }, () =>
          call('POST', '/me/webhooks', { url: receiver.url, events: ['search.completed'] }, user.headers),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 409).every((a) => a.json.code === 'WEBHOOK_ENDPOINTS_LIMIT')).toBe(
        true,
      );
    });

    it.skipIf(!mode.scale)('two processes deliver each event once', async () => {
      const second = await startStack(mode, {
        createEngine: internet.createEngine(),
        join: stack,
        noApp: true,
        waitForEngine: false,
        env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SECONDS: '0.05' },
      });
      try {
        const { user, id } = await userWithEndpoint(['search.completed']);
        await db().transaction(async (tx) => {
          for (let i = 0; i < 20; i++) {
            await enqueueWebhookEvent(tx, {
              userId: user.id,
              type: 'search.completed',
              data: { search_id: `pair-${i}` },
            });
          }
        });
        stack.services.webhooks.flush();
        second.services.webhooks.flush();
        await receiver.waitFor('search.completed', 20, (h) => /^pair-/.test(h.json.data.search_id));
        // Every row sent by one claim (one attempt each): a second sender taking a row would have counted one more.
        const rows = await waitFor(async () => {
          const all = await deliveriesOf(id, 'search.completed');
          return all.length === 20 && all.every((d) => d.status === 'delivered') ? all : undefined;
        });
        expect(rows.every((d) => d.attempts === 1)).toBe(true);
        const ids = receiver.received
          .filter((h) => h.json?.type === 'search.completed' && /^pair-/.test(h.json.data.search_id))
          .map((h) => h.headers['webhook-id']);
        expect(ids).toHaveLength(20);
        expect(new Set(ids).size).toBe(20);
      } finally {
        await second.close();
      }
    });

    it('goes with the account: endpoints and deliveries are deleted', async () => {
      const { user, id } = await userWithEndpoint(['search.completed']);
      expect((await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id))).length).toBe(1);
      expect((await call('DELETE', '/me', undefined, user.headers)).status).toBeLessThan(300);
      expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
      expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id))).toEqual([]);
      expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, user.id))).toEqual([]);
    });
  });
}
