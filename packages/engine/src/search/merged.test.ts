import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../catalogue/load-catalogue.ts';
import { closeDefaultEngine, searchUsername } from '../default-engine.ts';
import { createEngine } from '../engine.ts';
import { FIXTURE_CATALOGUES } from './fixture-catalogues.ts';
import { collect, fixtureChecks, tempDir } from './test-helpers.ts';

let internet: Internet;
beforeAll(async () => {
  internet = await startInternet({ catalogues: FIXTURE_CATALOGUES });
});
afterAll(() => internet?.close());

/** A second catalogue's view of the fixture's Lima Status site (same host), with its own rule. */
function sherlockTwin(rule: Record<string, unknown>) {
  return loadCatalogue(
    JSON.stringify({
      'Lima Twin': { url: 'https://lima-status.test/{}', urlMain: 'https://lima-status.test/', ...rule },
    }),
    { format: 'sherlock' },
  );
}

describe('sites known to several catalogues', () => {
  it('runs each catalogue’s check and reports one result they agree on', async () => {
    const checks = [
      ...fixtureChecks().filter((c) => c.name === 'Lima Status'),
      ...sherlockTwin({ errorType: 'status_code' }),
    ];
    const engine = await createEngine({
      checks,
      connect: internet.connect,
      allowPrivateAddresses: true,
      dataDir: await tempDir(),
    });
    expect(engine.sites).toHaveLength(1);
    const [found] = await collect(engine, 'alice');
    expect(found).toMatchObject({ verdict: 'found', evidence: { agreed: ['maigret', 'sherlock'] } });
    expect(found?.evidence.outcomes).toHaveLength(2);
    const [missing] = await collect(engine, 'nobody-at-all');
    expect(missing).toMatchObject({ verdict: 'not_found' });
    await engine.close();
  });

  it('reports a disagreement as unknown conflict with both outcomes as evidence', async () => {
    // This rule reads a 2xx page as "missing" whenever the page has a closing body tag: it disagrees.
    const twin = sherlockTwin({ errorType: 'message', errorMsg: '</html>' });
    const checks = [...fixtureChecks().filter((c) => c.name === 'Lima Status'), ...twin];
    const engine = await createEngine({
      checks,
      connect: internet.connect,
      allowPrivateAddresses: true,
      dataDir: await tempDir(),
    });
    const [result] = await collect(engine, 'alice');
    expect(result).toMatchObject({ verdict: 'unknown', reason: 'conflict' });
    expect(result?.evidence.outcomes?.map((o) => o.verdict).sort()).toEqual(['found', 'not_found']);
    await engine.close();
  });
});

describe('top-level searchUsername', () => {
  it('rejects bad input at once, before any engine or catalogue is loaded', async () => {
    expect(() => searchUsername('someone@example.org')).toThrow(expect.objectContaining({ code: 'email_address' }));
    expect(() => searchUsername('   ')).toThrow(expect.objectContaining({ code: 'empty_username' }));
    await closeDefaultEngine();
  });
});
