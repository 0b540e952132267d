/**
 * Issue 15 on the server: the site list is compressed and keeps the server's paths to itself, an
 * offline first start says plainly what the operator can do, profile links are profiles, and the
 * OpenAPI page describes each answer and the username rule.
 */
import { gunzipSync } from 'node:zlib';
import { SitesResponseSchema } from '@hound/contracts';
import { CatalogueError } from '@hound/engine';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineHost } from '../src/catalogues/engine-host.ts';
import { CATALOGUES_UNAVAILABLE_MESSAGE } from '../src/features/searches/search-messages.ts';
import { profileUrl } from '../src/features/searches/to-platform-result.ts';
import { publicSource } from '../src/features/sites/list-sites.ts';
import { injectClient, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const embedded = MODES.find((m) => !m.scale)!;

const OFFLINE = () =>
  Promise.reject(
    new CatalogueError(
      'catalogue_unavailable',
      'No site catalogue could be downloaded and none is cached in /data/engine.\n' +
        'sherlock: fetch failed\nConnect to the internet once (or pass --catalogue FILE) and try again.',
    ),
  );

describe('profile links', () => {
  it('a result address without the username is not a profile: it is left out', () => {
    expect(profileUrl('https://discord.com', 'blue')).toBe('');
    expect(profileUrl('https://github.com/Blue', 'blue')).toBe('https://github.com/Blue');
    expect(profileUrl('https://blue.tumblr.com/', 'blue')).toBe('https://blue.tumblr.com/');
    expect(profileUrl('', 'blue')).toBe('');
  });

  it('catalogue sources: URLs as they are, local files by name only', () => {
    expect(publicSource('https://example.com/data.json')).toBe('https://example.com/data.json');
    expect(publicSource('/srv/hound/data/engine/cache/sherlock.json')).toBe('sherlock.json');
  });
});

describe('offline first start', () => {
  it('the log names HOUND_CATALOGUES (not a CLI flag) and the state says the lists are unavailable', async () => {
    const lines: string[] = [];
    const log = {
      error: (_o: unknown, message: string) => lines.push(`error ${message}`),
      warn: (_o: unknown, message: string) => lines.push(`warn ${message}`),
      info: () => {},
    } as unknown as FastifyBaseLogger;
    const host = startEngineHost({ create: OFFLINE, refreshMs: 0, log, retryMinMs: 60_000 });
    await waitFor(async () => (host.state().error ? true : undefined));
    expect(host.state()).toMatchObject({ ready: false, unavailable: true });
    expect(host.state().error).not.toContain('--catalogue');
    expect(lines.join('\n')).toMatch(/^error site catalogues could not be downloaded.*HOUND_CATALOGUES/m);
    expect(lines.join('\n')).not.toContain('--catalogue');
    await host.close();
  });

  describe('through the API', () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack(embedded, { createEngine: OFFLINE, waitForEngine: false });
      await waitFor(async () => (stack.services.engines.state().error ? true : undefined));
    });
    afterAll(async () => stack?.close());

    it('a search says the site lists could not be downloaded and what to do; /readyz gives the reason code', async () => {
      const call = injectClient(stack.app);
      const answer = await call('POST', '/api/search', { username: 'blue', device_id: 'device_offline' });
      expect(answer.json).toEqual({ status: 'error', error: CATALOGUES_UNAVAILABLE_MESSAGE });
      expect(answer.json.error).not.toMatch(/try again in a minute/);
      const ready = await call('GET', '/readyz');
      expect(ready.status).toBe(503);
      // A stranger learns the reason code; the operator reads what to do in the log (engine-host.ts).
      expect(ready.json.checks.catalogues.detail).toBe('unavailable');
    });
  });
});

describe('site list and API docs', () => {
  let net: TestInternet;
  let stack: Stack;
  beforeAll(async () => {
    net = await startTestInternet({ sites: 3 });
    stack = await startStack(embedded, { createEngine: net.createEngine() });
  });
  afterAll(async () => {
    await stack?.close();
    await net?.close();
  });

  it('GET /api/sites is gzip-compressed when accepted and names no server path', async () => {
    const zipped = await stack.app.inject({ url: '/api/sites', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    const text = gunzipSync(zipped.rawPayload).toString('utf8');
    const body = SitesResponseSchema.parse(JSON.parse(text));
    expect(body.sites).toHaveLength(3);
    expect(text).not.toContain(net.dir);
    expect(body.sites[0]!.sources[0]!.source).toBe('sherlock.json');
    const plain = await stack.app.inject({ url: '/api/sites' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body)).toEqual(JSON.parse(text));
  });

  it('the OpenAPI document describes every answer and the username rule, and warns that Try it out searches', async () => {
    const doc = (await stack.app.inject({ url: '/api/docs/json' })).json();
    const start = doc.paths['/api/search'].post;
    expect(start.description).toMatch(/\^\[A-Za-z0-9\._-\]\{1,64\}\$/);
    expect(start.description).toMatch(/Try it out.*real search/i);
    const ours = ['/api/search', '/api/search/status/{id}', '/api/search/{id}', '/api/sites', '/api/config', '/readyz'];
    for (const path of ours) {
      for (const operation of Object.values(doc.paths[path]) as Array<{
        responses: Record<string, { description: string }>;
      }>) {
        for (const [code, response] of Object.entries(operation.responses)) {
          expect(response.description, `${path} ${code}`).not.toBe('Default Response');
        }
      }
    }
  });
});
