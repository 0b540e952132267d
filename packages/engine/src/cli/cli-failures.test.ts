/**
 * Issue 41 items 5–7, through the real `hound` process against the testkit: a set-up that reaches no site
 * (an unreachable proxy, a missing `--ca`) ends with one line saying why and exit status 1; a name the web
 * app and the API refuse is refused before anything loads (exit 2); a found link that is an API's address or
 * a home page is not printed or written as the profile.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHound as hound } from '../../test/hound-command.ts';
import { FIXTURE_CATALOGUES } from '../search/fixture-catalogues.ts';
import { tempDir } from '../search/test-helpers.ts';

// Sites whose catalogues give an API's address, or the home page, as the profile (issue 41 item 7).
const apiSites = {
  'Mine Api': {
    errorType: 'status_code',
    url: 'https://api.mine-api.test/users/profiles/{}',
    urlMain: 'https://mine-api.test/',
    username_claimed: 'alice',
  },
  'Root Probe': {
    errorType: 'status_code',
    url: 'https://root-probe.test',
    urlProbe: 'https://root-probe.test/check/{}',
    urlMain: 'https://root-probe.test/',
    username_claimed: 'alice',
  },
  // Sherlock knows only the API; WhatsMyName (the same request, so the same site) knows the profile page.
  'Rare Pair': {
    errorType: 'status_code',
    url: 'https://rare-pair.test/marketplace/api/v4/urls/{}',
    urlMain: 'https://rare-pair.test/',
    username_claimed: 'alice',
  },
};
const rarePairPage = {
  license: ['test fixture'],
  authors: ['hound'],
  categories: ['social'],
  sites: [
    {
      name: 'Rare Pair',
      uri_check: 'https://rare-pair.test/marketplace/api/v4/urls/{account}',
      uri_pretty: 'https://rare-pair.test/{account}',
      e_code: 200,
      e_string: '',
      m_code: 404,
      m_string: '',
      known: ['alice'],
      cat: 'social',
    },
  ],
};

let internet: Internet;
let dir: string;
let catalogues: string[];
let apiCatalogues: string[];
/** A port nothing listens on: a proxy that refuses every connection. */
let closedPort: number;

async function catalogueFiles(list: ReadonlyArray<{ data: unknown }>, prefix: string): Promise<string[]> {
  const args: string[] = [];
  for (const [i, { data }] of list.entries()) {
    const file = path.join(dir, `${prefix}-${i}.json`);
    await writeFile(file, JSON.stringify(data));
    args.push('--catalogue', file);
  }
  return args;
}

beforeAll(async () => {
  const extra = [
    { format: 'sherlock' as const, data: apiSites },
    { format: 'whatsmyname' as const, data: rarePairPage },
  ];
  internet = await startInternet({ catalogues: [...FIXTURE_CATALOGUES, ...extra] });
  dir = await tempDir();
  catalogues = await catalogueFiles(FIXTURE_CATALOGUES, 'fixture');
  apiCatalogues = await catalogueFiles(extra, 'api');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
});
afterAll(() => internet?.close());

const data = (name: string) => ['--data-dir', path.join(dir, name)];

describe('a set-up that reaches no site (item 5)', () => {
  it('an unreachable proxy: one line naming it (never its password), the names left, exit 1, results written', async () => {
    const json = path.join(dir, 'refused.json');
    const proxy = `http://user:secret-word@127.0.0.1:${closedPort}`;
    const run = await hound(['alice', 'bob', ...catalogues, ...data('refused'), '--proxy', proxy, '--json', json]);
    expect(run.code).toBe(1);
    const last = run.stderr.trim().split('\n').at(-1);
    expect(last).toBe(
      `hound: no site could be reached through the proxy at 127.0.0.1:${closedPort} ` +
        `(ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${closedPort}); check --proxy; not searched: bob`,
    );
    expect(run.stderr).not.toContain('secret-word');
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.searches.map((s: { username: string }) => s.username)).toEqual(['alice']);
    expect(report.searches[0].counts).toMatchObject({ found: 0, unknown: 17 });
  });

  it('hound email through an unreachable proxy: the same line, exit 1', async () => {
    const run = await hound(['email', 'someone@example.com', '--proxy', `http://127.0.0.1:${closedPort}`]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`hound: no site could be reached through the proxy at 127.0.0.1:${closedPort}`);
  });

  it('a proxy that intercepts TLS without --ca: says to give its CA, exit 1', async () => {
    const run = await hound(['alice', ...catalogues, ...data('no-ca'), '--proxy', internet.proxyUrl]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /hound: all 17 sites failed TLS verification \(UNABLE_TO_VERIFY_LEAF_SIGNATURE: .*\): the proxy at 127\.0\.0\.1:\d+ intercepts TLS; give its CA certificate with --ca FILE\n$/,
    );
  });

  it('a site or two failing on TLS or DNS is theirs: the search ends normally (exit 0)', async () => {
    const hosts = ['alpha-status.test', 'bravo-message.test'];
    internet.fault(hosts[0] as string, { kind: 'bad_tls' });
    internet.fault(hosts[1] as string, { kind: 'unknown_host' });
    try {
      const network = ['--proxy', internet.proxyUrl, '--ca', internet.caFile];
      const run = await hound(['alice', ...catalogues, ...data('faults'), ...network, '--print-all']);
      expect(run.stdout).toMatch(/Alpha Status: unknown \(tls\)/);
      // Through an HTTP proxy a host that does not resolve is the proxy's 502.
      expect(run.stdout).toMatch(/Bravo Message: unknown \(network\): Proxy response \(502\)/);
      expect(run.code).toBe(0);
      expect(run.stderr).not.toContain('hound:');
    } finally {
      for (const host of hosts) internet.fault(host, null);
    }
  });
});

