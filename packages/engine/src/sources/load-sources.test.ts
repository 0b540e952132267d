import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueError } from '../catalogue/errors.ts';
import { sha256 } from './cache.ts';
import { type CatalogueSource, catalogueSourceFromArg } from './defaults.ts';
import { createFetchText } from './fetch-text.ts';
import { EXCLUDED_REASON, loadCatalogueSources } from './load-sources.ts';

/** The catalogue host below is on loopback, which downloads refuse unless told otherwise. */
const local = createFetchText({ allowPrivateAddresses: true });

const SHERLOCK = JSON.stringify({
  GitHub: {
    url: 'https://github.com/{}',
    urlMain: 'https://github.com/',
    errorType: 'status_code',
    username_claimed: 'blue',
  },
  Reddit: {
    url: 'https://reddit.com/user/{}',
    urlMain: 'https://reddit.com/',
    errorType: 'message',
    errorMsg: 'nope',
    username_claimed: 'blue',
  },
});
const WMN = JSON.stringify({
  sites: [
    {
      name: 'X',
      uri_check: 'https://x.test/{account}',
      e_code: 200,
      e_string: 'a',
      m_code: 404,
      m_string: 'b',
      known: ['a'],
      cat: 'social',
    },
  ],
});

/** A tiny catalogue host on loopback: path → [status, body]; counts requests per path. */
class CatalogueHost {
  routes = new Map<string, [number, string]>();
  hits = new Map<string, number>();
  connections = 0;
  server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    const [status, body] = this.routes.get(path) ?? [404, 'not found'];
    res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  }).on('connection', () => this.connections++);
  base = '';
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let host: CatalogueHost;
let dataDir: string;
let clock: Date;
const now = () => clock;

beforeEach(async () => {
  host = new CatalogueHost();
  await host.start();
  dataDir = await mkdtemp(join(tmpdir(), 'hound-sources-'));
  clock = new Date('2026-01-01T00:00:00Z');
});
afterEach(async () => {
  await host.stop().catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
});

const sources = (): CatalogueSource[] => [
  { name: 'sherlock', format: 'sherlock', urls: [`${host.base}/sherlock.json`] },
  { name: 'wmn', urls: [`${host.base}/wmn.json`] },
];

