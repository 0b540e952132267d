/**
 * Scale-out in one picture: an API node that runs no searches, and a worker node with no HTTP. A client
 * of the API node sees the worker's results live (Redis pub/sub) and can cancel them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectClient, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { openEvents, readUntil } from './support/sse-client.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const scale = MODES.find((m) => m.scale)!;
const SITES = 10;

describe.skipIf(scale.skip)('API node and worker node (PostgreSQL + Redis)', () => {
  let net: TestInternet;
  let api: Stack;
  let worker: Stack;
  let baseUrl: string;
  beforeAll(async () => {
    net = await startTestInternet({ sites: SITES });
    api = await startStack(scale, { createEngine: net.createEngine(), runSearches: false });
    worker = await startStack(scale, { createEngine: net.createEngine(), join: api, noApp: true });
    baseUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await net?.close();
  });

  it('streams a search run by another node, every result once', async () => {
    const call = injectClient(api.app);
    const started = await call('POST', '/api/search', { username: 'blue', device_id: 'device_nodes' });
    const stream = await openEvents(`${baseUrl}/api/search/${started.json.search_id}/events`);
    const messages = await readUntil(stream, () => false);
    const ids = messages.filter((m) => m.event === 'result').map((m) => Number(m.id));
    expect(ids).toEqual(Array.from({ length: SITES }, (_, i) => i + 1));
    expect(messages.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed', total_found: SITES } });
  });

  it('cancels, through the API node, a search running on the worker node', async () => {
    for (const host of net.internet.hosts()) net.internet.fault(host, { kind: 'latency', ms: 3000 });
    try {
      net.internet.log.reset();
      const call = injectClient(api.app);
      const started = await call('POST', '/api/search', { username: 'zed', device_id: 'device_nodes2' });
      const id = started.json.search_id;
      await waitFor(async () => (net.internet.log.count() >= SITES ? true : undefined));
      const stream = await openEvents(`${baseUrl}/api/search/${id}/events`);
      expect((await call('DELETE', `/api/search/${id}?device_id=device_nodes2`)).json.status).toBe('cancelled');
      const messages = await readUntil(stream, () => false);
      expect(messages.at(-1)).toMatchObject({ event: 'done', data: { status: 'cancelled' } });
      // The worker aborted its requests: the testkit sees the connections close well before 3 s.
      await waitFor(async () => (net.internet.log.openConnections() === 0 ? true : undefined), 2500);
    } finally {
      for (const host of net.internet.hosts()) net.internet.fault(host, null);
    }
  });
});
