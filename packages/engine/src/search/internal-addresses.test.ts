/**
 * Decision 096: a catalogue entry, or a redirect, that points at loopback or the cloud metadata address
 * is `unknown` `blocked_address`, and the internal endpoint is never asked — directly and through a proxy
 * (the testkit's, on loopback itself), on the calling thread and on a search thread.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../catalogue/load-catalogue.ts';
import { createEngine } from '../engine.ts';
import { byName, collect, tempDir } from './test-helpers.ts';

const METADATA = 'http://169.254.169.254/latest/meta-data/';

let internet: Internet;
/** Stands for a service on the machine or its network (the server's own /readyz, an admin panel). */
let internal: Server;
let internalBase: string;
let internalConnections = 0;

const entry = (url: string) => ({ url, urlMain: new URL(url).origin, errorType: 'status_code', username_claimed: 'a' });
const checks = (data: Record<string, unknown>) => loadCatalogue(JSON.stringify(data), { format: 'sherlock' });

beforeAll(async () => {
  // "blue" and the catalogue's known "a" have profiles there; any other name is missing (decision 127).
  internal = createServer((req, res) =>
    /\/(blue|a)$/.test(req.url ?? '')
      ? res.writeHead(200).end(JSON.stringify({ status: 'ready', path: req.url }))
      : res.writeHead(404).end('{"error":"no such user"}'),
  ).on('connection', () => internalConnections++);
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalBase = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  internet = await startInternet({ catalogues: [] });
  // A public-looking site whose profile pages redirect inwards, and a fake metadata service the testkit
  // would serve if anything asked it.
  internet.route('redirector.example', '/to-loopback/*', () => ({
    status: 302,
    headers: { location: `${internalBase}/readyz` },
  }));
  internet.route('redirector.example', '/to-metadata/*', () => ({ status: 302, headers: { location: METADATA } }));
  internet.route('redirector.example', '/to-localhost/*', () => ({
    status: 301,
    headers: { location: `http://localhost:${new URL(internalBase).port}/readyz` },
  }));
  // Profiles of "blue" and of the catalogue's known "a"; any other name is missing (decision 127: a page
  // that echoes every name is no profile).
  internet.route('redirector.example', '/profile/*', (req) =>
    /\/(blue|a)$/.test(req.url)
      ? { status: 200, body: `a profile: ${req.url}` }
      : { status: 404, body: 'no such user' },
  );
  internet.route('169.254.169.254', '/latest/*', () => ({ status: 200, body: 'ami-0123456789' }));
});
afterAll(async () => {
  await internet?.close();
  internal?.close();
});

describe('catalogue entries and redirects to internal addresses', () => {
  it('direct (no proxy): an entry at 127.0.0.1, localhost or 169.254.169.254 is blocked_address, nothing is dialled', async () => {
    const engine = await createEngine({
      checks: checks({
        Loopback: entry(`${internalBase}/u/{}`),
        LocalName: entry(`http://localhost:${new URL(internalBase).port}/u/{}`),
        Metadata: entry('http://169.254.169.254/latest/{}'),
        MappedMetadata: entry('http://[::ffff:a9fe:a9fe]/latest/{}'),
      }),
      dataDir: await tempDir(),
      timeoutMs: 3_000,
    });
    try {
      const results = await collect(engine, 'blue');
      expect(results).toHaveLength(4);
      for (const result of results) {
        expect(result, result.name).toMatchObject({ verdict: 'unknown', reason: 'blocked_address' });
      }
      // (The network guard fails the test on any attempt to dial 169.254.169.254.)
      expect(internalConnections).toBe(0);
    } finally {
      await engine.close();
    }
  });

  for (const searchThreads of [0, 1]) {
    it(`through a proxy on loopback (${searchThreads ? 'on a search thread' : 'on the calling thread'}): every inward redirect hop is refused`, async () => {
      const engine = await createEngine({
        checks: checks({
          RedirectLoopback: entry('https://redirector.example/to-loopback/{}'),
          RedirectMetadata: entry('https://redirector.example/to-metadata/{}'),
          RedirectLocalhost: entry('https://redirector.example/to-localhost/{}'),
          Metadata: entry('http://169.254.169.254/latest/{}'),
          Public: entry('https://redirector.example/profile/{}'),
        }),
        proxy: internet.proxyUrl,
        caPem: internet.caPem,
        searchThreads,
        dataDir: await tempDir(),
        timeoutMs: 3_000,
      });
      try {
        internet.log.reset();
        const results = await collect(engine, 'blue');
        for (const name of ['RedirectLoopback', 'RedirectMetadata', 'RedirectLocalhost', 'Metadata']) {
          expect(byName(results, name), name).toMatchObject({ verdict: 'unknown', reason: 'blocked_address' });
        }
        // The proxy path works: the public site is asked and judged.
        expect(byName(results, 'Public').verdict).toBe('found');
        expect(internet.log.count('redirector.example')).toBeGreaterThanOrEqual(4);
        expect(internet.log.count('169.254.169.254')).toBe(0);
        expect(internalConnections).toBe(0);
      } finally {
        await engine.close();
      }
    });
  }

  it('reaches them when the operator allows non-public addresses', async () => {
    const engine = await createEngine({
      checks: checks({ Loopback: entry(`${internalBase}/u/{}`) }),
      allowPrivateAddresses: true,
      dataDir: await tempDir(),
      timeoutMs: 3_000,
    });
    try {
      const [result] = await collect(engine, 'blue');
      expect(result).toMatchObject({ verdict: 'found', evidence: { status: 200 } });
      expect(internalConnections).toBeGreaterThan(0);
    } finally {
      await engine.close();
      internalConnections = 0;
    }
  });
});
