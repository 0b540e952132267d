import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine.ts';
import { FIXTURE_CATALOGUES } from '../search/fixture-catalogues.ts';
import { collect, fixtureChecks, tempDir } from '../search/test-helpers.ts';

let internet: Internet;
beforeAll(async () => {
  internet = await startInternet({ catalogues: FIXTURE_CATALOGUES });
});
afterAll(() => internet?.close());

const hostOf = (name: string) => internet.sites().find((s) => s.name === name)?.host as string;

describe('health self-test', () => {
  it('catches a soft-404 site, stores the outcome and leaves the site out of default searches', async () => {
    const dataDir = await tempDir();
    const options = {
      checks: fixtureChecks(),
      connect: internet.connect,
      allowPrivateAddresses: true,
      dataDir,
      // Long enough for every answer on a loaded machine; the hanging site is what waits it out.
      timeoutMs: 5_000,
    };
    const engine = await createEngine(options);
    internet.fault(hostOf('Kilo Message'), { kind: 'soft404' });
    internet.fault(hostOf('Lima Status'), { kind: 'hang' }); // unknown: must not mark it unreliable
    const progress: number[] = [];
    const health = await engine.selfTest({ onProgress: (p) => progress.push(p.done) });
    internet.fault(hostOf('Kilo Message'), null);
    internet.fault(hostOf('Lima Status'), null);

    const kilo = health.find((h) => h.siteId === 'kilo-message.test');
    expect(kilo).toMatchObject({ reliable: false, reason: expect.stringContaining('soft-404') });
    const lima = health.find((h) => h.siteId === 'lima-status.test');
    expect(lima).toMatchObject({ reliable: true });
    expect(lima?.checks?.[0]?.undecided).toBeGreaterThan(0);
    expect(health.filter((h) => !h.reliable).map((h) => h.siteId)).toEqual(['kilo-message.test']);
    expect(progress).toHaveLength(health.length);

    const stored = JSON.parse(await readFile(path.join(dataDir, 'health.json'), 'utf8'));
    expect(stored.version).toBe(1);
    expect(Date.parse(stored.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Email checks' outcomes are stored beside the sites' (under `email:` ids).
    expect(stored.sites.filter((s: { siteId: string }) => !s.siteId.startsWith('email:'))).toHaveLength(health.length);
    await engine.close();

    // A new engine on the same data directory reads the stored health.
    const again = await createEngine(options);
    const everyDefault = (await collect(again, 'alice')).map((r) => r.name);
    expect(everyDefault).not.toContain('Kilo Message');
    expect(everyDefault).toContain('Lima Status');
    expect(again.countSites({ includeUnreliable: true })).toBe(again.countSites() + 1);
    const [named] = await collect(again, 'alice', { sites: ['Kilo Message'] });
    // Named, it is searched; the self-test's never-registered control (answered like a profile while the
    // site was a soft-404) is kept in controls.json and speaks for its window (decision 127).
    expect(named).toMatchObject({ verdict: 'unknown', reason: 'indistinguishable' });
    await again.close();
  });

  it('keeps a merged site when only one catalogue’s check is broken', async () => {
    // The same host in two catalogues: Sherlock's rule is fine, a made-up Maigret rule looks for a
    // presence marker the page never has, so its claimed probe is judged not_found.
    const host = hostOf('Lima Status');
    const checks = [
      ...fixtureChecks().filter((c) => c.name === 'Lima Status'),
      ...fixtureChecks()
        .filter((c) => c.name === 'Lima Status')
        .map((c) => ({
          ...c,
          name: 'Lima Broken',
          rule: { ...(c.rule as object), checkType: 'message', presenceStrs: ['never-on-the-page'], absenceStrs: [] },
        })),
    ];
    const engine = await createEngine({
      checks,
      connect: internet.connect,
      allowPrivateAddresses: true,
      dataDir: await tempDir(),
    });
    const [site] = await engine.selfTest();
    expect(site).toMatchObject({ siteId: host, reliable: true });
    expect(site?.checks?.find((c) => c.name === 'Lima Broken')).toMatchObject({ reliable: false });
    const [result] = await collect(engine, 'alice');
    expect(result?.evidence.outcomes).toBeUndefined(); // only the working check ran
    expect(result?.verdict).toBe('found');
    await engine.close();
  });
});
