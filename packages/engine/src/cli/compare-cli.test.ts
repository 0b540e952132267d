/**
 * `hound NAME --compare last.json` (issue 39): the real command against the simulated internet, run the way
 * a cron job runs it (`--compare last.json --json last.json`): a baseline, a flapping site that says
 * nothing, an account that appears (confirmed with a never-registered name) and one that goes after two runs.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUND_COMMAND } from '../../test/hound-command.ts';
import { tempDir } from '../search/test-helpers.ts';

const sites = Object.fromEntries(
  ['alpha', 'bravo', 'charlie', 'delta', 'echo'].map((name) => [
    name,
    {
      errorType: 'status_code',
      url: `https://${name}.test/{}`,
      urlMain: `https://${name}.test/`,
      username_claimed: 'known',
    },
  ]),
);

function hound(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...HOUND_COMMAND, ...args],
      { env: { ...process.env, NO_COLOR: '' }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

let internet: Internet;
let dir: string;
let args: string[];
let last: string;

beforeAll(async () => {
  internet = await startInternet({ catalogues: [{ format: 'sherlock', data: sites }] });
  dir = await tempDir();
  const catalogue = path.join(dir, 'sites.json');
  await writeFile(catalogue, JSON.stringify(sites));
  last = path.join(dir, 'last.json');
  args = [
    '--catalogue',
    catalogue,
    '--proxy',
    internet.proxyUrl,
    '--ca',
    internet.caFile,
    '--data-dir',
    path.join(dir, 'data'),
  ];
});
afterAll(() => internet?.close());

const cron = () => hound(['carol', ...args, '--compare', last, '--json', last]);

describe('hound NAME --compare', () => {
  it('a name not in the file: this run is its baseline, and the export keeps its state', async () => {
    await hound(['somebody', ...args, '--json', last]);
    const run = await cron();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`carol: not in ${last}; this run is its baseline.`);
    const saved = JSON.parse(await readFile(last, 'utf8'));
    expect(saved.watch.carol.format).toBe('hound-watch/1');
    expect(Object.values(saved.watch.carol.sites).every((s) => (s as { state: string }).state === 'absent')).toBe(true);
  });

  it('a site flapping to a block page says nothing', async () => {
    internet.fault('bravo.test', { kind: 'waf', vendor: 'cloudflare' });
    const run = await cron();
    internet.fault('bravo.test', null);
    expect(run.stdout).toContain('nothing changed');
    expect(run.stdout).not.toMatch(/^\s+[+-] /m);
  });

  it('a new account is reported once, after the check with a never-registered name', async () => {
    internet.register('charlie.test', 'carol');
    const first = await cron();
    expect(first.stdout).toContain('+ charlie: new account https://charlie.test/carol');
    const again = await cron();
    expect(again.stdout).toContain('nothing changed');
  });

  it('a lost account is pending after one run and reported after the second', async () => {
    internet.unregister('charlie.test', 'carol');
    const first = await cron();
    expect(first.stdout).toContain('? charlie: not found this time; reported as gone if the next run agrees');
    expect(first.stdout).not.toContain('- charlie');
    const second = await cron();
    expect(second.stdout).toContain('- charlie: account gone');
  });

  it('an unreadable or foreign file is a usage error before any search', async () => {
    const foreign = path.join(dir, 'foreign.json');
    await writeFile(foreign, '{"hello":1}');
    const run = await hound(['carol', ...args, '--compare', foreign]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not a hound --json export');
    expect((await hound(['carol', ...args, '--compare', path.join(dir, 'missing.json')])).code).toBe(2);
    expect((await hound(['email', 'a@example.com', '--compare', last])).code).toBe(2);
  });
});
