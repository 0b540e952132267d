/** Email checks in the health self-test: a check that says "registered" for anyone is left out of searches. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type HoundEngine } from '../engine.ts';

const check = (id: string, host: string) => ({
  id,
  name: id,
  domain: host,
  category: 'test',
  method: 'api',
  requests: [{ url: `https://${host}/check?e={email}` }],
  found: [{ status: [200] }],
  notFound: [{ status: [404] }],
});

let internet: Internet;
let engine: HoundEngine;
let dir: string;
let file: string;

beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  // An honest site knows one address; a broken one says "registered" to everybody.
  internet.route('honest.example', '/check', (request) => ({
    status: decodeURIComponent(request.url).includes('known@example.com') ? 200 : 404,
  }));
  internet.route('yes-man.example', '/check', () => ({ status: 200 }));
  dir = await mkdtemp(path.join(os.tmpdir(), 'hound-email-health-'));
  file = path.join(dir, 'email.json');
  await writeFile(
    file,
    JSON.stringify({
      format: 'hound-email',
      version: 1,
      checks: [
        { ...check('honest', 'honest.example'), examples: { registered: ['known@example.com'], unregistered: [] } },
        check('yes-man', 'yes-man.example'),
      ],
    }),
  );
  engine = await createEngine({
    checks: [],
    emailCatalogues: [file],
    dataDir: dir,
    connect: internet.connect,
    allowPrivateAddresses: true,
  });
});
afterAll(async () => {
  await engine?.close();
  await internet?.close();
});

describe('email self-test', () => {
  it('marks a check that finds a random address unreliable, with the reason, and searches leave it out', async () => {
    expect(engine.countEmailChecks()).toBe(2);
    await engine.selfTest();
    const health = engine.emailHealth();
    expect(health.get('honest')).toMatchObject({ reliable: true });
    expect(health.get('yes-man')).toMatchObject({
      reliable: false,
      reason: 'random address judged found, expected not_found',
    });
    expect(engine.countEmailChecks()).toBe(1);
    const ids: string[] = [];
    for await (const { result } of engine.searchEmail('known@example.com')) ids.push(result.checkId);
    expect(ids).toEqual(['honest']);
    // Named explicitly, it still runs, and its never-registered control (decision 131) shows that its
    // "registered" says nothing.
    const named: string[] = [];
    for await (const { result } of engine.searchEmail('known@example.com', { checks: ['yes-man'] }))
      named.push(`${result.verdict} ${result.reason}`);
    expect(named).toEqual(['unknown indistinguishable']);
  });

  it('keeps the outcome for the next engine on the same data directory', async () => {
    const again = await createEngine({
      checks: [],
      emailCatalogues: engine.emailChecks.length
        ? [
            path.join(
              path.dirname((engine as unknown as { settings: { healthFile: string } }).settings.healthFile),
              'email.json',
            ),
          ]
        : [],
      dataDir: path.dirname((engine as unknown as { settings: { healthFile: string } }).settings.healthFile),
      connect: internet.connect,
      allowPrivateAddresses: true,
    });
    expect(again.emailHealth().get('yes-man')?.reliable).toBe(false);
    expect(again.countEmailChecks()).toBe(1);
    await again.close();
  });
});

describe('email catalogues by URL', () => {
  it('downloads through the engine, caches, and falls back to the cached copy when the download fails', async () => {
    const catalogue = { format: 'hound-email', version: 1, checks: [check('remote', 'honest.example')] };
    let serve: 'good' | 'broken' = 'good';
    internet.route('catalogues.hound.test', '/email.json', () =>
      serve === 'good'
        ? { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(catalogue) }
        : { status: 200, body: '{ not json' },
    );
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'hound-email-url-'));
    const url = 'https://catalogues.hound.test/email.json';
    const first = await createEngine({
      checks: [],
      emailCatalogues: [url],
      dataDir: cacheDir,
      connect: internet.connect,
      allowPrivateAddresses: true,
    });
    expect(first.emailChecks.map((c) => c.id)).toEqual(['remote']);
    await first.close();
    serve = 'broken';
    const warnings: string[] = [];
    const second = await createEngine({
      checks: [],
      emailCatalogues: [url],
      dataDir: cacheDir,
      connect: internet.connect,
      allowPrivateAddresses: true,
      onWarning: (w) => warnings.push(w),
    });
    expect(second.emailChecks.map((c) => c.id)).toEqual(['remote']);
    expect(warnings[0]).toMatch(/using the copy from/);
    await second.close();
    const empty = await mkdtemp(path.join(os.tmpdir(), 'hound-email-url-'));
    await expect(
      createEngine({
        checks: [],
        emailCatalogues: [url],
        dataDir: empty,
        connect: internet.connect,
        allowPrivateAddresses: true,
      }),
    ).rejects.toThrow(/no cached copy/);
  });

  it('refuses an email catalogue at an internal address (decision 096), through the proxy as in production', async () => {
    const catalogue = { format: 'hound-email', version: 1, checks: [check('metadata', 'honest.example')] };
    internet.route('169.254.169.254', '/email.json', () => ({ status: 200, body: JSON.stringify(catalogue) }));
    internet.route('catalogues.hound.test', '/public.json', () => ({ status: 200, body: JSON.stringify(catalogue) }));
    const proxied = { checks: [], proxy: internet.proxyUrl, caPem: internet.caPem };
    internet.log.reset();
    const empty = await mkdtemp(path.join(os.tmpdir(), 'hound-email-url-'));
    await expect(
      createEngine({ ...proxied, emailCatalogues: ['http://169.254.169.254/email.json'], dataDir: empty }),
    ).rejects.toThrow(/link-local address/);
    expect(internet.log.count('169.254.169.254')).toBe(0);
    // The same catalogue from a public name loads: only the address is refused.
    const loaded = await createEngine({
      ...proxied,
      emailCatalogues: ['https://catalogues.hound.test/public.json'],
      dataDir: empty,
    });
    expect(loaded.emailChecks.map((c) => c.id)).toEqual(['metadata']);
    await loaded.close();
  });
});
