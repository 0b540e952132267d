/**
 * The spec's start/status contract, every branch, through app.inject AND over a real socket, on both
 * provider stacks.
 */
import os from 'node:os';
import { gunzipSync } from 'node:zlib';
import { SEARCH_MESSAGES, SearchStatusResponseSchema, StartSearchResponseSchema } from '@hound/contracts';
import { createEngine } from '@hound/engine';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_FAILED_MESSAGE } from '../src/background.ts';
import { CATALOGUES_LOADING_MESSAGE } from '../src/features/searches/search-messages.ts';
import { type Call, injectClient, socketClient, untilEnded, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const SITES = 4;

/** Every fake site answers only after 30 s while `fn` runs: searches started meanwhile stay active. */
async function whileSlow<T>(net: TestInternet, fn: () => Promise<T>): Promise<T> {
  for (const host of net.internet.hosts()) net.internet.fault(host, { kind: 'latency', ms: 30_000 });
  try {
    return await fn();
  } finally {
    for (const host of net.internet.hosts()) net.internet.fault(host, null);
  }
}

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`search API on ${mode.name}`, () => {
    let net: TestInternet;
    let stack: Stack;
    let baseUrl: string;
    beforeAll(async () => {
      net = await startTestInternet({ sites: SITES });
      net.internet.register('site00.example', 'zed');
      net.internet.register('site03.example', 'zed');
      const createEngine = net.createEngine();
      stack = await startStack(mode, {
        // The real engine; only the username `explode` is made to fail, to show the error branch.
        createEngine: async () => {
          const engine = await createEngine();
          const search = engine.searchUsername.bind(engine);
          engine.searchUsername = (username, options) => {
            if (username === 'explode') throw new Error('injected engine failure');
            return search(username, options);
          };
          return engine;
        },
        env: {
          LIMIT_ACTIVE_GLOBAL: '3',
          LIMIT_ACTIVE_PER_DEVICE: '1',
          LIMIT_ACTIVE_PER_IP: '1000',
          LIMIT_DAILY_PER_DEVICE: '3',
          LIMIT_DAILY_PER_IP: '100000',
        },
      });
      baseUrl = await stack.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await stack?.close();
      await net?.close();
    });

    const transports: Array<[string, () => Call]> = [
      ['app.inject', () => injectClient(stack.app)],
      ['a real socket', () => socketClient(baseUrl)],
    ];

    for (const [transport, client] of transports) {
      describe(`through ${transport}`, () => {
        const dev = (n: string) => `device_${transport.replaceAll(/\W/g, '')}_${n}`;
        const start = (call: Call, username: string, device: string) =>
          call('POST', '/api/search', { username, device_id: device });
        // An anonymous search is cancelled by the device that started it.
        const cancel = (call: Call, id: string, device: string) =>
          call('DELETE', `/api/search/${id}?device_id=${encodeURIComponent(device)}`);

        it('started → completed: results keyed by platform with the spec fields and verdict/evidence', async () => {
          const call = client();
          const started = await start(call, '  zed ', dev('a'));
          expect(started.status).toBe(200);
          const body = StartSearchResponseSchema.parse(started.json);
          expect(body.status).toBe('started');
          if (body.status !== 'started') return;
          expect(body.search_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
          const final = SearchStatusResponseSchema.parse(await untilEnded(call, body.search_id));
          expect(final.status).toBe('completed');
          expect(final.username).toBe('zed');
          expect(final.progress).toEqual({ done: SITES, total: SITES });
          expect(final.result?.total_found).toBe(2);
          expect(Object.keys(final.result!.results).sort()).toEqual(['Site00', 'Site01', 'Site02', 'Site03']);
          expect(final.result!.results.Site00).toMatchObject({
            url: 'https://site00.example/zed',
            found: true,
            status: 'Found',
            username: 'zed',
            verdict: 'found',
            evidence: { status: expect.any(Number), agreed: ['sherlock'] },
          });
          expect(typeof final.result!.results.Site00!.category).toBe('string');
          expect(final.result!.results.Site03).toMatchObject({ found: true, url: 'https://site03.example/user/zed' });
          expect(final.result!.results.Site01).toMatchObject({
            found: false,
            status: 'Not Found',
            verdict: 'not_found',
          });
          // A client that accepts gzip gets the same answer compressed (decision 145).
          if (transport === 'a real socket') {
            const res = await request(`${baseUrl}/api/search/status/${body.search_id}`, {
              headers: { 'accept-encoding': 'gzip, br' },
            });
            expect(res.headers['content-encoding']).toBe('gzip');
            expect(res.headers.vary).toBe('accept-encoding');
            expect(JSON.parse(gunzipSync(Buffer.from(await res.body.arrayBuffer())).toString())).toEqual(final);
          }
        });

        it('422 for unsupported characters, with the spec message; email addresses are explained', async () => {
          const call = client();
          for (const username of ['bob!', 'a b', 'x'.repeat(65), '   ', 'ünï']) {
            const answer = await start(call, username, dev('b'));
            expect(answer.status, username).toBe(422);
            expect(answer.json).toEqual({
              status: 'error',
              code: 'SEARCH_UNSUPPORTED_USERNAME',
              error: SEARCH_MESSAGES.unsupportedCharacters,
            });
          }
          const email = await start(call, 'bob@example.com', dev('b'));
          expect(email.status).toBe(422);
          expect(email.json.code).toBe('SEARCH_EMAIL_NOT_SUPPORTED');
          expect(email.json.error).toMatch(/looks like an email address/);
        });

        it('400 for a body that is not the contract', async () => {
          const call = client();
          const answer = await call('POST', '/api/search', { username: 42 });
          expect(answer.status).toBe(400);
          expect(answer.json).toMatchObject({ status: 'error', code: 'VALIDATION_FAILED' });
        });

        it('429 when this device already runs its maximum of searches', async () => {
          const call = client();
          await whileSlow(net, async () => {
            const first = await start(call, 'slow1', dev('c'));
            expect(first.json.status).toBe('started');
            const second = await start(call, 'blue', dev('c'));
            expect(second.status).toBe(429);
            expect(second.json).toEqual({
              status: 'error',
              code: 'SEARCH_TOO_MANY_ACTIVE',
              error: SEARCH_MESSAGES.tooManyActive,
            });
            const cancelled = await cancel(call, first.json.search_id, dev('c'));
            expect(cancelled.json.status).toBe('cancelled');
          });
          const again = await start(call, 'blue', dev('c'));
          expect(again.json.status).toBe('started');
          expect((await untilEnded(call, again.json.search_id)).status).toBe('completed');
        });

        it('busy when the service is at its global capacity', async () => {
          const call = client();
          await whileSlow(net, async () => {
            const ids: Array<[string, string]> = [];
            for (const n of ['d1', 'd2', 'd3']) {
              const answer = await start(call, 'slow2', dev(n));
              expect(answer.json.status).toBe('started');
              ids.push([answer.json.search_id, dev(n)]);
            }
            const refused = await start(call, 'blue', dev('d4'));
            expect(refused.status).toBe(200);
            expect(refused.json).toEqual({ status: 'busy', error: SEARCH_MESSAGES.busy });
            for (const [id, device] of ids) await cancel(call, id, device);
          });
          const again = await start(call, 'blue', dev('d4'));
          expect(again.json.status).toBe('started');
          expect((await untilEnded(call, again.json.search_id)).status).toBe('completed');
        });

        it('device_limit once a device used up its daily searches', async () => {
          const call = client();
          for (let i = 0; i < 3; i++) {
            const answer = await start(call, 'red', dev('e'));
            expect(answer.json.status).toBe('started');
            await untilEnded(call, answer.json.search_id);
          }
          const refused = await start(call, 'red', dev('e'));
          expect(refused.status).toBe(200);
          expect(refused.json).toEqual({ status: 'device_limit', error: SEARCH_MESSAGES.deviceLimit });
        });

        it('status error when the search itself fails (after retries)', async () => {
          const call = client();
          const started = await start(call, 'explode', dev('f'));
          expect(started.json.status).toBe('started');
          const final = await untilEnded(call, started.json.search_id);
          expect(final).toMatchObject({ status: 'error', error: SEARCH_FAILED_MESSAGE });
          expect(final.result.error).toBe(SEARCH_FAILED_MESSAGE);
        });

        it('404 JSON for an unknown search id', async () => {
          const call = client();
          for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id']) {
            const answer = await call('GET', `/api/search/status/${id}`);
            expect(answer.status).toBe(404);
            expect(answer.json).toMatchObject({ status: 'error', code: 'NOT_FOUND' });
          }
        });
      });
    }
  });

  describe.skipIf(mode.skip)(`search API on ${mode.name}, catalogues not loaded`, () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack(mode, {
        // The real engine, given a catalogue that cannot be loaded (as with no network).
        createEngine: () => createEngine({ catalogues: ['/nonexistent/hound-catalogue.json'], dataDir: os.tmpdir() }),
        waitForEngine: false,
      });
    });
    afterAll(async () => stack?.close());

    it('start answers status error with a clear message, and /readyz says why', async () => {
      const call = injectClient(stack.app);
      // The engine is started without waiting: let its first load fail before asking.
      await waitFor(async () =>
        (await call('GET', '/readyz')).json.checks.catalogues.detail === 'retrying' ? true : undefined,
      );
      const answer = await call('POST', '/api/search', { username: 'blue', device_id: 'device_x' });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ status: 'error', error: CATALOGUES_LOADING_MESSAGE });
      const ready = await call('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.json.checks).toMatchObject({
        database: { ok: true },
        queue: { ok: true },
        catalogues: { ok: false, detail: 'retrying' },
      });
      expect((await call('GET', '/healthz')).json).toEqual({ status: 'ok' });
    });
  });
}
