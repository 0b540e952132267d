/**
 * The public API (decisions 143, 144): keys made in a session, shown once, stored as a keyed hash; the key
 * used on /api/v1 (username and email searches, waiting, streaming, cancel, usage), rolled with a 24 h
 * overlap and revoked at once — on every node; scopes; keys refused anywhere else; limits and their
 * headers under 30 parallel requests per key and per account; idempotent spending under retries with the
 * key on every ledger entry — on both stacks.
 */
import { serveEmailChecks } from '@hound/testkit';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { adminAudit, apiKeys, creditLedger, emailSearches, users } from '../src/db/schema/index.ts';
import { recoverEmailSearches } from '../src/features/email-search/recover-email-searches.ts';
import { appDeps } from '../src/services.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { fewEmailChecks } from './support/email-checks.ts';
import { type Call, socketClient, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const HOUR = 3600_000;
const KEY_SHAPE = /^hound_live_[0-9a-z]{12}_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/;
const ENV = {
  API_FREE_REQUESTS_PER_MINUTE: '10',
  API_FREE_KEYS: '2',
  API_PAID_REQUESTS_PER_MINUTE: '1000',
  API_PAID_ACTIVE_SEARCHES: '2',
  API_PAID_SEARCHES_PER_DAY: '6',
  LIMIT_ACTIVE_PER_ACCOUNT: '3',
};

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`public API (${mode.name})`, () => {
    let internet: TestInternet;
    let stack: Stack;
    let call: Call;
    /** The API's clock (rate windows, roll overlap): real time, moved by `shift` or held at `frozen`. */
    let shift = 0;
    let frozen: number | undefined;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 4 });
      const few = fewEmailChecks(internet.dir, 3);
      serveEmailChecks(internet.internet, few.checks).register('someone@example.com');
      stack = await startStack(mode, {
        createEngine: internet.createEngine({ emailCatalogues: [few.file], timeoutMs: 60_000 }),
        env: ENV,
        now: () => new Date(frozen ?? Date.now() + shift),
      });
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      call = socketClient(`http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`);
    });
    afterAll(async () => {
      await stack?.close();
      await internet?.close();
    });

    const db = () => stack.services.db.db;
    const withKey = (key: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...extra });
    const hangEverySite = (on: boolean) => {
      for (const host of internet.internet.hosts()) internet.internet.fault(host, on ? { kind: 'hang' } : null);
    };

    async function newKey(user: TestUser, scopes = ['search:username', 'search:email', 'account:read']) {
      const created = await call('POST', '/me/api-keys', { name: 'script', scopes }, user.headers);
      expect(created.status, created.text).toBe(201);
      return created.json as { id: string; key: string; prefix: string };
    }

    it('creates a key shown once, stored only as a keyed hash, listed by prefix with 30 days of usage', async () => {
      const user = await createTestUser(db(), { plan: 'premium' });
      const created = await newKey(user);
      expect(created.key).toMatch(KEY_SHAPE);
      expect(created.prefix).toBe(`hound_live_${created.id}_…${created.key.split('_')[3]!.slice(-4)}`);
      const secret = created.key.split('_')[3]!;
      const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, created.id));
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
      const listed = await call('GET', '/me/api-keys', undefined, user.headers);
      expect(listed.json.limits).toMatchObject({ plan: 'premium', requests_per_minute: 1000, active_searches: 2 });
      expect(listed.json.items).toHaveLength(1);
      expect(JSON.stringify(listed.json)).not.toContain(secret);
      expect(listed.json.items[0].usage).toHaveLength(30);
      const audit = await db().select().from(adminAudit).where(eq(adminAudit.actorUserId, user.id));
      expect(audit.map((a) => a.action)).toEqual(['apikey.create']);
    });

    it('runs a username search with the key: 202, long poll until complete, tree, list, events, usage', async () => {
      const user = await createTestUser(db(), { plan: 'premium' });
      const { key, id } = await newKey(user);
      const started = await call('POST', '/api/v1/searches', { username: 'blue' }, withKey(key));
      expect(started.status, started.text).toBe(202);
      expect(started.json).toMatchObject({
        status: 'queued',
        status_url: `/api/v1/searches/${started.json.search_id}`,
      });
      expect(started.headers.location).toBe(started.json.status_url);
      expect(started.headers['ratelimit-limit']).toBe('1000');
      const done = await call('GET', `${started.json.status_url}?wait=30`, undefined, withKey(key));
      expect(done.json).toMatchObject({ complete: true, status: 'completed', username: 'blue' });
      expect(Object.keys(done.json.result.results)).toHaveLength(4);
      const events = await call('GET', started.json.events_url, undefined, withKey(key));
      expect(events.text).toContain('event: done');
      expect((await call('GET', started.json.tree_url, undefined, withKey(key))).json.format).toBe('hound-tree/1');
      const list = await call('GET', '/api/v1/searches', undefined, withKey(key));
      expect(list.json.items[0]).toMatchObject({
        search_id: started.json.search_id,
        api_key_id: id,
        found: done.json.result.total_found,
        checked: 4,
      });
      const usage = await call('GET', '/api/v1/usage', undefined, withKey(key));
      expect(usage.json.key.id).toBe(id);
      const today = usage.json.key.usage.at(-1);
      expect(today).toMatchObject({ searches: 1 });
      expect(today.requests).toBeGreaterThanOrEqual(6);
      // Another account's key sees nothing of it.
      const other = await newKey(await createTestUser(db(), { plan: 'premium' }));
      expect((await call('GET', started.json.status_url, undefined, withKey(other.key))).status).toBe(404);
      expect((await call('DELETE', started.json.status_url, undefined, withKey(other.key))).status).toBe(404);
    });

    it('rolls with a 24 h overlap, then revokes: 401 at once for both secrets', async () => {
      const user = await createTestUser(db(), { plan: 'premium' });
      const first = await newKey(user);
      const usage = (key: string) => call('GET', '/api/v1/usage', undefined, withKey(key));
      expect((await usage(first.key)).status).toBe(200);
      const rolled = await call('POST', `/me/api-keys/${first.id}/roll`, undefined, user.headers);
      expect(rolled.status).toBe(200);
      expect(rolled.json.key).toMatch(KEY_SHAPE);
      expect(rolled.json.id).toBe(first.id);
      expect(rolled.json.key).not.toBe(first.key);
      expect((await usage(rolled.json.key)).status).toBe(200);
      expect((await usage(first.key)).status).toBe(200);
      shift = 24 * HOUR + 1000;
      try {
        expect((await usage(first.key)).json.code).toBe('API_KEY_INVALID');
        expect((await usage(rolled.json.key)).status).toBe(200);
      } finally {
        shift = 0;
      }
      const second = await call('POST', `/me/api-keys/${first.id}/roll`, undefined, user.headers);
      expect((await call('DELETE', `/me/api-keys/${first.id}`, undefined, user.headers)).status).toBe(204);
      for (const key of [second.json.key, rolled.json.key]) {
        const refused = await usage(key);
        expect(refused.status).toBe(401);
        expect(refused.json.code).toBe('API_KEY_INVALID');
      }
      const audit = await db().select().from(adminAudit).where(eq(adminAudit.actorUserId, user.id));
      expect(audit.map((a) => a.action)).toEqual(['apikey.create', 'apikey.roll', 'apikey.roll', 'apikey.revoke']);
    });

    it('refuses what the scopes do not allow (403) and bad or missing keys (401)', async () => {
      const user = await createTestUser(db(), { plan: 'premium', credits: 3 });
      const { key } = await newKey(user, ['search:username']);
      const email = await call(
        'POST',
        '/api/v1/email-searches',
        { email: 'someone@example.com' },
        withKey(key, { 'idempotency-key': 'scope-probe-1' }),
      );
      expect(email.status).toBe(403);
      expect(email.json.code).toBe('API_KEY_SCOPE');
      expect((await call('GET', '/api/v1/usage', undefined, withKey(key))).json.code).toBe('API_KEY_SCOPE');
      expect((await call('GET', '/api/v1/email-searches', undefined, { 'x-api-key': key })).status).toBe(403);
      expect((await call('GET', '/api/v1/searches', undefined, { 'x-api-key': key })).status).toBe(200);
      expect(await db().select().from(emailSearches).where(eq(emailSearches.userId, user.id))).toEqual([]);
      const typo = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
      for (const headers of [{}, withKey(typo), user.headers, { 'x-api-key': 'hound_live_nonsense' }] as Record<
        string,
        string
      >[]) {
        const refused = await call('GET', '/api/v1/searches', undefined, headers);
        expect(refused.status).toBe(401);
        expect(refused.json.code).toBe('API_KEY_INVALID');
      }
    });

    it('refuses a key on every route outside /api/v1 (billing, admin, deletion, key management, web routes)', async () => {
      const user = await createTestUser(db(), { plan: 'premium', isAdmin: true, credits: 2 });
      const { key, id } = await newKey(user);
      const outside: Array<[string, string, unknown?]> = [
        ['GET', '/me/credits'],
        ['POST', '/me/credits/decrement'],
        ['GET', '/me/api-keys'],
        ['POST', '/me/api-keys', { name: 'escalate', scopes: ['search:username'] }],
        ['POST', `/me/api-keys/${id}/roll`],
        ['DELETE', `/me/api-keys/${id}`],
        ['DELETE', '/me'],
        ['GET', '/billing/portal'],
        ['POST', '/billing/checkout', { price_id: 'x', mode: 'subscription' }],
        ['GET', '/admin/users/summary'],
        ['POST', '/admin/grant-credits', { email: user.email, credits: 5 }],
        ['POST', '/api/search', { username: 'blue' }],
        ['GET', '/auth/me'],
        ['POST', '/me/webhooks', { url: 'https://example.com/h', events: ['search.completed'] }],
      ];
      for (const [method, path, body] of outside) {
        for (const headers of [withKey(key), { 'x-api-key': key }]) {
          const refused = await call(method, path, body, headers);
          expect(refused.status, `${method} ${path}`).toBe(401);
          expect(refused.json.code, `${method} ${path}`).toBe('API_KEY_NOT_ALLOWED');
        }
      }
      const [still] = await db().select().from(users).where(eq(users.id, user.id));
      expect(still).toMatchObject({ emailSearchCredits: 2 });
      const keys = await db().select().from(apiKeys).where(eq(apiKeys.userId, user.id));
      expect(keys).toHaveLength(1);
      expect(keys[0]!.revokedAt).toBeNull();
    });

    it('manages keys for their owner only: anonymous 401, another user and an admin 404', async () => {
      const owner = await createTestUser(db(), { plan: 'premium' });
      const { id, key } = await newKey(owner);
      const stranger = await createTestUser(db(), { plan: 'premium' });
      const admin = await createTestUser(db(), { isAdmin: true });
      expect((await call('GET', '/me/api-keys')).status).toBe(401);
      expect((await call('POST', '/me/api-keys', { name: 'x', scopes: ['watch'] })).status).toBe(401);
      for (const who of [stranger, admin]) {
        expect((await call('POST', `/me/api-keys/${id}/roll`, undefined, who.headers)).status).toBe(404);
        expect((await call('DELETE', `/me/api-keys/${id}`, undefined, who.headers)).status).toBe(404);
        expect((await call('GET', '/me/api-keys', undefined, who.headers)).json.items).toEqual([]);
      }
      expect((await call('GET', '/api/v1/usage', undefined, withKey(key))).status).toBe(200);
    });

    it('caps live keys by plan, and a key goes with its account', async () => {
      const free = await createTestUser(db());
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          call('POST', '/me/api-keys', { name: 'k', scopes: ['search:username'] }, free.headers),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 409).every((a) => a.json.code === 'API_KEYS_LIMIT')).toBe(true);
      const key = answers.find((a) => a.status === 201)!.json.key;
      expect((await call('DELETE', '/me', undefined, free.headers)).status).toBeLessThan(300);
      expect(await db().select().from(apiKeys).where(eq(apiKeys.userId, free.id))).toEqual([]);
      expect((await call('GET', '/api/v1/searches', undefined, withKey(key))).status).toBe(401);
    });

    it('holds requests per minute under 30 parallel requests, with RateLimit headers and Retry-After', async () => {
      // 20 s into a minute of the API's clock, held there, so the burst cannot straddle two windows.
      frozen = Math.floor(Date.now() / 60_000) * 60_000 + 120_000 + 20_000;
      try {
        const user = await createTestUser(db()); // free: 10 a minute
        const { key } = await newKey(user, ['search:username']);
        const answers = await Promise.all(
          Array.from({ length: 30 }, () => call('GET', '/api/v1/searches', undefined, withKey(key))),
        );
        const ok = answers.filter((a) => a.status === 200);
        const limited = answers.filter((a) => a.status === 429);
        expect(ok).toHaveLength(10);
        expect(limited).toHaveLength(20);
        expect(ok.map((a) => Number(a.headers['ratelimit-remaining'])).sort((a, b) => a - b)).toEqual([
          0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
        ]);
        for (const a of limited) {
          expect(a.json.code).toBe('API_RATE_LIMITED');
          expect(a.headers['ratelimit-limit']).toBe('10');
          expect(a.headers['ratelimit-remaining']).toBe('0');
          expect(a.headers['retry-after']).toBe('40');
          expect(a.headers['ratelimit-reset']).toBe('40');
        }
        frozen += 40_000;
        expect((await call('GET', '/api/v1/searches', undefined, withKey(key))).status).toBe(200);
      } finally {
        frozen = undefined;
      }
    });

    it('holds active searches per key and per account under 30 parallel starts, and the daily count per key', async () => {
      hangEverySite(true);
      const user = await createTestUser(db(), { plan: 'premium' });
      const one = await newKey(user, ['search:username']);
      const two = await newKey(user, ['search:username']);
      const start = (key: string) => call('POST', '/api/v1/searches', { username: 'blue' }, withKey(key));
      try {
        // One key: 2 active at most.
        const single = await Promise.all(Array.from({ length: 30 }, () => start(one.key)));
        const started = single.filter((a) => a.status === 202);
        expect(started).toHaveLength(2);
        const refused = single.filter((a) => a.status === 429);
        expect(refused).toHaveLength(28);
        expect(refused.every((a) => a.json.code === 'SEARCH_TOO_MANY_ACTIVE' && a.headers['retry-after'] === '5')).toBe(
          true,
        );
        // Two keys of one account: the account's 3 hold whichever key asks.
        const both = await Promise.all(Array.from({ length: 30 }, (_, i) => start(i % 2 ? one.key : two.key)));
        expect(both.filter((a) => a.status === 202)).toHaveLength(1);
        const all = [...started, ...both.filter((a) => a.status === 202)];
        for (const a of all) {
          expect((await call('DELETE', a.json.status_url, undefined, withKey(one.key))).json.status).toBe('cancelled');
        }
        // Six a day per key, whatever was refused meanwhile: start and cancel until the key is refused.
        let accepted = started.length + both.filter((a, i) => a.status === 202 && i % 2 === 1).length;
        for (let a = await start(one.key); a.status === 202; a = await start(one.key)) {
          accepted += 1;
          await call('DELETE', a.json.status_url, undefined, withKey(one.key));
        }
        expect(accepted).toBe(6);
        const spent = await start(one.key);
        expect(spent.status).toBe(429);
        expect(spent.json.code).toBe('API_DAILY_LIMIT');
        expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(spent.headers['retry-after'])).toBeLessThanOrEqual(86_400);
      } finally {
        hangEverySite(false);
      }
    });

    it('spends one credit per Idempotency-Key under 30 parallel retries; 402 with the balance when none is left', async () => {
      const user = await createTestUser(db(), { plan: 'premium', credits: 2 });
      const { key, id } = await newKey(user);
      const start = (idempotency?: string) =>
        call(
          'POST',
          '/api/v1/email-searches',
          { email: 'someone@example.com' },
          withKey(key, idempotency ? { 'idempotency-key': idempotency } : {}),
        );
      const missing = await start();
      expect(missing.status).toBe(400);
      expect(missing.json.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
      const retries = await Promise.all(Array.from({ length: 30 }, () => start('retry-burst-0001')));
      expect(retries.every((a) => a.status === 202)).toBe(true);
      expect(new Set(retries.map((a) => a.json.search_id)).size).toBe(1);
      const searchId = retries[0]!.json.search_id;
      const done = await call('GET', `/api/v1/email-searches/${searchId}?wait=30`, undefined, withKey(key));
      expect(done.json).toMatchObject({ complete: true, status: 'completed' });
      const reused = await call(
        'POST',
        '/api/v1/email-searches',
        { email: 'other@example.com' },
        withKey(key, { 'idempotency-key': 'retry-burst-0001' }),
      );
      expect(reused.json.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await start('second-search-01')).status).toBe(202);
      const broke = await start('third-search-001');
      expect(broke.status).toBe(402);
      expect(broke.json).toMatchObject({ code: 'API_CREDITS_INSUFFICIENT', balance: 0 });
      const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id));
      expect(ledger).toHaveLength(2);
      expect(ledger.every((entry) => entry.apiKeyId === id && entry.delta === -1)).toBe(true);
      const usage = await call('GET', '/api/v1/usage', undefined, withKey(key));
      expect(usage.json.key.usage.at(-1)).toMatchObject({ email_searches: 2, credits: 2 });
    });

    it('refunds a failed email search with the key on the refund', async () => {
      const user = await createTestUser(db(), { plan: 'premium', credits: 1 });
      const { key, id } = await newKey(user);
      hangEverySite(true);
      try {
        const started = await call(
          'POST',
          '/api/v1/email-searches',
          { email: 'someone@example.com' },
          withKey(key, { 'idempotency-key': 'will-fail-0001' }),
        );
        expect(started.json.credits_remaining).toBe(0);
        // The process that ran it went away: the recovery pass fails it and gives the credit back.
        expect(await recoverEmailSearches(db(), new Date(Date.now() + HOUR), 0)).toBeGreaterThanOrEqual(1);
        const refund = await waitFor(async () => {
          const rows = await db()
            .select()
            .from(creditLedger)
            .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.kind, 'refund')));
          return rows[0];
        });
        expect(refund).toMatchObject({ delta: 1, apiKeyId: id });
        const [after] = await db().select().from(users).where(eq(users.id, user.id));
        expect(after!.emailSearchCredits).toBe(1);
      } finally {
        hangEverySite(false);
      }
    });

    it('answers 403 API_PLAN_REQUIRED where the plan has no API access (API_FREE_REQUESTS_PER_MINUTE=0)', async () => {
      const user = await createTestUser(db());
      const { key } = await newKey(user, ['account:read']);
      const deps = appDeps(stack.services, stack.config);
      const closed = await buildApp({
        ...deps,
        options: {
          ...deps.options,
          api: { ...deps.options.api, free: { ...deps.options.api.free, requestsPerMinute: 0 } },
        },
      });
      try {
        const refused = await closed.inject({ url: '/api/v1/usage', headers: withKey(key) });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('API_PLAN_REQUIRED');
        const create = await closed.inject({
          method: 'POST',
          url: '/me/api-keys',
          headers: user.headers,
          payload: { name: 'k', scopes: ['account:read'] },
        });
        expect(create.json().code).toBe('API_PLAN_REQUIRED');
      } finally {
        await closed.close();
      }
    });

    it.skipIf(!mode.scale)(
      'revokes at once on every API node, and a rolled key works on every node at once',
      async () => {
        const second = await startStack(mode, { createEngine: internet.createEngine(), join: stack, env: ENV });
        try {
          await second.app.listen({ port: 0, host: '127.0.0.1' });
          const other = socketClient(`http://127.0.0.1:${(second.app.server.address() as { port: number }).port}`);
          const user = await createTestUser(db(), { plan: 'premium' });
          const { key, id } = await newKey(user);
          // Both nodes have the key in their cache.
          expect((await other('GET', '/api/v1/usage', undefined, withKey(key))).status).toBe(200);
          expect((await call('GET', '/api/v1/usage', undefined, withKey(key))).status).toBe(200);
          const rolled = await call('POST', `/me/api-keys/${id}/roll`, undefined, user.headers);
          expect((await other('GET', '/api/v1/usage', undefined, withKey(rolled.json.key))).status).toBe(200);
          for (let round = 0; round < 5; round++) {
            const fresh = await newKey(user);
            expect((await other('GET', '/api/v1/usage', undefined, withKey(fresh.key))).status).toBe(200);
            expect((await call('DELETE', `/me/api-keys/${fresh.id}`, undefined, user.headers)).status).toBe(204);
            const refused = await other('GET', '/api/v1/usage', undefined, withKey(fresh.key));
            expect(refused.status, `round ${round}`).toBe(401);
          }
        } finally {
          await second.close();
        }
      },
    );
  });
}
