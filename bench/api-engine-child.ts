/**
 * The bare engine's part of `npm run bench:api` (docs/decisions/047-api-benchmark.md), in its own process
 * so its CPU is the engine's alone: the server's engine options (one catalogue file, HOUND_PROXY,
 * HOUND_CA_FILE, a fresh data directory), the server's warm-up, then the same simultaneous searches.
 * Driven over IPC by bench/api.ts; the testkit stays in the parent.
 */
import { createEngine, type HoundEngine } from '@hound/engine';
import { threadCpuMs, threadSplit } from './proc-cpu.ts';

export type EngineChildRequest =
  | { type: 'start'; catalogueFile: string; proxy: string; caFile: string; dataDir: string }
  | { type: 'search'; usernames: string[] }
  | { type: 'close' };
type Message = EngineChildRequest & { id: number };

/**
 * One `search` answer: the process's CPU while the searches ran, the parts of it on the search thread (the
 * checks) and on the main thread (which receives the results), their wall time, results per search.
 */
export interface EngineRun {
  cpuMs: number;
  threads: { main: number; search: number };
  wallMs: number;
  results: number[];
}

let engine: HoundEngine | undefined;

async function count(username: string): Promise<number> {
  let results = 0;
  for await (const _event of (engine as HoundEngine).searchUsername(username)) results++;
  return results;
}

async function handle(message: Message): Promise<unknown> {
  switch (message.type) {
    case 'start':
      engine = await createEngine({
        catalogues: [message.catalogueFile],
        dataDir: message.dataDir,
        proxy: message.proxy,
        caFile: message.caFile,
        // The server's engine options (packages/server/src/catalogues/engine-factory.ts, SEARCH_THREADS=1):
        // the checks on a thread of their own at a lower priority, results handed to the caller's thread.
        searchThreads: 1,
        searchThreadNice: 10,
        adaptiveConcurrency: true,
        onWarning: (warning) => console.error(`[bench engine] ${warning}`),
      });
      return { sites: engine.countSites() };
    case 'search': {
      const cpu = process.cpuUsage();
      const before = threadCpuMs(process.pid);
      const started = performance.now();
      const results = await Promise.all(message.usernames.map(count));
      const wallMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const { main, search } = threadSplit(process.pid, before, threadCpuMs(process.pid));
      return {
        cpuMs: (used.user + used.system) / 1000,
        threads: { main, search },
        wallMs,
        results,
      } satisfies EngineRun;
    }
    case 'close':
      await engine?.close();
      setImmediate(() => process.exit(0));
      return null;
  }
}

process.on('message', (message: Message) => {
  handle(message).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: Error) => process.send?.({ id: message.id, error: error.stack ?? error.message }),
  );
});
process.send?.({ ready: true });
