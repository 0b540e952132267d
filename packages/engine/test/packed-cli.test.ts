/**
 * Issue 28 item 2: the `hound` command installs alone. `npm pack` of packages/cli (its prepack builds the
 * bundle), `npm install -g` of the tarball into a temporary prefix with no registry (the package has no
 * dependencies), then the installed command runs from an empty directory outside the repository against the
 * simulated internet: the default catalogues are downloaded through the proxy and cached in the working
 * directory's `.data`, as from the repository; the email checks are the ones shipped inside the package.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Internet, serveEmailChecks, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CATALOGUES } from '../src/search/fixture-catalogues.ts';
import {
  MAIGRET_URL,
  SHERLOCK_EXCLUSIONS_URL,
  SHERLOCK_MANIFEST_URL,
  WHATSMYNAME_URL,
} from '../src/sources/defaults.ts';

const CLI_DIR = fileURLToPath(new URL('../../cli', import.meta.url));
const REGISTERED = 'zoe-packed';
const registeredSites = ['Alpha Status', 'Hotel Strings', 'Kilo Message', 'November Board'];

let internet: Internet;
let work: string;
let bin: string;
let cwd: string;
let network: string[];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The installed `hound`, from a directory outside the repository, with only Node on the PATH. */
function hound(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      bin,
      args,
      {
        cwd,
        env: { PATH: `${path.dirname(bin)}:${path.dirname(process.execPath)}`, HOME: cwd, NO_COLOR: '1' },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'hound-packed-'));
  const npm = (args: string[], dir: string) =>
    execFileSync('npm', [...args, '--loglevel=error'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  npm(['pack', '--pack-destination', work], CLI_DIR);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  expect(tarball).toMatch(/^hound-osint-\d+\.\d+\.\d+\.tgz$/);
  const prefix = path.join(work, 'prefix');
  // --offline: the package has no dependencies, so installing it needs no registry.
  npm(['install', '--global', '--offline', '--prefix', prefix, path.join(work, tarball!)], work);
  bin = path.join(prefix, 'bin/hound');
  cwd = path.join(work, 'home');
  execFileSync('mkdir', ['-p', cwd]);

  internet = await startInternet({ catalogues: FIXTURE_CATALOGUES });
  for (const site of internet.sites()) {
    if (registeredSites.includes(site.name)) internet.register(site.host, REGISTERED);
  }
  // The default catalogues' real addresses, served by the simulated internet.
  const [sherlock, whatsmyname, maigret] = FIXTURE_CATALOGUES.map(({ data }) => JSON.stringify(data));
  const serve = (url: string, body: string) => {
    const { host, pathname } = new URL(url);
    internet.route(host, pathname, () => ({ status: 200, headers: { 'content-type': 'application/json' }, body }));
  };
  serve(SHERLOCK_MANIFEST_URL, sherlock!);
  serve(WHATSMYNAME_URL, whatsmyname!);
  serve(MAIGRET_URL, maigret!);
  serve(SHERLOCK_EXCLUSIONS_URL, '');
  const catalogue = JSON.parse(readFileSync(path.join(CLI_DIR, 'catalogues/email.json'), 'utf8'));
  serveEmailChecks(internet, catalogue.checks).register('packed.person@example.com');
  network = ['--proxy', internet.proxyUrl, '--ca', internet.caFile];
}, 180_000);

afterAll(async () => {
  await internet?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the packed hound command, installed with npm install -g', () => {
  it('has no dependencies and prints its version', async () => {
    const installed = path.join(path.dirname(path.dirname(bin)), 'lib/node_modules/hound-osint');
    expect(existsSync(path.join(installed, 'node_modules'))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')).dependencies).toBeUndefined();
    const version = await hound(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^hound \d+\.\d+\.\d+\n$/) });
    const help = (await hound(['--help'])).stdout;
    expect(help).toContain('hound sites update|list|stats|selftest');
    expect(help).toContain('hound email --recursive [--depth 2] ADDRESS...');
  });

  it('downloads the default catalogues, caches them, and finds a username', async () => {
    const run = await hound([REGISTERED, ...network]);
    expect(run.stderr).toContain(`${REGISTERED}: 4 found`);
    expect(run.code).toBe(0);
    const found = run.stdout.trim().split('\n');
    expect(found.map((line) => line.replace(/: .*/, '')).sort()).toEqual(registeredSites.map((n) => `[+] ${n}`).sort());
    expect(readdirSync(path.join(cwd, '.data')).length).toBeGreaterThan(0);

    const list = await hound(['sites', 'list', ...network]);
    expect(list.code).toBe(0);
    for (const name of registeredSites) expect(list.stdout).toContain(name);
  });

  it('checks an email address with the email checks shipped in the package', async () => {
    const run = await hound(['email', 'packed.person@example.com', ...network]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('[+] Gravatar (gravatar.com): https://gravatar.com/');
    expect(run.stderr).toMatch(/packed\.person@example\.com: \d+ found/);
  });

  it('follows an address’s leads: its local part becomes a username search on the downloaded catalogues', async () => {
    const run = await hound(['email', 'packed.person@example.com', '--recursive', ...network]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  ↳ packed.person — the local part of packed.person@example.com');
    expect(run.stderr).toMatch(/Searching packed\.person on \d+ sites/);
  });
});