describe('loadCatalogueSources', () => {
  it('downloads on first use, caches with hash and time, reuses the cache within maxAge', async () => {
    host.routes.set('/sherlock.json', [200, SHERLOCK]).set('/wmn.json', [200, WMN]);
    const first = await loadCatalogueSources({ dataDir, fetchText: local, sources: sources(), exclusions: false, now });
    expect(first.checks.map((c) => c.name).sort()).toEqual(['GitHub', 'Reddit', 'X']);
    expect(first.sources.map((s) => s.origin)).toEqual(['network', 'network']);
    expect(first.sources[0]).toMatchObject({
      sha256: sha256(SHERLOCK),
      fetchedAt: clock.toISOString(),
      entries: 2,
      format: 'sherlock',
    });
    expect(first.checks[0]?.source).toBe(`${host.base}/sherlock.json`);
    const files = await readdir(join(dataDir, 'catalogues'));
    expect(files.filter((f) => f.endsWith('.data'))).toHaveLength(2);
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);

    clock = new Date('2026-01-01T23:00:00Z');
    const second = await loadCatalogueSources({
      dataDir,
      fetchText: local,
      sources: sources(),
      exclusions: false,
      now,
    });
    expect(second.sources.map((s) => s.origin)).toEqual(['cache', 'cache']);
    expect(host.hits.get('/sherlock.json')).toBe(1);
    expect(second.warnings).toEqual([]);
  });

  it('refreshes after maxAge, and on demand', async () => {
    host.routes.set('/sherlock.json', [200, SHERLOCK]).set('/wmn.json', [200, WMN]);
    await loadCatalogueSources({ dataDir, fetchText: local, sources: sources(), exclusions: false, now });
    clock = new Date('2026-01-02T01:00:00Z');
    const later = await loadCatalogueSources({ dataDir, fetchText: local, sources: sources(), exclusions: false, now });
    expect(later.sources[0]).toMatchObject({ origin: 'network', fetchedAt: clock.toISOString() });
    await loadCatalogueSources({
      dataDir,
      fetchText: local,
      sources: sources(),
      exclusions: false,
      now,
      refresh: true,
    });
    expect(host.hits.get('/sherlock.json')).toBe(3);
  });

  it('uses the cache with a warning when offline', async () => {
    host.routes.set('/sherlock.json', [200, SHERLOCK]).set('/wmn.json', [200, WMN]);
    await loadCatalogueSources({ dataDir, fetchText: local, sources: sources(), exclusions: false, now });
    await host.stop();
    clock = new Date('2026-01-03T00:00:00Z');
    const warned: string[] = [];
    const offline = await loadCatalogueSources({
      dataDir,
      fetchText: local,
      sources: sources(),
      exclusions: false,
      now,
      onWarning: (w) => warned.push(w),
    });
    expect(offline.sources.map((s) => s.origin)).toEqual(['cache', 'cache']);
    expect(offline.checks).toHaveLength(3);
    expect(warned).toHaveLength(2);
    expect(warned[0]).toMatch(/^sherlock: could not refresh .*using the copy fetched 2026-01-01T00:00:00.000Z/);
  });

  it('fails with catalogue_unavailable when neither network nor cache has anything', async () => {
    await host.stop();
    const error = await loadCatalogueSources({
      dataDir,
      fetchText: local,
      sources: sources(),
      exclusions: false,
      now,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueError);
    expect((error as CatalogueError).code).toBe('catalogue_unavailable');
    expect((error as Error).message).toContain('sherlock.json');
  });

  it('a corrupt download never replaces the cache', async () => {
    host.routes.set('/sherlock.json', [200, SHERLOCK]).set('/wmn.json', [200, WMN]);
    await loadCatalogueSources({ dataDir, fetchText: local, sources: sources(), exclusions: false, now });
    const cacheFiles = (await readdir(join(dataDir, 'catalogues'))).sort();
    const before = await Promise.all(cacheFiles.map((f) => readFile(join(dataDir, 'catalogues', f), 'utf8')));
    host.routes
      .set('/sherlock.json', [200, '<html>captive portal</html>'])
      .set('/wmn.json', [200, '{"sites": {"not": "wmn"}}']);
    clock = new Date('2026-01-05T00:00:00Z');
    const result = await loadCatalogueSources({
      dataDir,
      fetchText: local,
      sources: sources(),
      exclusions: false,
      now,
    });
    expect(result.sources.map((s) => s.origin)).toEqual(['cache', 'cache']);
    expect(result.warnings.join('\n')).toContain('downloaded content rejected');
    const after = await Promise.all(cacheFiles.map((f) => readFile(join(dataDir, 'catalogues', f), 'utf8')));
    expect(after).toEqual(before);
  });

  it('tries fallback URLs in order', async () => {
    host.routes.set('/fallback.json', [200, SHERLOCK]);
    const result = await loadCatalogueSources({
      dataDir,
      fetchText: local,
      sources: [{ name: 'sherlock', urls: [`${host.base}/down.json`, `${host.base}/fallback.json`] }],
      exclusions: false,
      now,
    });
    expect(result.sources[0]).toMatchObject({ origin: 'network', location: `${host.base}/fallback.json` });
  });

  it('honours the Sherlock exclusions list, cached like catalogues', async () => {
    host.routes.set('/sherlock.json', [200, SHERLOCK]).set('/exclusions.txt', [200, 'Reddit\nNotInManifest\n']);
    const options = {
      dataDir,
      fetchText: local,
      sources: [sources()[0]!],
      exclusions: { url: `${host.base}/exclusions.txt` },
      now,
    };
    const result = await loadCatalogueSources(options);
    expect(result.checks.find((c) => c.name === 'Reddit')?.excluded).toEqual({ reason: EXCLUDED_REASON });
    expect(result.checks.find((c) => c.name === 'GitHub')?.excluded).toBeUndefined();
    expect(result.exclusions).toMatchObject({ origin: 'network', entries: 2 });
    await host.stop();
    const offline = await loadCatalogueSources(options);
    expect(offline.exclusions?.origin).toBe('cache');
    expect(offline.checks.find((c) => c.name === 'Reddit')?.excluded).toBeDefined();
  });

  it('warns but still loads when the exclusions list is unavailable', async () => {
    host.routes.set('/sherlock.json', [200, SHERLOCK]);
    const result = await loadCatalogueSources({
      dataDir,
      fetchText: local,
      sources: [sources()[0]!],
      exclusions: { url: `${host.base}/missing.txt` },
      now,
    });
    expect(result.exclusions?.origin).toBe('unavailable');
    expect(result.warnings.join('\n')).toMatch(/Sherlock exclusions: .*HTTP 404/);
  });

  it('reads local files each time and reports unreadable ones', async () => {
    const file = join(dataDir, 'mine.json');
    await writeFile(file, SHERLOCK);
    const result = await loadCatalogueSources({
      dataDir,
      fetchText: local,
      sources: [catalogueSourceFromArg(file)],
      exclusions: false,
      now,
    });
    expect(result.sources[0]).toMatchObject({ origin: 'file', location: file, format: 'sherlock', entries: 2 });
    const error = await loadCatalogueSources({
      dataDir,
      fetchText: local,
      sources: [catalogueSourceFromArg(join(dataDir, 'nope.json'))],
      exclusions: false,
      now,
    }).catch((e: unknown) => e);
    expect((error as CatalogueError).code).toBe('catalogue_file_unreadable');
  });

  it('uses an injected fetchText', async () => {
    const asked: string[] = [];
    const result = await loadCatalogueSources({
      dataDir,
      sources: [catalogueSourceFromArg('https://catalogues.example/sherlock.json')],
      exclusions: false,
      now,
      fetchText: async (url) => {
        asked.push(url);
        return SHERLOCK;
      },
    });
    expect(asked).toEqual(['https://catalogues.example/sherlock.json']);
    expect(result.checks).toHaveLength(2);
  });
});

