/**
 * Every list route's `?limit=&skip=` is a whole number in a bounded range (contracts' `pageQuery`): an
 * out-of-range or non-numeric value is 422 PAGE_OUT_OF_RANGE in the usual error shape, before any query
 * runs. `/me/searches` and `/me/email-logs` are the caller's own rows only, and need a session.
 * On both stacks, over a real socket.
 */
import { PAGE_SKIP_MAX } from '@hound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSearches, searches } from '../src/db/schema/index.ts';
import { newId } from '../src/ids.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, socketClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const OWN_LISTS = ['/me/searches', '/me/email-logs'] as const;
/** Every list of the caller's own rows, the credit history included (issue 38). */
const ALL_OWN_LISTS = [...OWN_LISTS, '/me/credits/history'] as const;
const ADMIN_LISTS = ['/admin/users/summary', '/admin/audit', '/admin/waitlist', '/admin/email-plus/orders'] as const;

/** Out of range, negative, fractional, exponent, hex, beyond bigint, empty, text. */
const BAD_SKIPS = [String(PAGE_SKIP_MAX + 1), '-1', '1.5', '1e3', '0x10', '9223372036854775808', '', 'abc'];
const BAD_LIMITS = ['0', '1001', '-5', '2.5', 'abc', ''];

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`list paging (${mode.name})`, () => {
    let net: TestInternet;
    let stack: Stack;
    let call: Call;
    let owner: TestUser;
    let other: TestUser;
    let admin: TestUser;
    beforeAll(async () => {
      net = await startTestInternet({ sites: 1 });
      stack = await startStack(mode, { createEngine: net.createEngine() });
      call = socketClient(await stack.app.listen({ port: 0, host: '127.0.0.1' }));
      const db = stack.services.db.db;
      owner = await createTestUser(db);
      other = await createTestUser(db);
      admin = await createTestUser(db, { isAdmin: true });
      // Three ended searches of each kind for the owner (a minute apart, newest last), one for another user.
      const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));
      for (const [userId, minutes] of [
        [owner.id, 1],
        [owner.id, 2],
        [owner.id, 3],
        [other.id, 4],
      ] as const) {
        await db.insert(searches).values({
          id: newId(),
          username: `name${minutes}`,
          userId,
          status: 'completed',
          createdAt: at(minutes),
        });
        await db.insert(emailSearches).values({
          id: newId(),
          userId,
          email: `who${minutes}@example.com`,
          status: 'completed',
          createdAt: at(minutes),
        });
      }
    });
    afterAll(async () => {
      await stack?.close();
      await net?.close();
    });

    it('401 without a session', async () => {
      for (const list of ALL_OWN_LISTS) {
        const answer = await call('GET', `${list}?limit=2&skip=0`);
        expect(answer.status, list).toBe(401);
        expect(answer.json.code, list).toBe('AUTH_REQUIRED');
      }
    });

    it('the owner pages through their own rows only, newest first, up to the deepest skip', async () => {
      const names = (items: { username?: string; email?: string }[]) => items.map((i) => i.username ?? i.email);
      const first = await call('GET', '/me/searches?limit=2', undefined, owner.headers);
      expect(first.status).toBe(200);
      expect(first.json.total).toBe(3);
      expect(names(first.json.items)).toEqual(['name3', 'name2']);
      const rest = await call('GET', '/me/searches?limit=2&skip=2', undefined, owner.headers);
      expect(names(rest.json.items)).toEqual(['name1']);

      const logs = await call('GET', '/me/email-logs?limit=2&skip=1', undefined, owner.headers);
      expect(logs.status).toBe(200);
      expect(logs.json.total).toBe(3);
      expect(names(logs.json.items)).toEqual(['who2@example.com', 'who1@example.com']);

      for (const list of OWN_LISTS) {
        const deepest = await call('GET', `${list}?skip=${PAGE_SKIP_MAX}`, undefined, owner.headers);
        expect(deepest.status, list).toBe(200);
        expect(deepest.json, list).toEqual({ items: [], total: 3 });
        const theirs = await call('GET', list, undefined, other.headers);
        expect(theirs.json.total, list).toBe(1);
      }
    });

    it('422 PAGE_OUT_OF_RANGE for an out-of-range or non-numeric skip or limit, on every list', async () => {
      const cases = [
        ...ALL_OWN_LISTS.map((list) => ({ list, headers: owner.headers })),
        ...ADMIN_LISTS.map((list) => ({ list, headers: admin.headers })),
      ];
      for (const { list, headers } of cases) {
        expect((await call('GET', `${list}?limit=1&skip=0`, undefined, headers)).status, list).toBe(200);
        const bad = [
          ...BAD_SKIPS.map((v) => ({ query: `skip=${v}`, field: 'skip' })),
          ...BAD_LIMITS.map((v) => ({ query: `limit=${v}`, field: 'limit' })),
        ];
        for (const { query, field } of bad) {
          const answer = await call('GET', `${list}?${query}`, undefined, headers);
          expect(answer.status, `${list}?${query}`).toBe(422);
          expect(answer.json, `${list}?${query}`).toEqual({
            status: 'error',
            code: 'PAGE_OUT_OF_RANGE',
            error: expect.stringMatching(new RegExp(`^Invalid ${field}: must be a whole number from \\d+ to \\d+$`)),
            detail: answer.json.error,
          });
        }
      }
    });

    it('the OpenAPI document gives skip and limit as bounded integers', async () => {
      const doc = (await stack.app.inject({ url: '/api/docs/json' })).json();
      const params = doc.paths['/me/searches'].get.parameters as { name: string; schema: object }[];
      expect(params.find((p) => p.name === 'skip')?.schema).toMatchObject({
        type: 'integer',
        minimum: 0,
        maximum: PAGE_SKIP_MAX,
      });
      expect(params.find((p) => p.name === 'limit')?.schema).toMatchObject({
        type: 'integer',
        minimum: 1,
        maximum: 1000,
      });
    });

    it('admin lists stay closed to non-admins whatever the paging', async () => {
      for (const list of ADMIN_LISTS) {
        expect((await call('GET', `${list}?skip=${PAGE_SKIP_MAX + 1}`)).status, list).toBe(401);
        expect((await call('GET', `${list}?skip=0`, undefined, owner.headers)).status, list).toBe(403);
      }
    });
  });
}
