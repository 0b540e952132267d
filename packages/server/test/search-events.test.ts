/** The SSE stream: every result exactly once, resumable with Last-Event-ID, across API nodes. */
import { SseDoneEventSchema, SseResultEventSchema } from '@hound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectClient, untilEnded } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { openEvents, readUntil } from './support/sse-client.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const SITE_COUNT = 40;

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`search events on ${mode.name}`, () => {
    let net: TestInternet;
    let stack: Stack;
    let baseUrl: string;
    beforeAll(async () => {
      net = await startTestInternet({ sites: SITE_COUNT });
      // Site i answers after 20·i ms: results trickle in over ~0.8 s, so a stream sees them arrive live.
      for (const host of net.internet.hosts()) {
        const i = Number(host.match(/site(\d+)/)![1]);
        net.internet.fault(host, { kind: 'latency', ms: 20 * i });
        if (i % 4 === 0) net.internet.register(host, 'zed');
      }
      stack = await startStack(mode, {
        createEngine: net.createEngine(),
        env: { LIMIT_ACTIVE_PER_IP: '100', LIMIT_ACTIVE_PER_DEVICE: '100' },
      });
      baseUrl = await stack.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await stack?.close();
      await net?.close();
    });

    const startSearch = async (username = 'zed') => {
      const answer = await injectClient(stack.app)('POST', '/api/search', { username, device_id: 'device_sse' });
      expect(answer.json.status).toBe('started');
      return answer.json.search_id as string;
    };

    it('delivers every result exactly once, in sequence, then one done event, then ends', async () => {
      const id = await startSearch();
      const stream = await openEvents(`${baseUrl}/api/search/${id}/events`);
      expect(stream.status).toBe(200);
      const messages = await readUntil(stream, () => false);
      const results = messages.filter((m) => m.event === 'result');
      expect(results.map((m) => Number(m.id))).toEqual(Array.from({ length: SITE_COUNT }, (_, i) => i + 1));
      const platforms = results.map((m) => SseResultEventSchema.parse(m.data).platform);
      expect(new Set(platforms).size).toBe(SITE_COUNT);
      expect(results.at(-1)!.data.progress).toEqual({ done: SITE_COUNT, total: SITE_COUNT });
      const done = messages.filter((m) => m.event === 'done');
      expect(done).toHaveLength(1);
      expect(messages.at(-1)!.event).toBe('done');
      expect(SseDoneEventSchema.parse(done[0]!.data)).toEqual({
        status: 'completed',
        total_found: SITE_COUNT / 4,
        progress: { done: SITE_COUNT, total: SITE_COUNT },
      });
      expect(messages.some((m) => m.event === 'progress')).toBe(true);
    });

    it('resumes after a dropped connection from Last-Event-ID without gaps or repeats', async () => {
      const id = await startSearch();
      const first = await openEvents(`${baseUrl}/api/search/${id}/events`);
      const before = await readUntil(first, (_m, all) => all.filter((x) => x.event === 'result').length === 7);
      first.close();
      const lastId = before.filter((m) => m.event === 'result').at(-1)!.id!;
      expect(lastId).toBe('7');
      // Let more results be stored while no client is connected.
      await new Promise((r) => setTimeout(r, 150));
      const second = await openEvents(`${baseUrl}/api/search/${id}/events`, { 'last-event-id': lastId });
      const after = await readUntil(second, () => false);
      const ids = [...before, ...after].filter((m) => m.event === 'result').map((m) => Number(m.id));
      expect(ids).toEqual(Array.from({ length: SITE_COUNT }, (_, i) => i + 1));
      expect(after.at(-1)!.event).toBe('done');
    });

    it('replays a finished search from the database, honouring ?after=', async () => {
      const id = await startSearch();
      await untilEnded(injectClient(stack.app), id);
      const all = await readUntil(await openEvents(`${baseUrl}/api/search/${id}/events`), () => false);
      expect(all.filter((m) => m.event === 'result')).toHaveLength(SITE_COUNT);
      const tail = await readUntil(await openEvents(`${baseUrl}/api/search/${id}/events?after=35`), () => false);
      expect(tail.filter((m) => m.event === 'result').map((m) => Number(m.id))).toEqual([36, 37, 38, 39, 40]);
      expect(tail.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
    });

    it('sends heartbeat comments while waiting, and a cancelled search ends the stream with done: cancelled', async () => {
      // One site never answers, so the search is still running when it is cancelled.
      net.internet.fault('site39.example', { kind: 'hang' });
      try {
        const id = await startSearch('slowpoke');
        const stream = await openEvents(`${baseUrl}/api/search/${id}/events`);
        await new Promise((r) => setTimeout(r, 500));
        await injectClient(stack.app)('DELETE', `/api/search/${id}?device_id=device_sse`);
        const messages = await readUntil(stream, () => false);
        expect(stream.comments).toBeGreaterThan(0);
        expect(messages.at(-1)).toMatchObject({ event: 'done', data: { status: 'cancelled' } });
      } finally {
        net.internet.fault('site39.example', { kind: 'latency', ms: 20 * 39 });
      }
    });

    it('answers 404 JSON for an unknown search', async () => {
      const answer = await injectClient(stack.app)('GET', '/api/search/AAAAAAAAAAAAAAAAAAAAAA/events');
      expect(answer.status).toBe(404);
      expect(answer.json).toMatchObject({ code: 'NOT_FOUND' });
    });
  });
}