describe('catalogue downloads reach public addresses only (decision 096)', () => {
  const loopbackSource = (): CatalogueSource[] => [
    { name: 'sherlock', format: 'sherlock', urls: [`${host.base}/sherlock.json`] },
  ];

  it('refuses a catalogue URL on loopback by default without connecting, and downloads it when allowed', async () => {
    host.routes.set('/sherlock.json', [200, SHERLOCK]);
    const error = await loadCatalogueSources({ dataDir, sources: loopbackSource(), exclusions: false, now }).catch(
      (e: unknown) => e,
    );
    expect((error as CatalogueError).code).toBe('catalogue_unavailable');
    expect((error as Error).message).toMatch(/loopback address/);
    expect(host.connections).toBe(0);
    const allowed = await loadCatalogueSources({
      dataDir,
      sources: loopbackSource(),
      exclusions: false,
      now,
      fetchText: createFetchText({ allowPrivateAddresses: true }),
    });
    expect(allowed.sources[0]).toMatchObject({ origin: 'network', entries: 2 });
    expect(host.connections).toBe(1);
  });

  it('refuses the metadata address and localhost names before any connection', async () => {
    const fetchText = createFetchText();
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/latest/',
      `http://localhost:${new URL(host.base).port}/sherlock.json`,
      `http://[::1]:${new URL(host.base).port}/sherlock.json`,
      `http://2130706433:${new URL(host.base).port}/sherlock.json`,
    ]) {
      await expect(fetchText(url, {})).rejects.toMatchObject({ code: 'ERR_HOUND_BLOCKED_ADDRESS' });
    }
    expect(host.connections).toBe(0);
  });
});
