/**
 * Issue 26 items 3 and 5, through the real `hound` binary against the testkit: `--timeout` is each email
 * check's whole budget, HOUND_EMAIL_LOUD (named by the loud-check message) is read, adult sites are asked
 * only with `--adult`, and `hound email --list` shows the catalogue lint's findings and marks adult checks.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Internet, serveEmailChecks, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUND_COMMAND } from '../../test/hound-command.ts';
import { tempDir } from '../search/test-helpers.ts';

const REGISTERED = 'cli.budget@example.com';

function hound(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...HOUND_COMMAND, ...args],
      { env: { ...process.env, NO_COLOR: '', HOUND_EMAIL_LOUD: '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

const check = (id: string, host: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  domain: host,
  category: 'social',
  method: 'register',
  requests: [{ method: 'GET', url: `https://${host}/api/check?email={email}` }],
  found: [{ jsonPath: 'taken', equals: true }],
  notFound: [{ jsonPath: 'taken', equals: false }],
  answers: {
    registered: [{ status: 200, body: '{"taken":true}' }],
    unregistered: [{ status: 200, body: '{"taken":false}' }],
  },
  source: ['https://example.com/docs'],
  ...extra,
});

const catalogue = {
  format: 'hound-email',
  version: 1,
  checks: [
    // Two requests (a token page, then the probe), each 4 s slow: 8 s in all, over a 6 s budget.
    check('slow-two-step', 'slow.test', {
      prefetch: { url: 'https://slow.test/signup', token: { regex: 'name="t" value="([^"]+)"' } },
      requests: [{ method: 'GET', url: 'https://slow.test/api/check?email={email}&t={token}' }],
    }),
    check('loud-reset', 'loud.test', { loud: true, loudWhy: 'reset_mail', method: 'recovery' }),
    check('adult-site', 'adult.test', { adult: true, category: 'adult' }),
    // Decides on a status alone: the lint must say so.
    check('status-only', 'weak.test', { found: [{ status: [200] }], notFound: [{ status: [404] }] }),
  ],
};

let internet: Internet;
let dir: string;
let file: string;
/** The same without the slow check. */
let quick: string;
let network: string[];

beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  serveEmailChecks(internet, catalogue.checks as never).register(REGISTERED);
  internet.fault('slow.test', { kind: 'latency', ms: 4000 });
  dir = await tempDir();
  file = path.join(dir, 'email.json');
  await writeFile(file, JSON.stringify(catalogue));
  quick = path.join(dir, 'quick.json');
  await writeFile(quick, JSON.stringify({ ...catalogue, checks: catalogue.checks.slice(1) }));
  network = ['--proxy', internet.proxyUrl, '--ca', internet.caFile, '--data-dir', path.join(dir, 'data')];
});
afterAll(() => internet?.close());

describe('hound email', () => {
  it('--timeout is the whole check: a two-request check at --timeout 6 ends within about 6 s', async () => {
    const json = path.join(dir, 'slow.json');
    const run = await hound([
      'email',
      REGISTERED,
      '--email-catalogue',
      file,
      '--timeout',
      '6',
      '--json',
      json,
      ...network,
    ]);
    expect(run.code).toBe(0);
    const results = JSON.parse(await readFile(json, 'utf8')).searches[0].results as Array<{
      checkId: string;
      verdict: string;
      reason?: string;
      evidence: { elapsedMs: number };
    }>;
    const slow = results.find((r) => r.checkId === 'slow-two-step')!;
    expect(slow).toMatchObject({ verdict: 'unknown', reason: 'timeout' });
    expect(slow.evidence.elapsedMs).toBeGreaterThanOrEqual(5_500);
    expect(slow.evidence.elapsedMs).toBeLessThan(7_000);
  }, 30_000);

  it('runs loud checks with HOUND_EMAIL_LOUD=true, the setting its message names', async () => {
    const quiet = await hound(['email', REGISTERED, '--email-catalogue', quick, '--print-all', ...network]);
    const line = quiet.stdout.split('\n').find((l) => l.includes('loud-reset'))!;
    expect(line).toContain('invalid (disabled)');
    expect(line).toContain('HOUND_EMAIL_LOUD=true');
    expect(line).toContain('--loud');

    const loud = await hound(['email', REGISTERED, '--email-catalogue', quick, ...network], {
      HOUND_EMAIL_LOUD: 'true',
    });
    expect(loud.stdout).toMatch(/\[\+\] loud-reset \(loud\.test\)/);
    const flag = await hound(['email', REGISTERED, '--email-catalogue', quick, '--loud', ...network]);
    expect(flag.stdout).toMatch(/\[\+\] loud-reset \(loud\.test\)/);
    const bad = await hound(['email', REGISTERED, '--email-catalogue', quick, ...network], {
      HOUND_EMAIL_LOUD: 'maybe',
    });
    expect(bad.code).toBe(2);
  }, 40_000);

  it('asks adult sites only with --adult', async () => {
    const plain = await hound(['email', REGISTERED, '--email-catalogue', quick, '--print-all', ...network]);
    expect(plain.stderr).toContain('with 2 checks');
    expect(plain.stdout).not.toContain('adult-site');
    const adult = await hound(['email', REGISTERED, '--email-catalogue', quick, '--adult', ...network]);
    expect(adult.stderr).toContain('with 3 checks');
    expect(adult.stdout).toMatch(/\[\+\] adult-site \(adult\.test\)/);
    const misplaced = await hound(['alice', '--adult']);
    expect(misplaced).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--adult applies only to hound email'),
    });
  }, 40_000);

  it('--list shows every check with the lint findings, and the shipped catalogue has no weak rule', async () => {
    const custom = await hound(['email', '--list', '--email-catalogue', file]);
    expect(custom.code).toBe(0);
    expect(custom.stdout).toMatch(/^status-only\t.*weak status_only: registered decided on status 200/m);
    // A loud check says why it is loud.
    expect(custom.stdout).toMatch(
      /^loud-reset\t.*loud \(off\): sends the owner a password-reset or recovery mail\tlint ok$/m,
    );
    expect(custom.stdout).toMatch(/^adult-site\t.*\tadult\tregister\tadult \(off\)\tlint ok$/m);
    expect((await hound(['email', '--list', '--adult', '--email-catalogue', file])).stdout).toMatch(
      /^adult-site\t.*adult \(on\)\tlint ok$/m,
    );
    // Its own example answers are misjudged too (a 200 "not registered" answer reads as found).
    expect(custom.stdout).toContain(
      '4 checks (1 loud, 1 adult, 0 keyed, 0 unsourced; 2 quiet, asked by default); lint: 3 weak finding(s) in 1 check(s) — weak answer_misjudged ×1, weak status_only ×2',
    );
    const shipped = await hound(['email', '--list']);
    expect(shipped.stdout).toMatch(/lint: 0 weak finding\(s\) in 0 check\(s\)/);
    // Checks that sign in with a wrong password (the XenForo forums, Stack Overflow, Stremio, Sweat) are loud.
    for (const id of ['stackoverflow', 'stremio', 'sweat', 'physicsforums', 'otland'])
      expect(shipped.stdout).toMatch(new RegExp(`^${id}\\t.*loud \\(off\\): submits a wrong password`, 'm'));
  }, 30_000);
});
