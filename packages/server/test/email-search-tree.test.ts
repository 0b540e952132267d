/**
 * Issue 29, decision 116, over a real socket and the simulated internet with the planted chain — alice
 * (site00) links to alice_dev (site02), whose profile states a.dev@example.com — plus one email check
 * ("Pivot") that knows a.dev@example.com and returns the username alice_dev:
 * - an email search that follows leads starts username searches for the local part and the returned
 *   username, in a tree rooted at it (its owner only: anonymous 401, another user and an admin 404);
 * - the email lead of a username tree is searched with one click: owner only, 30 parallel clicks → one
 *   search, one credit; the tree shows it as that lead's child;
 * - a lead's search counts against its owner's daily limit: beyond, the lead is kept as `not_searched`.
 * On both stacks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type LeadSearch, SearchTreeSchema } from '@hound/contracts';
import { type EmailCheckEntry, type LeadChain, serveEmailChecks } from '@hound/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSearches, searchEmailLeads, users } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import type { Call } from './support/http-client.ts';
import { readTree, settledTree, startAliceTree, startTreeStack, type TreeStack } from './support/search-trees.ts';
import { MODES } from './support/stacks.ts';

/** One email check, written here: found for a registered address, and it names the account's username. */
const PIVOT_CHECK = {
  id: 'pivot',
  name: 'Pivot',
  domain: 'pivot.example',
  category: 'social',
  method: 'api',
  requests: [{ method: 'GET', url: 'https://pivot.example/api/users?email={email}' }],
  found: [{ status: [200] }, { jsonPath: 'users.0.username', exists: true }],
  notFound: [{ status: [200] }, { bodyEquals: '{"users":[]}' }],
  usernames: ['users.0.username'],
  answers: {
    registered: [{ status: 200, body: '{"users":[{"username":"alice_dev"}]}' }],
    unregistered: [{ status: 200, body: '{"users":[]}' }],
  },
};

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`email searches in search trees (${mode.name})`, () => {
    let trees: TreeStack;
    let call: Call;
    let chain: LeadChain;
    let other: TestUser;
    let admin: TestUser;
    beforeAll(async () => {
      trees = await startTreeStack(mode, {
        // Two searches a day per account: a tree of two fits, a third search is held back (the limit case).
        env: { LIMIT_ACTIVE_PER_IP: '100', LIMIT_ACTIVE_PER_DEVICE: '100', LIMIT_DAILY_PER_ACCOUNT: '2' },
        engine: (net, planted) => {
          serveEmailChecks(net.internet, [PIVOT_CHECK as EmailCheckEntry]).register(planted.email);
          const emailCatalogue = path.join(net.dir, 'email.json');
          fs.writeFileSync(
            emailCatalogue,
            JSON.stringify({ format: 'hound-email', version: 1, checks: [PIVOT_CHECK] }),
          );
          return { emailCatalogues: [emailCatalogue] };
        },
      });
      ({ call, chain } = trees);
      other = await createTestUser(trees.stack.services.db.db, { credits: 5 });
      admin = await createTestUser(trees.stack.services.db.db, { isAdmin: true, credits: 5 });
    });
    afterAll(() => trees?.close());

    const db = () => trees.stack.services.db.db;
    const tree = (id: string, headers: Record<string, string> = {}) => readTree(call, id, headers);
    const settled = (id: string, count: number, headers: Record<string, string>) =>
      settledTree(call, id, count, headers);
    const creditsOf = async (user: TestUser) =>
      (await db().select().from(users).where(eq(users.id, user.id)))[0]!.emailSearchCredits;

    it('an email search that follows leads: the local part and the username its check returned, as its children', async () => {
      const owner = await createTestUser(db(), { credits: 1 });
      const started = await call(
        'POST',
        '/api/email/searches',
        { email: chain.email, recursive: true, depth: 2 },
        owner.headers,
      );
      expect(started.status).toBe(200);
      const rootId: string = started.json.search_id;
      const result = await settled(rootId, 3, owner.headers);
      const [root, local, dev] = result.searches;
      expect(root).toMatchObject({
        id: rootId,
        kind: 'email',
        query: chain.email,
        parent_id: null,
        depth: 0,
        status: 'completed',
        follow_depth: 2,
      });
      expect(local).toMatchObject({
        kind: 'username',
        query: 'a.dev',
        parent_id: rootId,
        depth: 1,
        status: 'completed',
        reason: { text: `the local part of ${chain.email}`, pivot: 'local_part' },
      });
      expect(dev).toMatchObject({
        kind: 'username',
        query: 'alice_dev',
        parent_id: rootId,
        depth: 1,
        status: 'completed',
        reason: { text: `the username Pivot shows for ${chain.email}`, pivot: 'returned_username', from_site: 'Pivot' },
      });
      // The email search's found answer and alice_dev's profile are both in the tree; alice_dev's profile
      // states the root's own address, which is not a new lead (never the same name twice).
      expect(result.profiles.filter((p) => p.search_id === rootId).map((p) => p.site)).toEqual(['Pivot']);
      expect(result.profiles.find((p) => p.search_id === dev?.id)).toMatchObject({
        site: 'Site02',
        url: chain.aliceDevUrl,
      });
      expect(result.searches.some((s) => s.kind === 'email' && s.id !== rootId)).toBe(false);
      // One credit, for the email search; the username searches are free (they count against the limits).
      expect(await creditsOf(owner)).toBe(0);
      // A child's id opens its subtree, to anyone (a username search's capability), never the email above it.
      const child = await tree(dev?.id as string);
      expect(child.status).toBe(200);
      expect(child.json.searches.map((s: LeadSearch) => s.id)).toEqual([dev?.id]);
      // The email search's tree is its owner's only.
      expect((await tree(rootId)).status).toBe(401);
      expect((await tree(rootId, other.headers)).status).toBe(404);
      expect((await tree(rootId, admin.headers)).status).toBe(404);
      // My Searches: the children name the email search they came from; the email log says it follows leads.
      const mine = await call('GET', '/me/searches?limit=50', undefined, owner.headers);
      expect(mine.json.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: dev?.id, parent_id: null, parent_email_search_id: rootId }),
          expect.objectContaining({ id: local?.id, parent_email_search_id: rootId }),
        ]),
      );
      const logs = await call('GET', '/me/email-logs', undefined, owner.headers);
      expect(logs.json.items).toEqual([
        expect.objectContaining({ id: rootId, follow_depth: 2, parent_search_id: null }),
      ]);
    });

    it('the email lead of a username tree: its owner searches it with one click, paid once however often clicked', async () => {
      const owner = await createTestUser(db(), { credits: 3 });
      const rootId = await startAliceTree(call, owner.headers);
      const before = await settled(rootId, 3, {});
      const lead = before.searches.find((s) => s.kind === 'email');
      expect(lead).toMatchObject({ query: chain.email, status: 'not_started', depth: 2 });
      const leadId = lead?.lead_id as string;
      expect(leadId).toBe(lead?.id);
      const start = (headers: Record<string, string>) =>
        call('POST', `/api/email/leads/${leadId}/search`, undefined, headers);

      // Only the tree's owner: anonymous 401, another user 404, an admin 404 (the search would be theirs).
      expect((await start({})).status).toBe(401);
      expect((await start(other.headers)).status).toBe(404);
      expect((await start(admin.headers)).status).toBe(404);
      expect(await creditsOf(other)).toBe(5);
      expect(await creditsOf(admin)).toBe(5);
      expect((await call('POST', '/api/email/leads/nope/search', undefined, owner.headers)).status).toBe(404);

      // 30 parallel clicks: one search, one credit.
      const answers = await Promise.all(Array.from({ length: 30 }, () => start(owner.headers)));
      expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
      const ids = new Set(answers.map((a) => a.json.search_id));
      expect(ids.size).toBe(1);
      const emailSearchId = [...ids][0] as string;
      const rows = await db().select().from(emailSearches).where(eq(emailSearches.userId, owner.id));
      expect(rows.map((r) => r.id)).toEqual([emailSearchId]);
      expect(rows[0]).toMatchObject({ email: chain.email, rootId, depth: 2, followDepth: 2 });
      expect(await creditsOf(owner)).toBe(2);
      const [stored] = await db().select().from(searchEmailLeads).where(eq(searchEmailLeads.id, leadId));
      expect(stored?.emailSearchId).toBe(emailSearchId);
      // Clicked again later: the same search, nothing charged.
      expect((await start(owner.headers)).json.search_id).toBe(emailSearchId);
      expect(await creditsOf(owner)).toBe(2);

      // The owner's tree shows the email search as the lead's child, with its answers (found: Pivot).
      const after = await settled(rootId, 3, owner.headers);
      const dev = after.searches.find((s) => s.query === 'alice_dev');
      expect(after.searches.find((s) => s.kind === 'email')).toMatchObject({
        id: emailSearchId,
        lead_id: leadId,
        parent_id: dev?.id,
        depth: 2,
        status: 'completed',
      });
      expect(after.profiles.filter((p) => p.search_id === emailSearchId).map((p) => p.site)).toEqual(['Pivot']);
      // Anyone else holding the root's id sees the lead and its status, not the owner's email search.
      const seen = SearchTreeSchema.parse((await tree(rootId, other.headers)).json);
      expect(seen.searches.find((s) => s.kind === 'email')).toMatchObject({
        id: leadId,
        lead_id: leadId,
        status: 'completed',
      });
      expect(seen.profiles.some((p) => p.search_id === emailSearchId)).toBe(false);
      // The email log places it under the search whose profile stated the address.
      const logs = await call('GET', '/me/email-logs', undefined, owner.headers);
      expect(logs.json.items).toEqual([expect.objectContaining({ id: emailSearchId, parent_search_id: dev?.id })]);
    });

    it('a lead beyond its owner’s daily limit is kept, not searched, and says why; the root is unaffected', async () => {
      const owner = await createTestUser(db(), { credits: 1 });
      // One search of the two the account has today.
      const first = await call('POST', '/api/search', { username: 'someone' }, owner.headers);
      expect(first.json.status).toBe('started');
      const started = await call('POST', '/api/email/searches', { email: chain.email, recursive: true }, owner.headers);
      const rootId: string = started.json.search_id;
      const result = await settled(rootId, 3, owner.headers);
      const [root, local, dev] = result.searches;
      expect(root).toMatchObject({ kind: 'email', status: 'completed' });
      expect(local).toMatchObject({ query: 'a.dev', status: 'completed' });
      expect(dev).toMatchObject({
        kind: 'username',
        query: 'alice_dev',
        parent_id: rootId,
        status: 'not_searched',
        held: 'daily_limit',
        reason: { pivot: 'returned_username' },
      });
      // The account's own next search meets the same limit.
      const third = await call('POST', '/api/search', { username: 'another' }, owner.headers);
      expect(third.json.status).toBe('device_limit');
    });
  });
}
