import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UsernameInputError } from '../username/input.ts';
import { FIXTURE_CATALOGUES } from './fixture-catalogues.ts';
import { collect, fixtureEngine } from './test-helpers.ts';

let internet: Internet;
beforeAll(async () => {
  internet = await startInternet({ catalogues: FIXTURE_CATALOGUES });
});
afterAll(() => internet?.close());
afterEach(() => {
  for (const host of internet.hosts()) internet.fault(host, null);
});

const hostOf = (name: string) => internet.sites().find((s) => s.name === name)?.host as string;

describe('politeness', () => {
  it('never has more requests in flight to one host than the per-host limit', async () => {
    const engine = await fixtureEngine(internet, { perHostConcurrency: 2 });
    const host = hostOf('Kilo Message');
    internet.fault(host, { kind: 'latency', ms: 150 });
    internet.log.reset();
    await Promise.all(Array.from({ length: 8 }, (_, i) => collect(engine, `user${i}`, { sites: ['Kilo Message'] })));
    // Eight searches and one known-account control they share (decision 127).
    expect(internet.log.count(host)).toBe(9);
    expect(internet.log.peakConcurrency(host)).toBe(2);
    await engine.close();
  });
});

describe('cancellation', () => {
  it('closes every socket promptly and ends every site as cancelled', async () => {
    const engine = await fixtureEngine(internet, { timeoutMs: 60_000 });
    for (const host of [...internet.hosts(), 'alice.foxtrot-blogs.test']) internet.fault(host, { kind: 'hang' });
    const controller = new AbortController();
    const events: string[] = [];
    const search = (async () => {
      for await (const { result } of engine.searchUsername('alice', { signal: controller.signal })) {
        events.push(`${result.verdict}:${result.reason}`);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(internet.log.openConnections()).toBeGreaterThan(10);
    const started = Date.now();
    controller.abort();
    await search;
    expect(Date.now() - started).toBeLessThan(500);
    expect(events).toHaveLength(engine.countSites());
    expect(new Set(events)).toEqual(new Set(['unknown:cancelled']));
    // Every socket is closed by then; the testkit sees the last closes within a few event-loop turns, or
    // a couple of seconds when three test files load two cores.
    await vi.waitFor(() => expect(internet.log.openConnections()).toBe(0), { timeout: 2_000, interval: 20 });
    internet.fault('alice.foxtrot-blogs.test', null);
    await engine.close();
  });

  it('leaving the loop early cancels the rest', async () => {
    const engine = await fixtureEngine(internet, { timeoutMs: 60_000 });
    internet.fault(hostOf('Lima Status'), { kind: 'hang' });
    for await (const _ of engine.searchUsername('alice')) break;
    // The hanging request is aborted at once; its settling is seen within a few event-loop turns, or a
    // couple of seconds when three test files load two cores (it has a 60 s budget, so only the abort ends it).
    await vi.waitFor(() => expect(engine.transport.inFlight()).toBe(0), { timeout: 2_000, interval: 20 });
    expect(internet.log.openConnections()).toBeLessThanOrEqual(engine.countSites()); // idle keep-alive only
    await engine.close();
  });
});

describe('crafted usernames', () => {
  const crafted = ['a.evil.test', 'x/../y', 'x?y', 'x#y', 'x@y', 'ünïcødé', '名前', 'a%2fb', 'x\\y', ' x y ', 'x&y=1'];

  /** Every served site's URL template as a regex in which the username may fill only its own slot. */
  function allowedUrls(): RegExp[] {
    return internet.sites().map((site) => {
      const [before, after = ''] = site.url.split('{username}');
      const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const inHost = !(before as string).replace(/^https?:\/\//, '').includes('/');
      const slot = inHost ? '[a-z0-9-]+' : '[^/?#&]*';
      return new RegExp(
        `^${literal(before as string)}${site.url.includes('{username}') ? slot : ''}${literal(after)}$`,
      );
    });
  }

  it.each(crafted)('%j never reaches another host or path', async (username) => {
    const engine = await fixtureEngine(internet);
    internet.log.reset();
    const results = await collect(engine, username);
    expect(results).toHaveLength(engine.countSites());
    const allowed = allowedUrls();
    const requests = internet.log.requests();
    for (const request of requests) {
      expect(
        allowed.some((pattern) => pattern.test(request.url)),
        request.url,
      ).toBe(true);
    }
    expect(requests.some((r) => r.host.includes('evil'))).toBe(false);
    await engine.close();
  });

  it('rejects a 1 KB username before any request', async () => {
    const engine = await fixtureEngine(internet);
    internet.log.reset();
    expect(() => engine.searchUsername('a'.repeat(1024))).toThrow(UsernameInputError);
    expect(internet.log.count()).toBe(0);
    await engine.close();
  });
});
