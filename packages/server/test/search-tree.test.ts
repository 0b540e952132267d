/**
 * Issue 29 on the server, over a real socket and the simulated internet with the planted chain —
 * alice's profile (site00) links to alice_dev's (site02), whose profile states a.dev@example.com:
 * a signed-in user's recursive search follows it end to end; `GET /api/search/{id}/tree` answers the
 * tree (read with the id, like the status: anonymous, another user, the owner and an admin alike; a child's
 * id opens its subtree only); anonymous visitors cannot ask for recursion; facts are stored with the
 * results and deleted with their search by the retention job. On both stacks.
 */
import { SearchTreeSchema } from '@hound/contracts';
import type { LeadChain } from '@hound/testkit';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchEmailLeads, searches } from '../src/db/schema/index.ts';
import { purgeExpiredSearches } from '../src/features/searches/purge-expired-searches.ts';
import { RECURSIVE_SIGN_IN_MESSAGE } from '../src/features/searches/start-search.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, untilEnded, waitFor } from './support/http-client.ts';
import type { TestInternet } from './support/internet.ts';
import { readTree, settledTree, startAliceTree, startTreeStack, type TreeStack } from './support/search-trees.ts';
import { MODES, type Stack } from './support/stacks.ts';

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`recursive search and the search tree (${mode.name})`, () => {
    let trees: TreeStack;
    let net: TestInternet;
    let stack: Stack;
    let call: Call;
    let chain: LeadChain;
    let owner: TestUser;
    let other: TestUser;
    let admin: TestUser;
    beforeAll(async () => {
      trees = await startTreeStack(mode, { env: { LIMIT_ACTIVE_PER_IP: '100', LIMIT_ACTIVE_PER_DEVICE: '100' } });
      ({ net, stack, call, chain } = trees);
      const db = stack.services.db.db;
      owner = await createTestUser(db);
      other = await createTestUser(db);
      admin = await createTestUser(db, { isAdmin: true });
    });
    afterAll(() => trees?.close());

    const tree = (id: string, headers: Record<string, string> = {}) => readTree(call, id, headers);
    const settled = (id: string, count: number) => settledTree(call, id, count);

    it('depth 2: alice → alice_dev (linked from alice’s profile) → a.dev@example.com, with each profile’s facts', async () => {
      const rootId = await startAliceTree(call, owner.headers);
      const result = await settled(rootId, 3);
      expect(result.format).toBe('hound-tree/1');
      expect(result.root_id).toBe(rootId);
      const [root, dev, email] = result.searches;
      expect(root).toMatchObject({
        id: rootId,
        kind: 'username',
        query: 'alice',
        parent_id: null,
        depth: 0,
        reason: null,
        status: 'completed',
        follow_depth: 2,
      });
      expect(dev).toMatchObject({
        kind: 'username',
        query: 'alice_dev',
        parent_id: rootId,
        depth: 1,
        status: 'completed',
        follow_depth: 2,
        reason: {
          text: 'linked from the Site00 profile of alice',
          from_site: 'Site00',
          from_url: chain.aliceUrl,
          fact_kind: 'username',
        },
      });
      expect(email).toMatchObject({
        kind: 'email',
        query: chain.email,
        parent_id: dev?.id,
        depth: 2,
        status: 'not_started',
        reason: { text: 'stated on the Site02 profile of alice_dev', fact_kind: 'email', from_url: chain.aliceDevUrl },
      });
      const aliceProfile = result.profiles.find((p) => p.search_id === rootId && p.site === 'Site00');
      expect(aliceProfile?.url).toBe(chain.aliceUrl);
      expect(aliceProfile?.facts).toEqual(
        expect.arrayContaining([
          { kind: 'display_name', value: 'Alice Example', source: chain.aliceUrl, via: 'opengraph' },
          { kind: 'username', value: 'alice_dev', source: chain.aliceUrl, via: 'rel-me', site: 'Site02' },
        ]),
      );
      const devProfile = result.profiles.find((p) => p.search_id === dev?.id);
      expect(devProfile).toMatchObject({ site: 'Site02', url: chain.aliceDevUrl });
      expect(devProfile?.facts).toEqual(
        expect.arrayContaining([{ kind: 'email', value: chain.email, source: chain.aliceDevUrl, via: 'rel-me' }]),
      );
      // The child is a search of its own: its status carries the facts on its found result.
      const status = await untilEnded(call, dev?.id as string);
      expect(status.result.results.Site02.facts).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'email' })]),
      );
      // And it belongs to the same user (My Searches).
      const [row] = await stack.services.db.db
        .select()
        .from(searches)
        .where(eq(searches.id, dev?.id as string));
      expect(row).toMatchObject({ userId: owner.id, parentId: rootId, rootId, depth: 1, followDepth: 2 });
      // My Searches lists the child with its parent and reason, so the web app can show it under its root.
      const mine = await call('GET', '/me/searches?limit=50', undefined, owner.headers);
      const listed = (mine.json.items as Array<{ id: string }>).filter((i) => [rootId, dev?.id].includes(i.id));
      expect(listed).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: rootId, parent_id: null, reason: null }),
          expect.objectContaining({
            id: dev?.id,
            username: 'alice_dev',
            parent_id: rootId,
            reason: expect.objectContaining({ text: 'linked from the Site00 profile of alice', from_site: 'Site00' }),
          }),
        ]),
      );
      expect(listed).toHaveLength(2);
      // Another user's list has neither.
      const theirs = await call('GET', '/me/searches?limit=50', undefined, other.headers);
      expect((theirs.json.items as Array<{ id: string }>).map((i) => i.id)).not.toContain(dev?.id);
    });

    it('the tree is read with its id like the status (anonymous, another user, owner, admin); a child’s id opens its subtree only', async () => {
      const rootId = await startAliceTree(call, owner.headers, {});
      const full = await settled(rootId, 2); // depth 1 (the default): alice and alice_dev; no address
      expect(full.searches.map((s) => s.query)).toEqual(['alice', 'alice_dev']);
      for (const headers of [{}, other.headers, owner.headers, admin.headers]) {
        const answer = await tree(rootId, headers);
        expect(answer.status).toBe(200);
        expect(answer.json).toEqual(full);
      }
      const childId = full.searches[1]?.id as string;
      const sub = SearchTreeSchema.parse((await tree(childId)).json);
      expect(sub.root_id).toBe(childId);
      expect(sub.searches.map((s) => s.query)).toEqual(['alice_dev']);
      expect(sub.profiles.every((p) => p.search_id === childId)).toBe(true);
      const unknown = await tree('AAAAAAAAAAAAAAAAAAAAAA');
      expect(unknown.status).toBe(404);
      expect((await tree('not an id')).status).toBe(404);
    });

    it('anonymous visitors cannot ask for recursion (nothing is stored); their plain search still has a tree with facts', async () => {
      const before = (await stack.services.db.db.select({ id: searches.id }).from(searches)).length;
      const refused = await call('POST', '/api/search', {
        username: 'alice',
        recursive: true,
        device_id: 'dev_anon_1',
      });
      expect(refused.status).toBe(401);
      expect(refused.json).toMatchObject({ code: 'AUTH_REQUIRED', error: RECURSIVE_SIGN_IN_MESSAGE });
      expect((await stack.services.db.db.select({ id: searches.id }).from(searches)).length).toBe(before);
      const depth = await call('POST', '/api/search', { username: 'alice', recursive: true, depth: 3 }, owner.headers);
      expect(depth.status).toBe(400);

      const plain = await call('POST', '/api/search', { username: 'alice', device_id: 'dev_anon_1' });
      const id: string = plain.json.search_id;
      await untilEnded(call, id);
      const only = SearchTreeSchema.parse((await tree(id)).json);
      expect(only.searches).toEqual([
        {
          id,
          kind: 'username',
          query: 'alice',
          parent_id: null,
          depth: 0,
          reason: null,
          status: 'completed',
          follow_depth: 0,
        },
      ]);
      expect(only.profiles.find((p) => p.site === 'Site00')?.facts.some((f) => f.value === 'alice_dev')).toBe(true);
    });

    it('cancelling a search cancels the searches its leads started', async () => {
      // Every search takes at least 3 s (one slow site), so the child is still running when the root is cancelled.
      net.internet.fault('site03.example', { kind: 'latency', ms: 3000 });
      try {
        const rootId = await startAliceTree(call, admin.headers);
        const child = await waitFor(async () => {
          const answer = SearchTreeSchema.parse((await tree(rootId)).json);
          return answer.searches.find((s) => s.query === 'alice_dev' && ['queued', 'running'].includes(s.status));
        }, 30_000);
        const cancelled = await call('DELETE', `/api/search/${rootId}`, undefined, admin.headers);
        expect(cancelled.status).toBe(200);
        expect((await untilEnded(call, child.id)).status).toBe('cancelled');
        // Nothing more is started below it: no address lead from alice_dev's profile.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const after = SearchTreeSchema.parse((await tree(rootId)).json);
        expect(after.searches.map((s) => `${s.query} ${s.status}`)).toEqual(['alice completed', 'alice_dev cancelled']);
      } finally {
        net.internet.fault('site03.example', null);
      }
    });

    it('retention deletes a tree with its facts: children and email leads go with their root', async () => {
      const rootId = await startAliceTree(call, other.headers);
      const full = await settled(rootId, 3);
      const db = stack.services.db.db;
      const ids = full.searches.filter((s) => s.kind === 'username').map((s) => s.id);
      // Only this tree is old enough: the others were created earlier in this suite but are kept.
      await db
        .update(searches)
        .set({ createdAt: new Date('2020-01-01') })
        .where(eq(searches.id, rootId));
      await purgeExpiredSearches(
        { db, bus: stack.services.bus, limiter: stack.services.limiter },
        { retentionDays: 30 },
      );
      expect(await db.select({ id: searches.id }).from(searches).where(inArray(searches.id, ids))).toEqual([]);
      expect(await db.select().from(searchEmailLeads).where(eq(searchEmailLeads.rootId, rootId))).toEqual([]);
      expect((await tree(rootId)).status).toBe(404);
      expect((await call('GET', `/api/search/status/${ids[1]}`)).status).toBe(404);
    });
  });
}
