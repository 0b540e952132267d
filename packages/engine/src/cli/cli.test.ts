import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUND_COMMAND } from '../../test/hound-command.ts';
import { FIXTURE_CATALOGUES, sherlockCatalogue } from '../search/fixture-catalogues.ts';
import { tempDir } from '../search/test-helpers.ts';

const REGISTERED = 'zoe-registered';
// A site whose name a spreadsheet would run as a formula.
const FORMULA_SITE = '=HYPERLINK("http://evil.test","x")';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function hound(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return node([...HOUND_COMMAND, ...args], env);
}

function node(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      argv,
      { env: { ...process.env, NO_COLOR: '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let internet: Internet;
let dir: string;
let catalogueArgs: string[];
let network: string[];
const registeredSites = ['Alpha Status', 'Hotel Strings', 'Kilo Message', 'November Board'];

beforeAll(async () => {
  const formulaCatalogue = {
    [FORMULA_SITE]: { ...sherlockCatalogue['Alpha Status'], url: 'https://formula.test/u/{}' },
  };
  internet = await startInternet({
    catalogues: [...FIXTURE_CATALOGUES, { format: 'sherlock', data: formulaCatalogue }],
  });
  for (const site of internet.sites()) {
    if (registeredSites.includes(site.name)) internet.register(site.host, REGISTERED);
  }
  dir = await tempDir();
  catalogueArgs = [];
  for (const [i, { data }] of [...FIXTURE_CATALOGUES, { data: formulaCatalogue }].entries()) {
    const file = path.join(dir, `catalogue-${i}.json`);
    await writeFile(file, JSON.stringify(data));
    catalogueArgs.push('--catalogue', file);
  }
  network = ['--proxy', internet.proxyUrl, '--ca', internet.caFile, '--data-dir', path.join(dir, 'data')];
});
afterAll(() => internet?.close());

describe('hound USERNAME', () => {
  it('prints exactly the sites where the name is registered, and writes JSON and CSV', async () => {
    const json = path.join(dir, 'out.json');
    const csv = path.join(dir, 'out.csv');
    const run = await hound([REGISTERED, ...catalogueArgs, ...network, '--json', json, '--csv', csv]);
    expect(run.stderr).toContain(`${REGISTERED}: 4 found`);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.map((l) => l.replace(/: .*/, '')).sort()).toEqual(registeredSites.map((n) => `[+] ${n}`).sort());
    expect(run.stdout).toContain(`[+] Alpha Status: https://alpha-status.test/u/${REGISTERED}`);
    expect(run.stdout).not.toContain('\u001b['); // not a terminal: no colours, no progress bar

    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.searches).toHaveLength(1);
    expect(report.searches[0].username).toBe(REGISTERED);
    expect(report.searches[0].counts.found).toBe(4);
    expect(report.searches[0].results).toHaveLength(18);
    const alpha = report.searches[0].results.find((r: { name: string }) => r.name === 'Alpha Status');
    expect(alpha).toMatchObject({ verdict: 'found', evidence: { status: 200, agreed: ['sherlock'] } });

    const rows = (await readFile(csv, 'utf8')).trim().split('\r\n');
    expect(rows[0]).toBe(
      'username,site,site_id,url,verdict,reason,http_status,category,rule,catalogues,elapsed_ms,api_url',
    );
    expect(rows).toHaveLength(19);
    const formulaRow = rows.find((row) => row.includes('HYPERLINK')) as string;
    expect(formulaRow.split(',')[1]).toBe(`"'=HYPERLINK(""http://evil.test""`);
  });

  it('--print-all shows every site; --site limits the search', async () => {
    const all = await hound(['nobody-here', ...catalogueArgs, ...network, '--print-all']);
    expect(all.code).toBe(0);
    expect(all.stdout.trim().split('\n')).toHaveLength(18);
    expect(all.stdout).toContain('[-] Bravo Message: not found');
    const one = await hound([REGISTERED, ...catalogueArgs, ...network, '--site', 'kilo message', '--print-all']);
    expect(one.stdout.trim()).toBe(`[+] Kilo Message: https://kilo-message.test/user/${REGISTERED}`);
    // One site is "1 site", not "1 sites", on the start line and in the summary.
    expect(one.stderr).toMatch(/ on 1 site\n/);
    expect(one.stderr).toMatch(/\(1 site, /);
  });

  it('uses exit status 2 for usage errors and 1 for runtime errors', async () => {
    expect((await hound([])).code).toBe(2);
    const unknown = await hound(['alice', '--frobnicate']);
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--frobnicate'") });
    const email = await hound(['alice@example.com', ...catalogueArgs]);
    expect(email).toMatchObject({ code: 2, stderr: expect.stringContaining('looks like an email address') });
    expect((await hound(['alice', '--timeout', 'soon'])).code).toBe(2);
    const site = await hound(['alice', ...catalogueArgs, ...network, '--site', 'Nope']);
    expect(site).toMatchObject({ code: 2, stderr: expect.stringContaining('No site is named "Nope"') });
    const missing = await hound(['alice', '--catalogue', path.join(dir, 'missing.json'), ...network]);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('Cannot read catalogue') });
    const badProxy = await hound(['alice', ...catalogueArgs, '--proxy', 'ftp://x']);
    expect(badProxy).toMatchObject({ code: 1, stderr: expect.stringContaining('unsupported proxy scheme') });
  });

  it('--help reads like a manual page and --version prints the version', async () => {
    const help = await hound(['--help']);
    expect(help.code).toBe(0);
    for (const section of ['USAGE', 'SEARCH OPTIONS', 'NETWORK OPTIONS', 'EXIT STATUS', 'EXAMPLES']) {
      expect(help.stdout).toContain(section);
    }
    const version = (await hound(['--version'])).stdout;
    expect(version).toMatch(/^hound \d+\.\d+\.\d+\n$/);
    // The development launcher (`npx hound`: the TypeScript through tsx, no build) runs the same CLI.
    expect((await node([fileURLToPath(new URL('../../bin/hound.js', import.meta.url)), '--version'])).stdout).toBe(
      version,
    );
  });
});

