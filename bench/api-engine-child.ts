/**
 * The bare engine's part of `npm run bench:api` (docs/decisions/047-api-benchmark.md), in its own process
 * so its CPU is the engine's alone: the server's engine options (one catalogue file, HOUND_PROXY,
 * HOUND_CA_FILE, a fresh data directory), the server's warm-up, then the same simultaneous searches.
 * Driven over IPC by bench/api.ts; the testkit stays in the parent.
 */
import fs from 'node:fs';
import { createEngine, type HoundEngine } from '@hound/engine';

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
  threads: ThreadCpu;
  wallMs: number;
  results: number[];
}

let engine: HoundEngine | undefined;

interface ThreadCpu {
  main: number;
  search: number;
}

/** CPU time (user + system, ms) of this process's main thread and its search thread, from /proc (Linux). */
function threadCpuMs(): ThreadCpu {
  const cpu = { main: 0, search: 0 };
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const read = (name: string) => fs.readFileSync(`/proc/self/task/${tid}/${name}`, 'utf8');
      const fields = read('stat').split(') ')[1]!.split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      if (Number(tid) === process.pid) cpu.main += ms;
      else if (read('comm').trim() === 'hound-search') cpu.search += ms;
    } catch {
      // a helper thread that ended between the listing and the read
    }
  }
  return cpu;
}

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
      const threads = threadCpuMs();
      const started = performance.now();
      const results = await Promise.all(message.usernames.map(count));
      const wallMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const after = threadCpuMs();
      return {
        cpuMs: (used.user + used.system) / 1000,
        threads: { main: after.main - threads.main, search: after.search - threads.search },
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
