import { copyFile, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type EngineOptions } from '../engine.ts';
import { resolveTransportOptions, type Transport, TransportConfigError } from '../transport/index.ts';
import { FIXTURE_CATALOGUES } from './fixture-catalogues.ts';
import { SearchThreads } from './search-threads.ts';
import { selectSites } from './select-sites.ts';
import { collect, fixtureChecks, tempDir } from './test-helpers.ts';

let internet: Internet;
beforeAll(async () => {
  internet = await startInternet({ catalogues: FIXTURE_CATALOGUES });
});
afterAll(() => internet?.close());
afterEach(() => {
  for (const host of internet.hosts()) internet.fault(host, null);
});

/** Through the testkit's proxy: the production path, and the only one a thread can take (no `connect`). */
async function proxiedEngine(options: EngineOptions = {}) {
  return createEngine({
    checks: fixtureChecks(),
    proxy: internet.proxyUrl,
    caPem: internet.caPem,
    dataDir: await tempDir(),
    ...options,
  });
}

const verdicts = (results: Array<{ siteId: string; verdict: string; reason?: string }>) =>
  Object.fromEntries(results.map((r) => [r.siteId, `${r.verdict}:${r.reason ?? ''}`]));

describe('searches on a thread', () => {
  it('give the same verdicts as on the calling thread, with progress counted here', async () => {
    const here = await proxiedEngine();
    // onWarning: the engine's other options (functions among them) must not be sent to the thread.
    const threaded = await proxiedEngine({ searchThreads: 1, onWarning: () => {} });
    const expected = await collect(here, 'alice');
    const progress: number[] = [];
    const results = [];
    for await (const event of threaded.searchUsername('alice')) {
      results.push(event.result);
      progress.push(event.progress.done);
      expect(event.progress.total).toBe(threaded.countSites());
    }
    expect(verdicts(results)).toEqual(verdicts(expected));
    expect(results.some((r) => r.verdict === 'found')).toBe(true);
    expect(progress).toEqual(results.map((_, i) => i + 1));
    await Promise.all([here.close(), threaded.close()]);
  });

  it('keeps simultaneous searches apart', async () => {
    const engine = await proxiedEngine({ searchThreads: 1 });
    const [alice, nobody] = await Promise.all([
      collect(engine, 'alice'),
      collect(engine, 'nobody-here-42', { sites: ['Kilo Message'] }),
    ]);
    expect(alice).toHaveLength(engine.countSites());
    expect(nobody.map((r) => r.name)).toEqual(['Kilo Message']);
    expect(nobody[0]?.verdict).toBe('not_found');
    await engine.close();
  });

  it("the thread's transport keeps the engine's limits", async () => {
    const engine = await proxiedEngine({ searchThreads: 1, perHostConcurrency: 1 });
    const host = internet.sites().find((s) => s.name === 'Kilo Message')?.host as string;
    internet.fault(host, { kind: 'latency', ms: 150 });
    internet.log.reset();
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, (_, i) => collect(engine, `user${i}`, { sites: ['Kilo Message'] })));
    // One at a time: six answers that take 150 ms each cannot all arrive sooner than 900 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(850);
    // Six searches and one known-account control they share (decision 127).
    expect(internet.log.count(host)).toBe(7);
    await engine.close();
  });

  it('a cancelled search ends every site as cancelled and closes its sockets', async () => {
    const engine = await proxiedEngine({ searchThreads: 1, timeoutMs: 60_000 });
    for (const host of [...internet.hosts(), 'alice.foxtrot-blogs.test']) internet.fault(host, { kind: 'hang' });
    const controller = new AbortController();
    const events: string[] = [];
    const search = (async () => {
      for await (const { result } of engine.searchUsername('alice', { signal: controller.signal })) {
        events.push(`${result.verdict}:${result.reason}`);
      }
    })();
    await expect.poll(() => internet.log.openConnections(), { timeout: 5000 }).toBeGreaterThan(5);
    controller.abort();
    await search;
    expect(events).toHaveLength(engine.countSites());
    expect(new Set(events)).toEqual(new Set(['unknown:cancelled']));
    await expect.poll(() => internet.log.openConnections(), { timeout: 5000 }).toBe(0);
    internet.fault('alice.foxtrot-blogs.test', null);
    await engine.close();
  });

  it('leaving the loop early cancels the rest on the thread', async () => {
    const engine = await proxiedEngine({ searchThreads: 1, timeoutMs: 60_000 });
    for (const host of internet.hosts().slice(1)) internet.fault(host, { kind: 'hang' });
    for await (const _ of engine.searchUsername('alice')) break;
    await expect.poll(() => internet.log.openConnections(), { timeout: 5000 }).toBe(0);
    await engine.close();
  });

  it('a thread that fails ends its searches with an error, and the next search starts a new one', async () => {
    const engine = await proxiedEngine(); // the sites and a selection; its searches stay on this thread
    const selected = selectSites(engine.sites, {}, new Map());
    // A CA file that does not exist yet: a thread started with these settings fails as it starts.
    const caFile = path.join(await tempDir(), 'ca.pem');
    const transport = { options: resolveTransportOptions({ proxy: internet.proxyUrl, caFile }) } as Transport;
    const threads = new SearchThreads(engine.sites, transport, 1);
    const run = async () => {
      let count = 0;
      for await (const _ of threads.search(selected, 'alice', {})) count++;
      return count;
    };
    await expect(run()).rejects.toThrow(/search thread failed/);
    await copyFile(internet.caFile, caFile);
    expect(await run()).toBe(selected.length);
    await threads.close();
    await engine.close();
  });

  it.runIf(process.platform === 'linux')(
    'runs as a thread named hound-search, at the lower priority it was given',
    async () => {
      const engine = await proxiedEngine({ searchThreads: 1, searchThreadNice: 7 });
      await collect(engine, 'alice', { sites: ['Kilo Message'] });
      const tasks = await readdir(`/proc/${process.pid}/task`);
      const threads = await Promise.all(
        tasks.map(async (tid) => {
          const dir = `/proc/${process.pid}/task/${tid}`;
          const name = (await readFile(`${dir}/comm`, 'utf8')).trim();
          // /proc/<pid>/task/<tid>/stat: the 19th field is the nice value (fields after the name's ')').
          const nice = Number((await readFile(`${dir}/stat`, 'utf8')).split(') ')[1]!.split(' ')[16]);
          return { name, nice };
        }),
      );
      const own = os.getPriority();
      expect(threads.filter((t) => t.name === 'hound-search')).toEqual([
        { name: 'hound-search', nice: Math.min(19, own + 7) },
      ]);
      await engine.close();
    },
  );

  it('refuses a priority outside 0–19', async () => {
    for (const searchThreadNice of [-1, 20, 1.5]) {
      await expect(proxiedEngine({ searchThreads: 1, searchThreadNice })).rejects.toBeInstanceOf(TransportConfigError);
    }
  });

  it('cannot take a connect function', async () => {
    await expect(
      createEngine({ checks: fixtureChecks(), connect: internet.connect, dataDir: await tempDir(), searchThreads: 1 }),
    ).rejects.toBeInstanceOf(TransportConfigError);
  });
});