describe('the username rule (item 6)', () => {
  it('refuses what the web app and the API refuse, with the rule, before loading any catalogue (exit 2)', async () => {
    const spaced = await hound(['bad name<>']);
    expect(spaced.code).toBe(2);
    expect(spaced.stderr).toContain('hound: cannot search "bad name<>": it has a space');
    expect(spaced.stderr).toContain('A username may contain letters A–Z, digits and . _ - only, up to 64 characters');
    // A catalogue that cannot be downloaded does not hide the bad name.
    const unreachable = `https://127.0.0.1:${closedPort}/catalogue.json`;
    const marks = await hound(['alice', 'bad<>', '--catalogue', unreachable, ...data('rule')]);
    expect(marks.code).toBe(2);
    expect(marks.stderr).toContain('hound: cannot search "bad<>": not allowed: "<" ">".');
    expect(marks.stderr).not.toContain('catalogue');
    const long = await hound(['a'.repeat(65)]);
    expect(long).toMatchObject({ code: 2, stderr: expect.stringContaining('it has 65 characters') });
  });
});

describe('found links that are not profile pages (item 7)', () => {
  it('prints and writes the profile page where a catalogue has one, else says the check asked an API', async () => {
    const json = path.join(dir, 'api.json');
    const csv = path.join(dir, 'api.csv');
    const network = ['--proxy', internet.proxyUrl, '--ca', internet.caFile];
    const run = await hound(['alice', ...apiCatalogues, ...data('api'), ...network, '--json', json, '--csv', csv]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n').sort()).toEqual([
      "[+] Mine Api: no profile page; the check asked the site's API (https://api.mine-api.test/users/profiles/alice)",
      '[+] Rare Pair: https://rare-pair.test/alice',
      "[+] Root Probe: no profile page; the check asked the site's API (https://root-probe.test/check/alice)",
    ]);
    const report = JSON.parse(await readFile(json, 'utf8'));
    const byName = (name: string) => report.searches[0].results.find((r: { name: string }) => r.name === name);
    expect(byName('Mine Api')).toMatchObject({ url: '', apiUrl: 'https://api.mine-api.test/users/profiles/alice' });
    expect(byName('Root Probe')).toMatchObject({ url: '', apiUrl: 'https://root-probe.test/check/alice' });
    expect(byName('Rare Pair').url).toBe('https://rare-pair.test/alice');
    expect(byName('Rare Pair').apiUrl).toBeUndefined();
    const profiles = report.trees[0].profiles.map((p: { site: string; url: string }) => [p.site, p.url]).sort();
    expect(profiles).toEqual([
      ['Mine Api', ''],
      ['Rare Pair', 'https://rare-pair.test/alice'],
      ['Root Probe', ''],
    ]);
    const rows = (await readFile(csv, 'utf8')).trim().split('\r\n');
    expect(rows[0]).toMatch(/,url,.*,elapsed_ms,api_url$/);
    const mine = rows.find((row) => row.includes('Mine Api'))?.split(',');
    expect(mine?.[3]).toBe('');
    expect(mine?.at(-1)).toBe('https://api.mine-api.test/users/profiles/alice');
  });
});
