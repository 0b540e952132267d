/**
 * A search narrowed like the CLI's options (issue 15, capability 12): catalogue categories, named sites,
 * NSFW. The scope is checked before anything is stored, kept with the search, and used by the run.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searches } from '../src/db/schema/index.ts';
import { NO_SITES_IN_SCOPE_MESSAGE } from '../src/features/searches/start-search.ts';
import { type Call, injectClient, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const embedded = MODES.find((m) => !m.scale)!;

describe('search scope', () => {
  let net: TestInternet;
  let stack: Stack;
  let call: Call;

  beforeAll(async () => {
    net = await startTestInternet({ sites: 6 });
    stack = await startStack(embedded, { createEngine: net.createEngine() });
    call = injectClient(stack.app, '192.0.2.40');
  });
  afterAll(async () => {
    await stack?.close();
    await net?.close();
  });

  const start = (body: Record<string, unknown>) =>
    call('POST', '/api/search', { username: 'blue', device_id: `device_${Math.random()}`, ...body });
  const finished = (id: string) =>
    waitFor(async () => {
      const status = (await call('GET', `/api/search/status/${id}`)).json;
      return status.status === 'completed' ? status : undefined;
    });

  it('lists the categories a search can be narrowed to, with their site counts', async () => {
    const config = (await call('GET', '/api/config')).json;
    expect(config.categories.length).toBeGreaterThan(0);
    const total = config.categories.reduce((n: number, c: { sites: number }) => n + c.sites, 0);
    expect(total).toBe(config.site_count);
  });

  it('searches only the named sites, and only asks their hosts', async () => {
    net.internet.log.reset();
    const started = await start({ sites: ['Site01'] });
    expect(started.json.status, started.text).toBe('started');
    const status = await finished(started.json.search_id);
    expect(status.progress).toEqual({ done: 1, total: 1 });
    expect(Object.keys(status.result.results)).toHaveLength(1);
    expect(new Set(net.internet.log.requests().map((r) => r.host))).toEqual(new Set(['site01.example']));
  });

  it('searches only a category', async () => {
    const [category] = (await call('GET', '/api/config')).json.categories as { id: string; sites: number }[];
    const started = await start({ categories: [category!.id.toUpperCase()] });
    const status = await finished(started.json.search_id);
    expect(status.progress.total).toBe(category!.sites);
  });

  it('keeps the scope with the search as JSON, and SQL null for the default selection', async () => {
    const storedScope = async (id: string) =>
      (
        await stack.services.db.db
          .select({ scope: searches.scope, isNull: sql<boolean>`${searches.scope} is null` })
          .from(searches)
          .where(eq(searches.id, id))
      )[0];
    const narrowed = await start({ sites: ['Site01', 'Site01 '], nsfw: true });
    expect(await storedScope(narrowed.json.search_id)).toEqual({
      scope: { sites: ['Site01'], nsfw: true },
      isNull: false,
    });
    const plain = await start({});
    expect(await storedScope(plain.json.search_id)).toEqual({ scope: null, isNull: true });
    // The status answers it as stored ("Watch this" carries it to a watch), and says nothing for the default.
    expect((await finished(narrowed.json.search_id)).scope).toEqual({ sites: ['Site01'], nsfw: true });
    expect(await finished(plain.json.search_id)).not.toHaveProperty('scope');
  });

  it('refuses an unknown site or a scope with no site (422), and stores nothing', async () => {
    const rows = async () => (await stack.services.db.db.select().from(searches)).length;
    const before = await rows();
    const unknown = await start({ sites: ['NoSuchSite'] });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error).toContain('NoSuchSite');
    const empty = await start({ categories: ['no-such-category'] });
    expect(empty.status).toBe(422);
    expect(empty.json.error).toBe(NO_SITES_IN_SCOPE_MESSAGE);
    const tooMany = await start({ sites: Array.from({ length: 501 }, (_, i) => `s${i}`) });
    expect(tooMany.status).toBe(400);
    expect(await rows()).toBe(before);
  });
});
