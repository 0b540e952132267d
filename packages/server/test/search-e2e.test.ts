/**
 * End to end: the real engine against @hound/testkit, through the HTTP API, on both provider stacks.
 */
import { SearchStatusResponseSchema, SitesResponseSchema } from '@hound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectClient, untilEnded, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const SITES = 12;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(120, 7)]);

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`end to end with the real engine on ${mode.name}`, () => {
    let net: TestInternet;
    let stack: Stack;
    beforeAll(async () => {
      net = await startTestInternet({ sites: SITES });
      stack = await startStack(mode, {
        createEngine: net.createEngine({ globalConcurrency: 4 }),
        outbound: net.internet.dispatcher,
        env: { LIMIT_ACTIVE_PER_DEVICE: '10', LIMIT_ACTIVE_PER_IP: '100' },
      });
    });
    afterAll(async () => {
      await stack?.close();
      await net?.close();
    });

    it('finds exactly the sites where the username exists, stores and returns every result', async () => {
      const hosts = ['site01.example', 'site04.example', 'site09.example'];
      for (const host of hosts) net.internet.register(host, 'zed');
      const call = injectClient(stack.app);
      const started = await call('POST', '/api/search', { username: 'zed', device_id: 'device_e2e' });
      expect(started.json.status).toBe('started');
      const final = SearchStatusResponseSchema.parse(await untilEnded(call, started.json.search_id));
      expect(final.status).toBe('completed');
      expect(final.progress).toEqual({ done: SITES, total: SITES });
      const results = Object.values(final.result!.results);
      expect(results).toHaveLength(SITES);
      const found = results.filter((r) => r.found).map((r) => new URL(r.url).host);
      expect(found.sort()).toEqual(hosts);
      expect(final.result!.total_found).toBe(3);
      for (const r of results) {
        expect(r.verdict).toBe(r.found ? 'found' : 'not_found');
        expect(r.evidence.agreed).toEqual(['sherlock']);
        expect(r.evidence.rule.length).toBeGreaterThan(0);
      }
      expect(final.result!.results.Site01).toMatchObject({ url: 'https://site01.example/user/zed', status: 'Found' });
    });

    it('cancel stops the outbound requests of a search', async () => {
      for (const host of net.internet.hosts()) net.internet.fault(host, { kind: 'latency', ms: 400 });
      try {
        net.internet.log.reset();
        const call = injectClient(stack.app);
        const started = await call('POST', '/api/search', { username: 'slowcancel', device_id: 'device_cancel' });
        const id = started.json.search_id;
        await waitFor(async () => (net.internet.log.count() > 0 ? true : undefined));
        const cancelled = await call('DELETE', `/api/search/${id}?device_id=device_cancel`);
        expect(cancelled.json.status).toBe('cancelled');
        await new Promise((r) => setTimeout(r, 150));
        const afterCancel = net.internet.log.count();
        await new Promise((r) => setTimeout(r, 1200));
        // 12 sites at 4 requests at a time and 400 ms each would take 1.2 s; after the cancel none start.
        expect(net.internet.log.count()).toBe(afterCancel);
        expect(afterCancel).toBeLessThan(SITES);
        const final = await call('GET', `/api/search/status/${id}`);
        expect(final.json.status).toBe('cancelled');
      } finally {
        for (const host of net.internet.hosts()) net.internet.fault(host, null);
      }
    });

    it('lists the loaded sites with category, source and reliability', async () => {
      const answer = await injectClient(stack.app)('GET', '/api/sites');
      const body = SitesResponseSchema.parse(answer.json);
      expect(body.ready).toBe(true);
      expect(body.searched_by_default).toBe(SITES);
      expect(body.sites).toHaveLength(SITES);
      expect(body.sites[0]).toMatchObject({ host: expect.stringMatching(/\.example$/), reliable: null });
      expect(body.sites[0]!.sources[0]).toMatchObject({ format: 'sherlock' });
    });

    it('serves catalogue favicons from its own cache, a 404 for unusable ones (the page shows the initial), and nothing for other hosts', async () => {
      const call = injectClient(stack.app);
      net.internet.route('site02.example', '/favicon.ico', () => ({
        status: 200,
        headers: { 'content-type': 'image/png' },
        body: PNG,
      }));
      net.internet.route('site03.example', '/favicon.ico', () => ({
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: '<html>not an icon</html>',
      }));
      net.internet.route('site05.example', '/favicon.ico', () => ({
        status: 200,
        headers: { 'content-type': 'image/png' },
        body: Buffer.alloc(70 * 1024, 1),
      }));
      const first = await stack.app.inject({ url: '/api/favicon/site02.example' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/png');
      expect(first.rawPayload.equals(PNG)).toBe(true);
      const fetched = net.internet.log.count('site02.example');
      const second = await stack.app.inject({ url: '/api/favicon/SITE02.example' });
      expect(second.rawPayload.equals(PNG)).toBe(true);
      // A profile on a subdomain gets its site's icon; the subdomain itself is never contacted.
      const sub = await stack.app.inject({ url: '/api/favicon/zed.site02.example' });
      expect(sub.rawPayload.equals(PNG)).toBe(true);
      expect(net.internet.log.count('zed.site02.example')).toBe(0);
      expect(net.internet.log.count('site02.example')).toBe(fetched);
      for (const host of ['site03.example', 'site05.example', 'site07.example']) {
        const answer = await stack.app.inject({ url: `/api/favicon/${host}` });
        expect(answer.statusCode, host).toBe(404);
        expect(answer.json().code, host).toBe('NO_ICON');
      }
      const foreign = await call('GET', '/api/favicon/evil.example');
      expect(foreign.status).toBe(404);
      expect(foreign.json.code).toBe('FAVICON_UNKNOWN_HOST');
      expect(net.internet.log.count('evil.example')).toBe(0);
    });
  });
}
