// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDeviceId } from '../lib/device-id.ts';
import { browserStore } from '../lib/storage.ts';
import { entry } from '../test/fixtures.ts';
import { createHttpSearchApi, interpretStart } from './search-api.ts';

describe('interpretStart (spec 000 §8)', () => {
  it('maps non-OK answers to their HTTP status', () => {
    for (const status of [422, 429, 500, 503, 404, 400]) {
      expect(interpretStart(status, null)).toEqual({ ok: false, error: { kind: 'http', status } });
    }
  });

  it('maps the start statuses, keeping the server text', () => {
    expect(interpretStart(200, { status: 'started', search_id: 'abc' })).toEqual({ ok: true, searchId: 'abc' });
    expect(interpretStart(200, { status: 'busy', error: 'full' })).toEqual({
      ok: false,
      error: { kind: 'busy', serverText: 'full' },
    });
    expect(interpretStart(200, { status: 'device_limit', error: 'limit' })).toEqual({
      ok: false,
      error: { kind: 'device_limit', serverText: 'limit' },
    });
    expect(interpretStart(200, { status: 'error', error: 'boom' })).toEqual({
      ok: false,
      error: { kind: 'server_error', serverText: 'boom' },
    });
  });

  it('treats any other start status or body as unexpected', () => {
    expect(interpretStart(200, { status: 'queued' })).toEqual({ ok: false, error: { kind: 'unexpected_status' } });
    expect(interpretStart(200, null)).toEqual({ ok: false, error: { kind: 'unexpected_status' } });
    expect(interpretStart(200, { status: 'started' })).toEqual({ ok: false, error: { kind: 'unexpected_status' } });
  });
});

describe('createHttpSearchApi against a loopback server', () => {
  const seen: Array<{ method: string; url: string; body: string }> = [];
  let reply: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body });
      reply(req, res);
    });
  });
  let baseUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const json = (status: number, body: unknown) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  it('posts the username and device id, and reads the search id', async () => {
    reply = json(200, { status: 'started', search_id: 'abc' });
    const api = createHttpSearchApi({ baseUrl });
    expect(await api.start('alice', 'device_x')).toEqual({ ok: true, searchId: 'abc' });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/search',
      body: '{"username":"alice","device_id":"device_x"}',
    });
  });

  it("sends the chosen sites with the search, and tells a refused scope in the server's words", async () => {
    reply = json(200, { status: 'started', search_id: 'abc' });
    const api = createHttpSearchApi({ baseUrl });
    await api.start('alice', 'device_x', { categories: ['coding'], sites: ['GitHub'], nsfw: true });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({
      username: 'alice',
      device_id: 'device_x',
      categories: ['coding'],
      sites: ['GitHub'],
      nsfw: true,
    });
    reply = json(422, { status: 'error', code: 'SEARCH_SCOPE_INVALID', error: 'No site is named "Nope".' });
    expect(await api.start('alice', 'device_x', { sites: ['Nope'] })).toEqual({
      ok: false,
      error: { kind: 'server_error', serverText: 'No site is named "Nope".' },
    });
  });

  it('sends "Follow leads" (recursive, depth) with the search when asked, and nothing of it otherwise', async () => {
    reply = json(200, { status: 'started', search_id: 'abc' });
    const api = createHttpSearchApi({ baseUrl });
    await api.start('alice', 'device_x', { recursive: true, depth: 2 });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({
      username: 'alice',
      device_id: 'device_x',
      recursive: true,
      depth: 2,
    });
    await api.start('alice', 'device_x', { recursive: undefined, depth: undefined });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ username: 'alice', device_id: 'device_x' });
  });

  it('reports 422 and network failures', async () => {
    reply = json(422, { status: 'error', code: 'UNSUPPORTED_CHARACTERS', error: 'x' });
    const api = createHttpSearchApi({ baseUrl });
    expect(await api.start('a!', 'd')).toEqual({ ok: false, error: { kind: 'http', status: 422 } });
    const dead = createHttpSearchApi({ baseUrl: 'http://127.0.0.1:1' });
    expect(await dead.start('a', 'd')).toEqual({ ok: false, error: { kind: 'unknown' } });
  });

  it('reads a status answer with the shared schema, and rejects malformed ones', async () => {
    const body = {
      status: 'completed',
      username: 'alice',
      progress: { done: 1, total: 1 },
      result: { results: { GitHub: entry('GitHub').result }, total_found: 1 },
    };
    reply = json(200, body);
    const api = createHttpSearchApi({ baseUrl });
    expect(await api.status('a/b')).toEqual({ ok: true, body });
    expect(seen.at(-1)!.url).toBe('/api/search/status/a%2Fb');
    reply = json(200, { status: 'completed' });
    expect(await api.status('x')).toEqual({ ok: false });
    reply = json(503, {});
    expect(await api.status('x')).toEqual({ ok: false });
  });

  it('cancels with DELETE, naming this device (only the device that started a search may cancel it)', async () => {
    reply = json(200, { status: 'cancelled' });
    await createHttpSearchApi({ baseUrl }).cancel('abc');
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/search/abc' });
    const device = getDeviceId(browserStore());
    await createHttpSearchApi({ baseUrl }).cancel('abc');
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/search/abc?device_id=${device}` });
  });
});
