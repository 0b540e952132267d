/**
 * 50 searches at once: the limits hold exactly, every started search completes, and no host ever sees
 * more parallel requests than the engine's per-host limit, across all searches of the process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectClient, untilEnded } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const SITES = 8;
const PER_HOST = 2;

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`50 concurrent searches on ${mode.name}`, () => {
    let net: TestInternet;
    let stack: Stack;
    beforeAll(async () => {
      net = await startTestInternet({ sites: SITES, latency: { medianMs: 20, p99Ms: 60 } });
      stack = await startStack(mode, {
        createEngine: net.createEngine({ perHostConcurrency: PER_HOST }),
        env: {
          LIMIT_ACTIVE_GLOBAL: '50',
          LIMIT_ACTIVE_PER_IP: '1000',
          LIMIT_ACTIVE_PER_DEVICE: '1',
          LIMIT_DAILY_PER_IP: '100000',
          LIMIT_DAILY_PER_DEVICE: '1',
          WORKER_CONCURRENCY: '50',
        },
      });
    });
    afterAll(async () => {
      await stack?.close();
      await net?.close();
    });

    it('starts exactly 50 of 60, completes them all, and respects the per-host limit', async () => {
      const call = injectClient(stack.app);
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          call('POST', '/api/search', { username: 'blue', device_id: `device_c${i}` }),
        ),
      );
      const started = answers.filter((a) => a.json.status === 'started');
      expect(started).toHaveLength(50);
      expect(answers.filter((a) => a.json.status === 'busy')).toHaveLength(10);

      // Device limits hold under concurrency too: one device, five simultaneous tries.
      const same = await Promise.all(
        Array.from({ length: 5 }, () => call('POST', '/api/search', { username: 'red', device_id: 'device_c0' })),
      );
      expect(same.every((a) => a.status === 429 || a.json.status === 'device_limit' || a.json.status === 'busy')).toBe(
        true,
      );

      const finals = await Promise.all(started.map((a) => untilEnded(call, a.json.search_id, 60_000)));
      for (const final of finals) {
        expect(final.status).toBe('completed');
        expect(final.progress).toEqual({ done: SITES, total: SITES });
      }
      for (const host of net.internet.hosts()) {
        expect(net.internet.log.count(host), host).toBeGreaterThanOrEqual(50);
        expect(net.internet.log.peakConcurrency(host), host).toBeLessThanOrEqual(PER_HOST);
      }
      // Once they are done, the daily limit of 1 per device still refuses a second search.
      const again = await call('POST', '/api/search', { username: 'red', device_id: 'device_c1' });
      expect(again.json).toMatchObject({ status: 'device_limit' });
    }, 90_000);
  });
}