describe('hound sites', () => {
  it('stats prints per-source counts; list prints every site', async () => {
    const stats = await hound(['sites', 'stats', ...catalogueArgs, ...network]);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toMatch(/sherlock \(.*catalogue-0\.json\): 7 entries — 7 usable, 0 disabled/);
    expect(stats.stdout).toMatch(/maigret \(.*catalogue-2\.json\): 7 entries — 7 usable/);
    const list = await hound(['sites', 'list', ...catalogueArgs, ...network, '--category', 'forum']);
    expect(
      list.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[1]),
    ).toEqual(['Kilo Message', 'November Board']);
  });

  it('selftest marks a soft-404 site unreliable and later searches leave it out', async () => {
    const host = internet.sites().find((s) => s.name === 'Lima Status')?.host as string;
    internet.fault(host, { kind: 'soft404' });
    const selftest = await hound(['sites', 'selftest', ...catalogueArgs, ...network]);
    internet.fault(host, null);
    expect(selftest.code).toBe(0);
    expect(selftest.stdout).toMatch(/^Lima Status\tunreliable\t.*soft-404/m);
    expect(selftest.stderr).toContain('1 unreliable');
    const search = await hound([REGISTERED, ...catalogueArgs, ...network, '--print-all']);
    expect(search.stdout).not.toContain('Lima Status');
    const list = await hound(['sites', 'list', ...catalogueArgs, ...network]);
    expect(list.stdout).toMatch(/Lima Status\t.*unreliable: /);
  });
});

