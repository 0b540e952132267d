/**
 * The scheduled health self-test: its outcome shows in GET /api/sites, and unreliable sites are left out
 * of searches by default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectClient, untilEnded, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const embedded = MODES.find((m) => !m.scale)!;
const SITES = 6;

describe('scheduled health self-test', () => {
  let net: TestInternet;
  let stack: Stack;
  beforeAll(async () => {
    net = await startTestInternet({ sites: SITES });
    // A soft-404 site says every username exists: the self-test must catch it.
    net.internet.fault('site02.example', { kind: 'soft404' });
    stack = await startStack(embedded, {
      createEngine: net.createEngine(),
      env: { HEALTH_CHECK_INTERVAL_HOURS: String(0.5 / 3600) },
    });
  });
  afterAll(async () => {
    await stack?.close();
    await net?.close();
  });

  it('marks a broken site unreliable, lists why, and stops searching it', async () => {
    const call = injectClient(stack.app);
    const sites = await waitFor(async () => {
      const answer = await call('GET', '/api/sites');
      return answer.json.sites.every((s: { reliable: boolean | null }) => s.reliable !== null)
        ? answer.json
        : undefined;
    }, 20_000);
    const broken = sites.sites.find((s: { host: string }) => s.host === 'site02.example');
    expect(broken).toMatchObject({ reliable: false, reason: expect.any(String), checked_at: expect.any(String) });
    expect(sites.sites.filter((s: { reliable: boolean }) => s.reliable)).toHaveLength(SITES - 1);
    expect(sites.searched_by_default).toBe(SITES - 1);

    const started = await call('POST', '/api/search', { username: 'zed', device_id: 'device_health' });
    const final = await untilEnded(call, started.json.search_id);
    expect(final.progress).toEqual({ done: SITES - 1, total: SITES - 1 });
    expect(Object.values(final.result.results).map((r) => (r as { url: string }).url)).not.toContainEqual(
      expect.stringContaining('site02.example'),
    );
  });
});
