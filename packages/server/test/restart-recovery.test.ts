/**
 * In-process mode: a search interrupted by a shutdown is not lost. The next start on the same data
 * directory queues it again; it keeps its stored results and checks only the remaining sites.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { readStoredResults } from '../src/features/searches/result-batches.ts';
import { injectClient, untilEnded, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, startStack } from './support/stacks.ts';

const embedded = MODES.find((m) => !m.scale)!;
const SITES = 12;

describe('restart in in-process mode', () => {
  let net: TestInternet;
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-restart-'));
  beforeAll(async () => {
    net = await startTestInternet({ sites: SITES });
    for (const host of net.internet.hosts()) {
      const i = Number(host.match(/site(\d+)/)![1]);
      net.internet.fault(host, { kind: 'latency', ms: (i + 1) * 120 });
    }
  });
  afterAll(async () => {
    await net?.close();
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  });

  it('resumes an interrupted search at the next start', async () => {
    const first = await startStack(embedded, { createEngine: net.createEngine(), pgliteDir });
    const call1 = injectClient(first.app);
    const started = await call1('POST', '/api/search', { username: 'blue', device_id: 'device_restart' });
    const id = started.json.search_id;
    await waitFor(async () =>
      (await call1('GET', `/api/search/status/${id}`)).json.progress.done >= 3 ? true : undefined,
    );
    await first.close();

    // What the first run stored, read between the two runs.
    const between = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    const stored = (await readStoredResults(between.db, id)).map(({ seq, siteId }) => ({ seq, siteId }));
    await between.close();
    expect(stored.length).toBeGreaterThanOrEqual(3);
    net.internet.log.reset();

    const second = await startStack(embedded, { createEngine: net.createEngine(), pgliteDir });
    try {
      const final = await untilEnded(injectClient(second.app), id);
      expect(final.status).toBe('completed');
      expect(final.progress).toEqual({ done: SITES, total: SITES });
      expect(Object.keys(final.result.results)).toHaveLength(SITES);
      // Only the sites without a stored result were asked again, and the stored ones were kept as they were.
      // (A HEAD that finds a profile is confirmed by a GET to the same host, so count hosts, not requests.)
      const asked = new Set(net.internet.log.requests().map((r) => r.host));
      expect(asked.size).toBe(SITES - stored.length);
      for (const { siteId } of stored) expect([...asked].some((host) => siteId.includes(host))).toBe(false);
      const after = (await readStoredResults(second.services.db.db, id)).map(({ seq, siteId }) => ({ seq, siteId }));
      expect(after.slice(0, stored.length)).toEqual(stored);
    } finally {
      await second.close();
    }
  }, 60_000);
});
