/**
 * Issue 29: `hound alice --recursive` follows the leads found profiles state, on the simulated internet
 * with a planted chain — alice's profile links to alice_dev's, whose profile states a.dev@example.com —
 * through the real CLI process, its output and its JSON file (the search tree and each profile's facts).
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SearchTreeSchema } from '@hound/contracts';
import { type Internet, type LeadChain, plantLeadChain, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUND_COMMAND } from '../../test/hound-command.ts';
import { FIXTURE_CATALOGUES } from '../search/fixture-catalogues.ts';
import { tempDir } from '../search/test-helpers.ts';

function hound(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...HOUND_COMMAND, ...args],
      { env: { ...process.env, NO_COLOR: '' }, timeout: 90_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

let internet: Internet;
let chain: LeadChain;
let args: string[];
let dir: string;

beforeAll(async () => {
  internet = await startInternet({ catalogues: FIXTURE_CATALOGUES });
  chain = plantLeadChain(internet, 'alpha-status.test', 'bravo-message.test');
  dir = await tempDir();
  args = ['--proxy', internet.proxyUrl, '--ca', internet.caFile, '--data-dir', path.join(dir, 'data')];
  for (const [i, { data }] of FIXTURE_CATALOGUES.entries()) {
    const file = path.join(dir, `catalogue-${i}.json`);
    await writeFile(file, JSON.stringify(data));
    args.push('--catalogue', file);
  }
});
afterAll(() => internet?.close());

describe('hound --recursive', () => {
  it('depth 2: alice → alice_dev (linked from alice’s profile) → a.dev@example.com, printed under their parents', async () => {
    const json = path.join(dir, 'tree.json');
    const run = await hound(['alice', '--recursive', '--depth', '2', '--json', json, ...args]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    const child = lines.indexOf('  ↳ alice_dev — linked from the Alpha Status profile of alice');
    expect(child).toBeGreaterThan(0);
    // alice_dev's own found profile, indented under it, then the address its profile states.
    expect(lines.slice(child + 1)).toContain(`  [+] Bravo Message: ${chain.aliceDevUrl}`);
    expect(lines.slice(child + 1)).toContain(
      '    ↳ a.dev@example.com — stated on the Bravo Message profile of alice_dev',
    );
    expect(run.stdout).toContain('name: Alice Example · links: Bravo Message/alice_dev');

    const report = JSON.parse(await readFile(json, 'utf8'));
    const tree = SearchTreeSchema.parse(report.trees[0]);
    const byQuery = new Map(tree.searches.map((s) => [s.query, s]));
    const root = byQuery.get('alice');
    const dev = byQuery.get('alice_dev');
    const email = byQuery.get('a.dev@example.com');
    expect(root).toMatchObject({ kind: 'username', parent_id: null, depth: 0, reason: null, status: 'completed' });
    expect(dev).toMatchObject({
      kind: 'username',
      parent_id: root?.id,
      depth: 1,
      status: 'completed',
      reason: {
        text: 'linked from the Alpha Status profile of alice',
        from_site: 'Alpha Status',
        from_url: chain.aliceUrl,
        fact_kind: 'username',
      },
    });
    expect(email).toMatchObject({
      kind: 'email',
      parent_id: dev?.id,
      depth: 2,
      reason: { fact_kind: 'email', from_url: chain.aliceDevUrl },
    });
    expect(tree.searches).toHaveLength(3); // nothing else is linked; no name twice
    const aliceProfile = tree.profiles.find((p) => p.search_id === root?.id && p.site === 'Alpha Status');
    expect(aliceProfile?.facts).toEqual(
      expect.arrayContaining([
        { kind: 'display_name', value: 'Alice Example', source: chain.aliceUrl, via: 'opengraph' },
        { kind: 'username', value: 'alice_dev', source: chain.aliceUrl, via: 'rel-me', site: 'Bravo Message' },
      ]),
    );
    const devProfile = tree.profiles.find((p) => p.search_id === dev?.id);
    expect(devProfile).toMatchObject({ site: 'Bravo Message', url: chain.aliceDevUrl });
    expect(devProfile?.facts).toEqual(
      expect.arrayContaining([
        { kind: 'display_name', value: 'Alice (dev)', source: chain.aliceDevUrl, via: 'jsonld' },
        { kind: 'email', value: 'a.dev@example.com', source: chain.aliceDevUrl, via: 'rel-me' },
      ]),
    );
    // The flat results carry the facts too, and the followed address has its own email search.
    const devSearch = report.searches.find((s: { username: string }) => s.username === 'alice_dev');
    expect(devSearch.searchId).toBe(dev?.id);
    expect(report.emailSearches[0].email).toBe('a.dev@example.com');
  });

  it('depth 1 (the default) stops at alice_dev; without --recursive only the root is searched, its tree still written', async () => {
    const json = path.join(dir, 'depth1.json');
    const run = await hound(['alice', '--recursive', '--json', json, ...args]);
    expect(run.stdout).toContain('↳ alice_dev');
    expect(run.stdout).not.toContain('a.dev@example.com —');
    const tree = SearchTreeSchema.parse(JSON.parse(await readFile(json, 'utf8')).trees[0]);
    expect(tree.searches.map((s) => s.query)).toEqual(['alice', 'alice_dev']);

    const plain = path.join(dir, 'plain.json');
    const flat = await hound(['alice', '--json', plain, ...args]);
    expect(flat.stdout).not.toContain('↳');
    const report = JSON.parse(await readFile(plain, 'utf8'));
    const only = SearchTreeSchema.parse(report.trees[0]);
    expect(only.searches.map((s) => s.query)).toEqual(['alice']);
    expect(only.profiles.find((p) => p.site === 'Alpha Status')?.facts.some((f) => f.value === 'alice_dev')).toBe(true);
  });

  it('refuses a depth beyond the limit and --depth without --recursive', async () => {
    expect((await hound(['alice', '--recursive', '--depth', '3', ...args])).stderr).toContain('--depth takes 1 to 2');
    expect((await hound(['alice', '--depth', '2', ...args])).stderr).toContain('--depth applies only with --recursive');
  });
});
