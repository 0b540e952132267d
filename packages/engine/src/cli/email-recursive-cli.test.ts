/**
 * Issue 29 from an address: `hound email ADDRESS --recursive` through the real `hound` binary on the
 * simulated internet. The address's pivots (its local part, the usernames its checks returned) become
 * username searches that follow their own profiles' leads — a planted chain: the address's check reveals
 * `alice`, whose profile links to `alice_dev`, whose profile states a.dev@example.com — under the username
 * tree's bounds (depth, names per level, never the same name twice), children never running loud checks.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FOLLOW_LIMITS, type SearchTree, SearchTreeSchema } from '@hound/contracts';
import { type Internet, type LeadChain, plantLeadChain, serveEmailChecks, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUND_COMMAND } from '../../test/hound-command.ts';
import { sherlockCatalogue } from '../search/fixture-catalogues.ts';
import { tempDir } from '../search/test-helpers.ts';

const ADDRESS = 'a.person@example.com';
/** Its check reveals thirteen usernames: more than one level of a tree takes. */
const CROWD = 'crowd@example.com';
const CROWD_NAMES = Array.from({ length: 13 }, (_, i) => `crowd_${String(i + 1).padStart(2, '0')}`);

function hound(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...HOUND_COMMAND, ...args],
      { env: { ...process.env, NO_COLOR: '', HOUND_EMAIL_LOUD: '' }, timeout: 90_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

const check = (id: string, name: string, registered: unknown, extra: Record<string, unknown>) => ({
  id,
  name,
  domain: `${id}.test`,
  category: 'learning',
  method: 'api',
  requests: [{ method: 'GET', url: `https://api.${id}.test/users?email={email}` }],
  found: [{ jsonPath: 'ok', equals: true }],
  notFound: [{ bodyEquals: '{"ok":false}' }],
  answers: {
    registered: [{ status: 200, body: JSON.stringify({ ok: true, ...(registered as object) }) }],
    unregistered: [{ status: 200, body: '{"ok":false}' }],
  },
  source: ['https://example.com/docs'],
  ...extra,
});

const emailCatalogue = {
  format: 'hound-email',
  version: 1,
  checks: [
    check('learnit', 'LearnIt', { user: { name: 'alice' } }, { usernames: ['user.name'] }),
    // A loud check (it would notify the owner): only the address the user gave runs it, and only with --loud.
    check('quizly', 'Quizly', { handle: 'alice_dev' }, { usernames: ['handle'], loud: true }),
    check('crowdly', 'Crowdly', { names: CROWD_NAMES }, { usernames: ['names'] }),
  ],
};
const usernameCatalogue = {
  'Alpha Status': sherlockCatalogue['Alpha Status'],
  'Bravo Message': sherlockCatalogue['Bravo Message'],
};

let internet: Internet;
let chain: LeadChain;
let args: string[];
let dir: string;

beforeAll(async () => {
  internet = await startInternet({ catalogues: [{ format: 'sherlock', data: usernameCatalogue }] });
  chain = plantLeadChain(internet, 'alpha-status.test', 'bravo-message.test');
  const sites = serveEmailChecks(internet, emailCatalogue.checks as never);
  sites.register(ADDRESS, ['learnit', 'quizly']);
  sites.register(chain.email, ['learnit', 'quizly']);
  sites.register(CROWD, ['crowdly']);
  dir = await tempDir();
  const emailFile = path.join(dir, 'email.json');
  const sitesFile = path.join(dir, 'sites.json');
  await writeFile(emailFile, JSON.stringify(emailCatalogue));
  await writeFile(sitesFile, JSON.stringify(usernameCatalogue));
  args = [
    ...['--email-catalogue', emailFile, '--catalogue', sitesFile],
    ...['--proxy', internet.proxyUrl, '--ca', internet.caFile, '--data-dir', path.join(dir, 'data')],
  ];
});
afterAll(() => internet?.close());

async function readTree(
  file: string,
): Promise<{ report: Record<string, unknown> & { trees: unknown[] }; tree: SearchTree }> {
  const report = JSON.parse(await readFile(file, 'utf8'));
  return { report, tree: SearchTreeSchema.parse(report.trees[0]) };
}

describe('hound email --recursive', () => {
  it('depth 2: the address → alice (its check revealed) → alice_dev (linked from alice’s profile), printed under their parents', async () => {
    const json = path.join(dir, 'depth2.json');
    const run = await hound(['email', ADDRESS, '--recursive', '--depth', '2', '--json', json, ...args]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('[+] LearnIt (learnit.test): account (api)');
    expect(lines).toContain('  ↳ a.person — the local part of a.person@example.com');
    const alice = lines.indexOf('  ↳ alice — the username LearnIt shows for a.person@example.com');
    expect(alice).toBeGreaterThan(0);
    const after = lines.slice(alice + 1);
    expect(after).toContain(`  [+] Alpha Status: ${chain.aliceUrl}`);
    expect(after).toContain('    ↳ alice_dev — linked from the Alpha Status profile of alice');
    expect(after).toContain(`    [+] Bravo Message: ${chain.aliceDevUrl}`);
    // alice_dev is at the depth bound: the address its profile states is not searched.
    expect(run.stdout).not.toContain(`↳ ${chain.email}`);
    expect(run.stdout).not.toContain('Quizly'); // loud, and --loud was not given

    const { report, tree } = await readTree(json);
    expect(report).toMatchObject({ tool: 'hound', kind: 'email' });
    const byQuery = new Map(tree.searches.map((s) => [s.query, s]));
    expect([...byQuery.keys()].sort()).toEqual([ADDRESS, 'a.person', 'alice', 'alice_dev'].sort());
    const root = byQuery.get(ADDRESS);
    expect(root).toMatchObject({ kind: 'email', parent_id: null, depth: 0, reason: null, status: 'completed' });
    expect(tree.root_id).toBe(root?.id);
    expect(byQuery.get('a.person')).toMatchObject({
      kind: 'username',
      parent_id: root?.id,
      depth: 1,
      reason: { text: 'the local part of a.person@example.com' },
    });
    expect(byQuery.get('alice')).toMatchObject({
      kind: 'username',
      parent_id: root?.id,
      depth: 1,
      status: 'completed',
      reason: { text: 'the username LearnIt shows for a.person@example.com', from_site: 'LearnIt' },
    });
    expect(byQuery.get('alice_dev')).toMatchObject({
      kind: 'username',
      parent_id: byQuery.get('alice')?.id,
      depth: 2,
      reason: { from_site: 'Alpha Status', from_url: chain.aliceUrl, fact_kind: 'username' },
    });
    // The address's registered sites are the root's profiles; the usernames' found profiles carry facts.
    expect(tree.profiles.filter((p) => p.search_id === root?.id).map((p) => p.site)).toEqual(['LearnIt']);
    const devProfile = tree.profiles.find((p) => p.search_id === byQuery.get('alice_dev')?.id);
    expect(devProfile).toMatchObject({ site: 'Bravo Message', url: chain.aliceDevUrl });
    expect(devProfile?.facts).toEqual(
      expect.arrayContaining([{ kind: 'email', value: chain.email, source: chain.aliceDevUrl, via: 'rel-me' }]),
    );
    // The flat records point into the tree.
    const searches = report.searches as Array<{ searchId: string; email: string; usernames: string[] }>;
    expect(searches).toEqual([
      expect.objectContaining({ searchId: root?.id, email: ADDRESS, usernames: ['a.person', 'alice'] }),
    ]);
    const usernameSearches = report.usernameSearches as Array<{ searchId: string; username: string; counts: object }>;
    expect(usernameSearches.find((s) => s.username === 'alice_dev')).toMatchObject({
      searchId: byQuery.get('alice_dev')?.id,
      counts: { found: 1 },
    });
  });

  it('with --loud: a name already in the tree is never searched again, and an address found further down gets the quiet checks only', async () => {
    const json = path.join(dir, 'loud.json');
    const run = await hound(['email', ADDRESS, '--recursive', '--depth', '2', '--loud', '--json', json, ...args]);
    expect(run.code).toBe(0);
    // Quizly (loud) reveals alice_dev at depth 1, so alice's link to it starts nothing.
    expect(run.stdout).toContain('  ↳ alice_dev — the username Quizly shows for a.person@example.com');
    expect(run.stdout).not.toContain('linked from the Alpha Status profile of alice');
    expect(run.stdout).toContain(`    ↳ ${chain.email} — stated on the Bravo Message profile of alice_dev`);

    const { report, tree } = await readTree(json);
    const queries = tree.searches.map((s) => s.query.toLowerCase());
    expect(new Set(queries).size).toBe(queries.length);
    expect([...queries].sort()).toEqual([ADDRESS, chain.email, 'a.person', 'alice', 'alice_dev'].sort());
    const root = tree.searches.find((s) => s.query === ADDRESS);
    const lead = tree.searches.find((s) => s.query === chain.email);
    expect(lead).toMatchObject({ kind: 'email', depth: 2, status: 'completed' });
    expect(
      tree.profiles
        .filter((p) => p.search_id === root?.id)
        .map((p) => p.site)
        .sort(),
    ).toEqual(['LearnIt', 'Quizly']);
    // a.dev@example.com is registered on Quizly too, but the lead did not ask it; its own pivots (its local
    // part a.dev) lie beyond depth 2.
    expect(tree.profiles.filter((p) => p.search_id === lead?.id).map((p) => p.site)).toEqual(['LearnIt']);
    const leadRecord = (
      report.searches as Array<{ email: string; results: Array<{ checkId: string; verdict: string; reason?: string }> }>
    ).find((s) => s.email === chain.email);
    expect(leadRecord?.results.find((r) => r.checkId === 'quizly')).toMatchObject({
      verdict: 'invalid',
      reason: 'disabled',
    });
    expect(queries).not.toContain('a.dev');
  });

  it(`depth 1 (the default): at most ${FOLLOW_LIMITS.maxNewNamesPerLevel} names from one address, none followed further`, async () => {
    const json = path.join(dir, 'crowd.json');
    const run = await hound(['email', CROWD, '--recursive', '--json', json, ...args]);
    expect(run.code).toBe(0);
    const { tree } = await readTree(json);
    const children = tree.searches.filter((s) => s.depth === 1);
    expect(children).toHaveLength(FOLLOW_LIMITS.maxNewNamesPerLevel);
    // The local part first, then the revealed names in the order the check gave them.
    expect(children.map((s) => s.query)).toEqual([
      'crowd',
      ...CROWD_NAMES.slice(0, FOLLOW_LIMITS.maxNewNamesPerLevel - 1),
    ]);
    expect(tree.searches.filter((s) => s.depth > 1)).toEqual([]);
    expect(run.stdout.match(/↳ /g)).toHaveLength(FOLLOW_LIMITS.maxNewNamesPerLevel);
  });

  it('refuses a bad depth, --depth without --recursive, --recursive with --usernames or --list; --help documents it', async () => {
    const refused = async (extra: string[], message: string) => {
      const run = await hound(['email', ...extra]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
    };
    await refused([ADDRESS, '--recursive', '--depth', '3'], '--depth takes 1 to 2');
    await refused([ADDRESS, '--depth', '2'], '--depth applies only with --recursive');
    await refused([ADDRESS, '--recursive', '--usernames'], '--usernames and --recursive do not go together');
    await refused(['--list', '--recursive'], 'hound email --list takes no --recursive');
    await refused([ADDRESS, '--facts', 'fetch'], '--facts applies to hound email only with --usernames or --recursive');
    const help = await hound(['email', '--help']);
    expect(help.stdout).toContain('hound email --recursive [--depth 2] ADDRESS...');
    expect(help.stdout).toMatch(/--recursive +Follow the leads from the address/);
  });
});
