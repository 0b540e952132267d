/**
 * Watchlists end to end on each stack (issue 39): the API's authorisation and plan limits, then a watch's
 * life on a moved clock against the simulated internet — silent baseline, an account planted and confirmed
 * (one "appeared", one mail), a flapping site that says nothing, an account removed (one "disappeared" after
 * two runs), the digest, one-click mail links, suspension on downgrade, and deletion with the account.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devMail,
  mailOutbox,
  searches,
  users,
  watchEvents,
  watches,
  watchRuns,
  watchSiteState,
} from '../src/db/schema/index.ts';
import { watchLinks } from '../src/features/watches/mail-links.ts';
import type { WatchDeps } from '../src/features/watches/watch-deps.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, injectClient, untilEnded, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';
import { DAY, HOUR, MINUTE, passUntilSettled, TestClock, watchDepsOf } from './support/watch-driver.ts';
import { startWebhookReceiver, verifyStandardWebhook, type WebhookReceiver } from './support/webhook-receiver.ts';

const PURPOSE = 'Brand protection for our own accounts.';
for (const mode of MODES) {
  describe.skipIf(mode.skip)(`watches (${mode.name})`, () => {
    let net: TestInternet;
    let stack: Stack;
    let call: Call;
    let deps: WatchDeps;
    const clock = new TestClock(new Date('2026-03-02T03:00:00Z'));
    let free: TestUser;
    let paid: TestUser;
    let other: TestUser;
    let admin: TestUser;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      net = await startTestInternet({ sites: 12 });
      stack = await startStack(mode, {
        createEngine: net.createEngine(),
        now: clock.now,
        env: { WATCH_CONFIRM_DELAY_SECONDS: '120', WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SECONDS: '0.05' },
      });
      call = injectClient(stack.app);
      deps = watchDepsOf(stack, clock);
      receiver = await startWebhookReceiver();
      const db = stack.services.db.db;
      free = await createTestUser(db);
      paid = await createTestUser(db, { plan: 'premium' });
      other = await createTestUser(db, { plan: 'premium' });
      admin = await createTestUser(db, { isAdmin: true, plan: 'premium' });
    });
    afterAll(async () => {
      await stack?.close();
      await net?.close();
      await receiver?.close();
    });

    const create = (user: TestUser, body: Record<string, unknown>) =>
      call('POST', '/api/watches', { purpose: PURPOSE, ...body }, user.headers);
    const events = async (watchId: string) =>
      stack.services.db.db.select().from(watchEvents).where(eq(watchEvents.watchId, watchId));
    const types = async (watchId: string) =>
      (await events(watchId)).map((e) => `${e.type}${e.site ? `:${e.site}` : ''}`).sort();

    describe('who may do what', () => {
      let watchId: string;
      beforeAll(async () => {
        const made = await create(paid, { kind: 'username', target: 'owned', cadence: 'daily' });
        expect(made.status, made.text).toBe(201);
        watchId = made.json.id;
      });

      it('anonymous callers get 401 on every watch route', async () => {
        const routes: Array<[string, string, unknown?]> = [
          ['GET', '/api/watches'],
          ['POST', '/api/watches', { kind: 'username', target: 'x', purpose: PURPOSE }],
          ['GET', `/api/watches/${watchId}`],
          ['PATCH', `/api/watches/${watchId}`, { status: 'paused' }],
          ['DELETE', `/api/watches/${watchId}`],
          ['POST', `/api/watches/${watchId}/run`],
          ['GET', `/api/watches/${watchId}/events`],
          ['POST', `/api/watches/${watchId}/events/x`, { status: 'seen' }],
          ['GET', '/api/watch-settings'],
          ['PUT', '/api/watch-settings', { digest_hour: 7, time_zone: 'UTC' }],
        ];
        for (const [method, url, body] of routes) {
          const answer = await call(method, url, body);
          expect(answer.status, `${method} ${url}`).toBe(401);
        }
      });

      it('another user, and an admin, get the 404 of a missing watch and change nothing', async () => {
        for (const stranger of [other, admin]) {
          for (const [method, url, body] of [
            ['GET', `/api/watches/${watchId}`],
            ['PATCH', `/api/watches/${watchId}`, { status: 'paused' }],
            ['DELETE', `/api/watches/${watchId}`],
            ['POST', `/api/watches/${watchId}/run`],
            ['GET', `/api/watches/${watchId}/events`],
          ] as Array<[string, string, unknown?]>) {
            const answer = await call(method, url, body, stranger.headers);
            expect(answer.status, `${method} ${url}`).toBe(404);
          }
          expect((await call('GET', '/api/watches', undefined, stranger.headers)).json.items).toEqual([]);
        }
        const [row] = await stack.services.db.db.select().from(watches).where(eq(watches.id, watchId));
        expect(row?.status).toBe('active');
      });

      it("admins see a user's watches in the user view; others may not", async () => {
        const seen = await call('GET', `/admin/users/${paid.id}/watches`, undefined, admin.headers);
        expect(seen.status).toBe(200);
        expect(seen.json.items.map((w: { id: string }) => w.id)).toContain(watchId);
        expect((await call('GET', `/admin/users/${paid.id}/watches`, undefined, other.headers)).status).toBe(403);
        expect((await call('GET', `/admin/users/${paid.id}/watches`)).status).toBe(401);
      });

      it('creation is audited with the purpose', async () => {
        const audit = await call(
          'GET',
          `/admin/audit?target=${encodeURIComponent(paid.email)}`,
          undefined,
          admin.headers,
        );
        const entry = audit.json.items.find((i: { action: string }) => i.action === 'watch.create');
        expect(entry?.after).toMatchObject({ watch: watchId, kind: 'username', target: 'owned', purpose: PURPOSE });
      });

      it('the owner deletes it, with everything it kept', async () => {
        expect((await call('DELETE', `/api/watches/${watchId}`, undefined, paid.headers)).status).toBe(204);
        expect((await call('GET', `/api/watches/${watchId}`, undefined, paid.headers)).status).toBe(404);
      });
    });

    describe('plans and input', () => {
      it('a free account: one weekly username watch, no daily one, no email watch', async () => {
        const list = await call('GET', '/api/watches', undefined, free.headers);
        expect(list.json.plan).toEqual({
          username: { slots: 1, used: 0, cadences: ['weekly'] },
          email: { slots: 0, used: 0, cadences: ['weekly'], other_addresses: false },
        });
        expect((await create(free, { kind: 'username', target: 'freebie', cadence: 'daily' })).json.code).toBe(
          'WATCH_PLAN_LIMIT',
        );
        const made = await create(free, { kind: 'username', target: 'freebie' });
        expect(made.status).toBe(201);
        expect(made.json.cadence).toBe('weekly');
        expect((await create(free, { kind: 'username', target: 'second' })).json.code).toBe('WATCH_PLAN_LIMIT');
        expect((await create(free, { kind: 'email', target: free.email })).json.code).toBe('WATCH_PLAN_LIMIT');
        expect((await call('DELETE', `/api/watches/${made.json.id}`, undefined, free.headers)).status).toBe(204);
      });

      it('bad input is refused with a clear error and stores nothing', async () => {
        const before = await stack.services.db.db.select().from(watches);
        expect((await create(paid, { kind: 'username', target: 'bad name!' })).status).toBe(422);
        expect((await create(paid, { kind: 'email', target: 'not-an-address' })).status).toBe(422);
        expect(
          (await call('POST', '/api/watches', { kind: 'username', target: 'x', purpose: 'short' }, paid.headers)).json
            .code,
        ).toBe('INVALID_INPUT');
        expect((await create(paid, { kind: 'username', target: 'x', scope: { sites: ['No Such Site'] } })).status).toBe(
          422,
        );
        expect((await create(paid, { kind: 'username', target: 'x', cadence: 'hourly' })).status).toBe(400);
        expect(await stack.services.db.db.select().from(watches)).toHaveLength(before.length);
      });

      it("a search's site selection is checked and stored as the search stored it; a bad one stores nothing", async () => {
        const asked = { sites: ['Site01', 'Site01', ' Site04 '], nsfw: true };
        const started = await call('POST', '/api/search', { username: 'scoped', ...asked }, paid.headers);
        expect(started.status, started.text).toBe(200);
        const status = await untilEnded(call, started.json.search_id);
        expect(status.scope).toEqual({ sites: ['Site01', 'Site04'], nsfw: true });
        // What "Watch this" sends: the selection as typed; the watch keeps it as the search did.
        const made = await create(paid, { kind: 'username', target: 'scoped', scope: asked });
        expect(made.status, made.text).toBe(201);
        expect(made.json.scope).toEqual(status.scope);
        const [row] = await stack.services.db.db.select().from(watches).where(eq(watches.id, made.json.id));
        expect(row?.scope).toEqual(status.scope);
        const before = await stack.services.db.db.select().from(watches);
        for (const scope of [{ categories: ['no-such-category'] }, { sites: ['Site01', 'No Such Site'] }]) {
          const refused = await create(paid, { kind: 'username', target: 'scoped2', scope });
          expect(refused.status).toBe(422);
          expect(refused.json.code).toBe('SEARCH_SCOPE_INVALID');
          expect(refused.json.detail).toMatch(/site|categor/i);
        }
        expect(await stack.services.db.db.select().from(watches)).toHaveLength(before.length);
        await call('DELETE', `/api/watches/${made.json.id}`, undefined, paid.headers);
      });

      it('the same target twice is a 409', async () => {
        const first = await create(other, { kind: 'username', target: 'twice' });
        expect(first.status).toBe(201);
        expect((await create(other, { kind: 'username', target: 'twice' })).status).toBe(409);
        await call('DELETE', `/api/watches/${first.json.id}`, undefined, other.headers);
      });

      it('a paid account may watch another address, weekly', async () => {
        const made = await create(other, { kind: 'email', target: 'Someone@Example.com', cadence: 'weekly' });
        expect(made.status, made.text).toBe(201);
        expect(made.json.target).toBe('someone@example.com');
        expect((await create(other, { kind: 'email', target: 'b@example.com', cadence: 'daily' })).json.code).toBe(
          'WATCH_PLAN_LIMIT',
        );
        await call('DELETE', `/api/watches/${made.json.id}`, undefined, other.headers);
      });

      it('digest settings: an unknown time zone is refused', async () => {
        expect(
          (await call('PUT', '/api/watch-settings', { digest_hour: 7, time_zone: 'Mars/Base' }, paid.headers)).status,
        ).toBe(400);
        const saved = await call(
          'PUT',
          '/api/watch-settings',
          { digest_hour: 7, time_zone: 'Europe/Istanbul' },
          paid.headers,
        );
        expect(saved.json).toEqual({ digest_hour: 7, time_zone: 'Europe/Istanbul' });
        expect((await call('GET', '/api/watch-settings', undefined, paid.headers)).json).toEqual(saved.json);
      });
    });

    describe("a watch's life", () => {
      let id: string;
      const planted = 'site03.example';
      const flapping = 'site05.example';

      let secret: string;

      it('the first run is a silent baseline', async () => {
        const endpoint = await call(
          'POST',
          '/me/webhooks',
          { url: receiver.url, events: ['watch.event'] },
          paid.headers,
        );
        secret = endpoint.json.secret;
        expect((await call('POST', `/me/webhooks/${endpoint.json.id}/test`, undefined, paid.headers)).status).toBe(200);
        const made = await create(paid, {
          kind: 'username',
          target: 'alice',
          label: 'Alice',
          cadence: 'daily',
          notify: { webhook: true },
        });
        id = made.json.id;
        await passUntilSettled(deps);
        expect(await types(id)).toEqual(['baseline']);
        const [baseline] = await events(id);
        expect(baseline?.detail).toEqual({ found: 0, not_found: 12, undecided: 0 });
        expect(baseline?.notifiedAt).toBeNull(); // waits for the digest
        const watch = (await call('GET', `/api/watches/${id}`, undefined, paid.headers)).json;
        // The baseline is in the timeline but is not news: it does not count on the new-event badge.
        expect(watch).toMatchObject({ running: false, new_events: 0, present: 0, status: 'active' });
        const timeline = (await call('GET', `/api/watches/${id}/events`, undefined, paid.headers)).json;
        expect(timeline.items.map((e: { type: string; status: string }) => `${e.type}:${e.status}`)).toEqual([
          'baseline:seen',
        ]);
        expect(watch.last_run).toMatchObject({ complete: true, counts: { found: 0, not_found: 12 } });
        // About a day after creation (decision 158): the jitter moves it at most half a period earlier.
        expect(new Date(watch.next_run_at).getTime()).toBeGreaterThan(clock.at.getTime() + DAY / 2);
        expect(new Date(watch.next_run_at).getTime()).toBeLessThanOrEqual(clock.at.getTime() + DAY);
      });

      it('a second pass in the same period claims nothing', async () => {
        const outcomes = await passUntilSettled(deps);
        expect(outcomes.reduce((n, o) => n + o.claimed, 0)).toBe(0);
      });

      it('an account planted, with a site flapping: confirmed once, then one appeared event and one mail', async () => {
        net.internet.register(planted, 'alice');
        net.internet.fault(flapping, { kind: 'flap', share: 0.5, fault: { kind: 'waf', vendor: 'cloudflare' } });
        clock.advance(DAY);
        await passUntilSettled(deps);
        // Found, but not told yet: confirmed a few minutes later with a never-registered name.
        expect(await types(id)).toEqual(['baseline']);
        const [state] = await stack.services.db.db
          .select()
          .from(watchSiteState)
          .where(and(eq(watchSiteState.watchId, id), eq(watchSiteState.site, planted)));
        expect(state).toMatchObject({ state: 'absent', pending: 'present' });
        await passUntilSettled(deps); // not due yet
        expect(await types(id)).toEqual(['baseline']);
        clock.advance(3 * MINUTE);
        await passUntilSettled(deps);
        expect(await types(id)).toEqual(['appeared:site03.example', 'baseline']);
        const appeared = (await events(id)).find((e) => e.type === 'appeared')!;
        expect(appeared.detail).toMatchObject({
          url: `https://${planted}/user/alice`,
          verdict: 'found',
          control: { verdict: 'not_found' },
        });
        const runs = await stack.services.db.db.select().from(watchRuns).where(eq(watchRuns.watchId, id));
        const confirm = runs.find((r) => r.kind === 'confirm')!;
        const [control] = await stack.services.db.db
          .select()
          .from(searches)
          .where(eq(searches.id, confirm.controlSearchId!));
        expect(control?.username).not.toBe('alice');
        expect(control?.scope).toEqual({ sites: [planted] });
        const mail = await waitFor(async () => {
          const rows = await stack.services.db.db.select().from(devMail).where(eq(devMail.to, paid.email));
          return rows.find((m) => m.subject.includes('new account')) ?? undefined;
        });
        expect(mail.subject).toBe('Alice (alice): a new account on Site03');
        expect(mail.text).toContain(`https://${planted}/user/alice`);
        expect(mail.text).toContain('never-registered');
        // The same event, signed, to the owner's webhook endpoint.
        const [hook] = await receiver.waitFor('watch.event', 1, (h) => h.json.data.event.type === 'appeared');
        expect(verifyStandardWebhook(secret, hook!)).toBe(true);
        expect(hook!.json.data).toMatchObject({
          watch: { id, kind: 'username', target: 'alice', label: 'Alice' },
          event: { id: appeared.id, type: 'appeared', site: planted, status: 'new' },
        });
      });

      it('the flapping site and further runs say nothing more', async () => {
        for (let day = 0; day < 3; day++) {
          clock.advance(DAY);
          await passUntilSettled(deps);
          clock.advance(3 * MINUTE);
          await passUntilSettled(deps);
        }
        expect(await types(id)).toEqual(['appeared:site03.example', 'baseline']);
        net.internet.fault(flapping, null);
      });

      it('an account removed: one disappeared event, after two runs', async () => {
        net.internet.unregister(planted, 'alice');
        clock.advance(DAY);
        await passUntilSettled(deps);
        expect(await types(id)).toEqual(['appeared:site03.example', 'baseline']);
        clock.advance(DAY);
        await passUntilSettled(deps);
        expect(await types(id)).toEqual(['appeared:site03.example', 'baseline', 'disappeared:site03.example']);
      });

      it('events page newest first and can be triaged; paging out of range is a 422', async () => {
        const page = await call('GET', `/api/watches/${id}/events?limit=2`, undefined, paid.headers);
        expect(page.json.total).toBe(3);
        expect(page.json.items.map((e: { type: string }) => e.type)).toEqual(['disappeared', 'appeared']);
        expect((await call('GET', `/api/watches/${id}/events?skip=-1`, undefined, paid.headers)).status).toBe(422);
        const first = page.json.items[0].id;
        const seen = await call('POST', `/api/watches/${id}/events/${first}`, { status: 'dismissed' }, paid.headers);
        expect(seen.json.status).toBe('dismissed');
        expect((await call('POST', `/api/watches/${id}/events/nope`, { status: 'seen' }, paid.headers)).status).toBe(
          404,
        );
        // Left new: the appearance (the disappearance was dismissed, the baseline was never news).
        expect((await call('GET', `/api/watches/${id}`, undefined, paid.headers)).json.new_events).toBe(1);
      });

      it("the digest goes once a day at the user's hour, in one mail", async () => {
        const digests = async () =>
          (await stack.services.db.db.select().from(devMail).where(eq(devMail.to, paid.email))).filter((m) =>
            /updates|güncelleme/.test(m.subject),
          );
        await stack.services.db.db.update(users).set({ language: 'tr' }).where(eq(users.id, paid.id));
        // 03:xx UTC is 06:xx in Istanbul: before the hour (7) set above.
        await passUntilSettled(deps);
        expect(await digests()).toHaveLength(0);
        clock.set(`${clock.at.toISOString().slice(0, 10)}T05:30:00Z`); // 08:30 in Istanbul
        await passUntilSettled(deps);
        const [digest] = await waitFor(async () => ((await digests()).length > 0 ? digests() : undefined));
        expect(digest?.subject).toBe('Hound izlemeleriniz: 2 güncelleme');
        expect(digest?.text).toContain('Site03: hesap artık yok');
        expect(digest?.text).toContain('İlk çalıştırma tamam');
        const waiting = (await events(id)).filter((e) => !e.immediate && e.notifiedAt === null);
        expect(waiting).toEqual([]);
        await passUntilSettled(deps);
        expect(await digests()).toHaveLength(1);
      });

      it('run now: once an hour, never while a run is open', async () => {
        const first = await call('POST', `/api/watches/${id}/run`, undefined, paid.headers);
        expect(first.status).toBe(202);
        expect(first.json.running).toBe(true);
        expect((await call('POST', `/api/watches/${id}/run`, undefined, paid.headers)).json.code).toBe(
          'WATCH_RUN_OPEN',
        );
        await passUntilSettled(deps);
        const again = await call('POST', `/api/watches/${id}/run`, undefined, paid.headers);
        expect(again.status).toBe(429);
        expect(Number(again.headers['retry-after'])).toBeGreaterThan(3000);
        clock.advance(HOUR);
        expect((await call('POST', `/api/watches/${id}/run`, undefined, paid.headers)).status).toBe(202);
        await passUntilSettled(deps);
      });

      it('mail links: a wrong token changes nothing; the right one stops mails or pauses', async () => {
        const links = await watchLinks(deps, id);
        const token = new URL(links.unsubscribePage).searchParams.get('token')!;
        const pauseToken = new URL(links.pausePage).searchParams.get('token')!;
        expect((await call('POST', `/api/watches/${id}/mail-action`, { action: 'pause', token })).status).toBe(400);
        expect((await call('POST', `/api/watches/${id}/unsubscribe?token=${pauseToken}`)).status).toBe(400);
        const oneClick = await stack.app.inject({
          method: 'POST',
          url: new URL(links.oneClick).pathname + new URL(links.oneClick).search,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(oneClick.statusCode).toBe(200);
        let [row] = await stack.services.db.db.select().from(watches).where(eq(watches.id, id));
        expect(row).toMatchObject({ notifyMail: false, status: 'active' });
        expect(
          (await call('POST', `/api/watches/${id}/mail-action`, { action: 'pause', token: pauseToken })).json,
        ).toEqual({
          action: 'pause',
          label: 'Alice',
        });
        [row] = await stack.services.db.db.select().from(watches).where(eq(watches.id, id));
        expect(row?.status).toBe('paused');
        const resumed = await call(
          'PATCH',
          `/api/watches/${id}`,
          { status: 'active', notify: { mail: true } },
          paid.headers,
        );
        expect(resumed.json).toMatchObject({ status: 'active', notify: { mail: true, webhook: true } });
      });

      it('a plan that no longer covers the watch suspends it (kept), and covering it again resumes it', async () => {
        await stack.services.db.db.update(users).set({ plan: 'free' }).where(eq(users.id, paid.id));
        await passUntilSettled(deps);
        let watch = (await call('GET', `/api/watches/${id}`, undefined, paid.headers)).json;
        expect(watch.status).toBe('suspended'); // daily is not a free cadence
        expect((await call('PATCH', `/api/watches/${id}`, { status: 'active' }, paid.headers)).json.code).toBe(
          'WATCH_PLAN_LIMIT',
        );
        expect((await call('PATCH', `/api/watches/${id}`, { cadence: 'weekly' }, paid.headers)).status).toBe(200);
        await passUntilSettled(deps);
        watch = (await call('GET', `/api/watches/${id}`, undefined, paid.headers)).json;
        expect(watch.status).toBe('active');
        await stack.services.db.db.update(users).set({ plan: 'premium' }).where(eq(users.id, paid.id));
      });

      it('deleting the account deletes the watch and everything it kept', async () => {
        const outbox = await stack.services.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, paid.email));
        expect(outbox.every((m) => m.status !== 'failed')).toBe(true);
        expect((await call('DELETE', '/me', undefined, paid.headers)).status).toBe(204);
        const db = stack.services.db.db;
        expect(await db.select().from(watches).where(eq(watches.id, id))).toEqual([]);
        expect(await db.select().from(watchSiteState).where(eq(watchSiteState.watchId, id))).toEqual([]);
        expect(await db.select().from(watchEvents).where(eq(watchEvents.watchId, id))).toEqual([]);
        expect(await db.select().from(watchRuns).where(eq(watchRuns.watchId, id))).toEqual([]);
        expect(await db.select().from(searches).where(eq(searches.watchId, id))).toEqual([]);
      });
    });
  });
}
