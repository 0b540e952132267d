/**
 * Issue 26 item 4 through the real `hound` binary against the simulated internet: `hound email ADDRESS
 * --usernames` prints the address's local part and the usernames the checks returned, then runs the
 * username search for them on the username catalogues.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Internet, serveEmailChecks, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUND_COMMAND } from '../../test/hound-command.ts';
import { sherlockCatalogue } from '../search/fixture-catalogues.ts';
import { tempDir } from '../search/test-helpers.ts';

const ADDRESS = 'pivot.person@example.com';
/** The username the email check's found answer reveals. */
const REVEALED = 'pivot_handle';

function hound(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...HOUND_COMMAND, ...args],
      { env: { ...process.env, NO_COLOR: '', HOUND_EMAIL_LOUD: '' }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

const emailCatalogue = {
  format: 'hound-email',
  version: 1,
  checks: [
    {
      id: 'learnit',
      name: 'LearnIt',
      domain: 'learnit.test',
      category: 'learning',
      method: 'api',
      requests: [{ method: 'GET', url: 'https://api.learnit.test/users?email={email}' }],
      found: [{ jsonPath: 'users.0.username', exists: true }],
      notFound: [{ bodyEquals: '{"users":[]}' }],
      usernames: ['users.0.username'],
      answers: {
        registered: [{ status: 200, body: JSON.stringify({ users: [{ username: REVEALED }] }) }],
        unregistered: [{ status: 200, body: '{"users":[]}' }],
      },
      source: ['https://example.com/docs'],
    },
  ],
};
// Two username sites: the local part has a profile on one, the revealed name on the other.
const usernameCatalogue = {
  'Alpha Status': sherlockCatalogue['Alpha Status'],
  'Echo Codes': sherlockCatalogue['Echo Codes'],
};

let internet: Internet;
let args: string[];
let dir: string;

beforeAll(async () => {
  internet = await startInternet({ catalogues: [{ format: 'sherlock', data: usernameCatalogue }] });
  serveEmailChecks(internet, emailCatalogue.checks as never).register(ADDRESS);
  const [alpha, echo] = internet.sites().map((s) => s.host);
  internet.register(alpha!, 'pivot.person');
  internet.register(echo!, REVEALED);
  dir = await tempDir();
  const emailFile = path.join(dir, 'email.json');
  const sitesFile = path.join(dir, 'sites.json');
  await writeFile(emailFile, JSON.stringify(emailCatalogue));
  await writeFile(sitesFile, JSON.stringify(usernameCatalogue));
  args = [
    '--email-catalogue',
    emailFile,
    '--catalogue',
    sitesFile,
    '--proxy',
    internet.proxyUrl,
    '--ca',
    internet.caFile,
    '--data-dir',
    path.join(dir, 'data'),
  ];
});
afterAll(() => internet?.close());

describe('hound email --usernames', () => {
  it('prints the names, then searches them as usernames and prints the profiles found', async () => {
    const json = path.join(dir, 'email.json.out');
    const run = await hound(['email', ADDRESS, '--usernames', '--json', json, ...args]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`Username search for: pivot.person, ${REVEALED}`);
    expect(run.stdout).toContain('[+] LearnIt (learnit.test)');
    expect(run.stdout).toMatch(/\[\+\] Alpha Status: https:\/\/[^\s]+\/pivot\.person/);
    expect(run.stdout).toMatch(new RegExp(`\\[\\+\\] Echo Codes: https://[^\\s]+${REVEALED}`));
    expect(run.stderr).toMatch(/pivot\.person: 1 found/);
    expect(run.stderr).toMatch(new RegExp(`${REVEALED}: 1 found`));
    // The JSON says which names the pivot searched.
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.searches[0].usernames).toEqual(['pivot.person', REVEALED]);
  }, 60_000);

  it('runs no username search without the flag, and refuses username options without it', async () => {
    const plain = await hound(['email', ADDRESS, ...args.slice(0, 2), ...args.slice(4)]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).not.toContain('Username search for');
    const refused = await hound(['email', ADDRESS, '--nsfw', ...args]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--nsfw applies to hound email only with --usernames or --recursive');
    expect((await hound(['email', '--list', '--usernames'])).code).toBe(2);
    expect((await hound(['someone', '--usernames'])).code).toBe(2);
  }, 60_000);
});