describe('hound email', () => {
  it('finds the accounts of a registered address, writes JSON and CSV, and refuses a bad address', async () => {
    const { serveEmailChecks } = await import('@hound/testkit');
    const { BUNDLED_EMAIL_CATALOGUE } = await import('../email/load-email-catalogue.ts');
    const catalogue = JSON.parse(await readFile(BUNDLED_EMAIL_CATALOGUE, 'utf8'));
    serveEmailChecks(internet, catalogue.checks).register('cli.person@example.com');
    const json = path.join(dir, 'email.json');
    const csv = path.join(dir, 'email.csv');
    const run = await hound(['email', 'cli.person@example.com', '--json', json, '--csv', csv, ...network], {
      HIBP_API_KEY: 'key-from-env',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('[+] Gravatar (gravatar.com): https://gravatar.com/');
    expect(run.stdout).toContain('Hacked Email Address: Adobe');
    expect(run.stderr).toMatch(/cli\.person@example\.com: \d+ found/);
    const written = JSON.parse(await readFile(json, 'utf8'));
    expect(written.kind).toBe('email');
    // Loud checks are off, and adult sites are asked only with --adult.
    const quiet = catalogue.checks.filter((c: { loud?: boolean; adult?: boolean }) => !c.loud && !c.adult).length;
    expect(written.searches[0].results.filter((r: { verdict: string }) => r.verdict === 'found')).toHaveLength(quiet);
    expect((await readFile(csv, 'utf8')).split('\r\n')[0]).toBe(
      'email,site,domain,url,verdict,reason,method,http_status,rule,records',
    );
    const bad = await hound(['email', 'not an address', ...network]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not an email address');
  });
});

describe('non-public addresses (decision 096)', () => {
  it('does not ask a site at a loopback address unless the flag or the environment allows it', async () => {
    let requests = 0;
    // The catalogue's known "blue" has a profile; anyone else is missing (decision 127's positive control).
    const server = createServer((req, res) => {
      requests++;
      res.writeHead(req.url === '/blue' ? 200 : 404).end(req.url === '/blue' ? 'blue' : '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const file = path.join(dir, 'internal.json');
      const entry = { url: `${base}/{}`, urlMain: `${base}/`, errorType: 'status_code', username_claimed: 'blue' };
      await writeFile(file, JSON.stringify({ Internal: entry }));
      const args = ['someone', '--catalogue', file, '--print-all', '--data-dir', path.join(dir, 'data-internal')];
      const refused = await hound(args);
      expect(refused.stdout).toContain('Internal: unknown (blocked_address)');
      expect(refused.stderr).toContain('1 site was not asked: the address is not public');
      expect(requests).toBe(0);
      const flag = await hound([...args, '--allow-private-addresses']);
      expect(flag.stdout).toContain('Internal: not found');
      const asked = requests;
      expect(asked).toBeGreaterThan(0);
      const env = await hound(args, { HOUND_ALLOW_PRIVATE_ADDRESSES: 'true' });
      expect(env.stdout).toContain('Internal: not found');
      expect(requests).toBeGreaterThan(asked);
      const bad = await hound(args, { HOUND_ALLOW_PRIVATE_ADDRESSES: 'yes' });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('HOUND_ALLOW_PRIVATE_ADDRESSES takes true or false');
    } finally {
      server.close();
    }
  });
});

describe('a fresh run: empty data dir, no self-test (decision 127)', () => {
  it('a site whose every answer is a 404 page is site_not_answering, not "not found"; the controls are kept for the next run', async () => {
    let requests = 0;
    // A hosting platform's 404 for every path: the catalogue's known account included.
    const server = createServer((_req, res) => {
      requests++;
      res.writeHead(404, { 'content-type': 'text/html' }).end("<h1>There isn't a site here.</h1>");
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const file = path.join(dir, 'turned.json');
      const entry = { url: `${base}/{}`, urlMain: `${base}/`, errorType: 'status_code', username_claimed: 'blue' };
      await writeFile(file, JSON.stringify({ Turned: entry }));
      const dataDir = path.join(dir, 'data-fresh');
      const args = ['someone', '--catalogue', file, '--print-all', '--data-dir', dataDir, '--allow-private-addresses'];
      const first = await hound(args);
      expect(first.stdout).toContain('Turned: unknown (site_not_answering)');
      expect(requests).toBe(2); // the target and the known account, together
      const saved = JSON.parse(await readFile(path.join(dataDir, 'controls.json'), 'utf8'));
      expect(Object.values(saved.controls)).toEqual([expect.objectContaining({ kind: 'known', username: 'blue' })]);
      const second = await hound(['someone-else', ...args.slice(1)]);
      expect(second.stdout).toContain('Turned: unknown (site_not_answering)');
      expect(requests).toBe(3); // the known account's answer came from controls.json
    } finally {
      server.close();
    }
  }, 60_000);
});
