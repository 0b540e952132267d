/** The admin area's user routes, audit trail and the API waitlist, on both stacks. */
import { ADMIN_MESSAGES, SUBSCRIBE_MESSAGES } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, waitlist } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, injectClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`admin and waitlist (${mode.name})`, () => {
    let internet: TestInternet;
    let stack: Stack;
    let call: Call;
    let admin: TestUser;
    let user: TestUser;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 2 });
      stack = await startStack(mode, { createEngine: internet.createEngine() });
      call = injectClient(stack.app, '192.0.2.10');
      admin = await createTestUser(stack.services.db.db, { isAdmin: true, email: 'root@hound.test' });
      user = await createTestUser(stack.services.db.db, { email: 'plain@hound.test' });
    });
    afterAll(async () => {
      await stack?.close();
      await internet?.close();
    });

    const db = () => stack.services.db.db;

    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/users/summary'],
      ['POST', '/admin/users/update-plan', { email: 'plain@hound.test', plan: 'premium' }],
      ['POST', '/admin/users/update-admin', { email: 'plain@hound.test', is_admin: true }],
      ['GET', '/admin/audit'],
      ['GET', '/admin/waitlist'],
      ['GET', '/admin/waitlist.csv'],
    ];

    it('refuses every admin route to anonymous callers (401) and to users (403), and changes nothing', async () => {
      for (const [method, url, body] of routes) {
        expect((await call(method, url, body)).status, `${method} ${url}`).toBe(401);
        const forbidden = await call(method, url, body, user.headers);
        expect(forbidden.status, `${method} ${url}`).toBe(403);
        expect(forbidden.json?.detail).toBe('Admin access required');
      }
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ plan: 'free', isAdmin: false });
    });

    it('summarises users: overview over everyone, search and paging over matches', async () => {
      for (const plan of ['trial', 'premium', 'premium'] as const) await createTestUser(db(), { plan });
      await createTestUser(db(), { email: 'findme_100%@hound.test' });
      const all = await call('GET', '/admin/users/summary?limit=2', undefined, admin.headers);
      expect(all.status).toBe(200);
      const rows = await db().select().from(users);
      expect(all.json.overview).toEqual({
        total_users: rows.length,
        free_count: rows.filter((u) => u.plan === 'free').length,
        trial_count: rows.filter((u) => u.plan === 'trial').length,
        premium_count: rows.filter((u) => u.plan === 'premium').length,
      });
      expect(all.json.items).toHaveLength(2);
      expect(all.json.total).toBe(rows.length);
      const next = await call('GET', '/admin/users/summary?limit=2&skip=2', undefined, admin.headers);
      expect(next.json.items.map((u: { id: string }) => u.id)).not.toContain(all.json.items[0].id);

      const found = await call('GET', '/admin/users/summary?q=FINDME_100%25', undefined, admin.headers);
      expect(found.json.items.map((u: { email: string }) => u.email)).toEqual(['findme_100%@hound.test']);
      // `%` and `_` are literal: "_100" does not match anything else.
      const none = await call('GET', '/admin/users/summary?q=%25%25', undefined, admin.headers);
      expect(none.json.total).toBe(0);
      const premium = await call('GET', '/admin/users/summary?plan=premium', undefined, admin.headers);
      expect(premium.json.items.every((u: { plan: string }) => u.plan === 'premium')).toBe(true);
      expect((await call('GET', '/admin/users/summary?limit=201', undefined, admin.headers)).status).toBe(422);
    });

    it('sets a plan with an audit entry naming who, what, before, after and where', async () => {
      const target = await createTestUser(db());
      const answer = await call(
        'POST',
        '/admin/users/update-plan',
        { email: target.email.toUpperCase(), plan: 'trial' },
        admin.headers,
      );
      expect(answer.json).toMatchObject({ email: target.email, old_plan: 'free', plan: 'trial' });
      // A plan set by hand grants its allowance once (decision 109): the trial's credits here.
      expect(answer.json.credits_granted).toBeGreaterThan(0);
      const me = await call('GET', '/auth/me', undefined, target.headers);
      expect(me.json.plan).toBe('trial');
      expect(me.json.email_search_credits).toBe(answer.json.credits);
      const audit = await call(
        'GET',
        `/admin/audit?target=${encodeURIComponent(target.email)}`,
        undefined,
        admin.headers,
      );
      expect(audit.json.items).toHaveLength(1);
      expect(audit.json.items[0]).toMatchObject({
        actor_email: 'root@hound.test',
        action: 'user.plan.update',
        target_email: target.email,
        before: { plan: 'free', plan_source: 'default' },
        after: { plan: 'trial', plan_source: 'admin' },
        ip: '192.0.2.10',
      });
      const missing = await call(
        'POST',
        '/admin/users/update-plan',
        { email: 'nobody@hound.test', plan: 'free' },
        admin.headers,
      );
      expect(missing.status).toBe(404);
      expect(missing.json.detail).toBe(ADMIN_MESSAGES.userNotFound);
      const bad = await call('POST', '/admin/users/update-plan', { email: target.email, plan: 'gold' }, admin.headers);
      expect(bad.status).toBe(400);
    });

    it('keeps the last admin: nobody can remove the only admin rights left', async () => {
      const solo = await startStack(mode, { createEngine: internet.createEngine() });
      try {
        const soloCall = injectClient(solo.app);
        const only = await createTestUser(solo.services.db.db, { isAdmin: true });
        const refused = await soloCall(
          'POST',
          '/admin/users/update-admin',
          { email: only.email, is_admin: false },
          only.headers,
        );
        expect(refused.status).toBe(400);
        expect(refused.json.detail).toBe(ADMIN_MESSAGES.lastAdmin);
        const second = await createTestUser(solo.services.db.db);
        expect(
          (await soloCall('POST', '/admin/users/update-admin', { email: second.email, is_admin: true }, only.headers))
            .json,
        ).toEqual({ email: second.email, is_admin: true });
        // Two admins demoting themselves at once: exactly one succeeds, the other is refused (not a server
        // error), in every interleaving; a few rounds, the one left granting the other again.
        for (let round = 0; round < 6; round++) {
          const [a, b] = await Promise.all([
            soloCall('POST', '/admin/users/update-admin', { email: only.email, is_admin: false }, only.headers),
            soloCall('POST', '/admin/users/update-admin', { email: second.email, is_admin: false }, second.headers),
          ]);
          expect([a!.status, b!.status].sort()).toEqual([200, 400]);
          const admins = await solo.services.db.db.select().from(users).where(eq(users.isAdmin, true));
          expect(admins).toHaveLength(1);
          const [left, demoted] = a!.status === 400 ? [only, second] : [second, only];
          const regrant = { email: demoted.email, is_admin: true };
          expect((await soloCall('POST', '/admin/users/update-admin', regrant, left.headers)).status).toBe(200);
        }
      } finally {
        await solo.close();
      }
    });

    it('joins the waitlist once per address, with the spec messages, and lists it for admins as CSV', async () => {
      const visitor = injectClient(stack.app, '198.51.100.7');
      expect((await visitor('POST', '/api/subscribe', { email: '' })).json).toEqual({
        status: 'error',
        message: SUBSCRIBE_MESSAGES.empty,
      });
      for (const email of ['nope', 'a@b', 'x$y@example.com', `${'a'.repeat(70)}@example.com`]) {
        expect((await visitor('POST', '/api/subscribe', { email })).json).toEqual({
          status: 'error',
          message: SUBSCRIBE_MESSAGES.invalid,
        });
      }
      const first = await visitor('POST', '/api/subscribe', { email: 'Dev@Example.com' });
      expect(first.json).toEqual({ status: 'success', message: SUBSCRIBE_MESSAGES.success });
      const again = await visitor('POST', '/api/subscribe', { email: ' dev@example.com ' });
      expect(again.json).toEqual(first.json);
      const rows = await db().select().from(waitlist).where(eq(waitlist.email, 'dev@example.com'));
      expect(rows).toHaveLength(1);
      // `=` no longer passes the address rule (decision 094); `+` and `-` do, and a spreadsheet runs them too.
      await visitor('POST', '/api/subscribe', { email: '+cmd@example.com' });

      const list = await call('GET', '/admin/waitlist', undefined, admin.headers);
      expect(list.json.items.map((i: { email: string }) => i.email)).toContain('dev@example.com');
      const csv = await call('GET', '/admin/waitlist.csv', undefined, admin.headers);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.text).toContain('dev@example.com,');
      expect(csv.text).toContain("'+cmd@example.com");
    });

    it('caps waitlist requests per IP', async () => {
      const flood = injectClient(stack.app, '203.0.113.99');
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push(await flood('POST', '/api/subscribe', { email: `f${i}@example.com` }));
      expect(answers.slice(0, 10).every((a) => a.json.status === 'success')).toBe(true);
      expect(answers[10]!.status).toBe(429);
      expect(answers[10]!.json).toEqual({ status: 'error', message: SUBSCRIBE_MESSAGES.tooMany });
      const stored = await db().select().from(waitlist).where(eq(waitlist.email, 'f10@example.com'));
      expect(stored).toEqual([]);
    });
  });
}
