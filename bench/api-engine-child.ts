/**
 * The bare engine's part of `npm run bench:api` (docs/decisions/047-api-benchmark.md), in its own process
 * so its CPU is the engine's alone: the server's engine options (one catalogue file, HOUND_PROXY,
 * HOUND_CA_FILE, a fresh data directory), the server's warm-up, then the same simultaneous searches.
 * Driven over IPC by bench/api.ts; the testkit stays in the parent.
 */
import { createEngine, type HoundEngine } from '@hound/engine';

export type EngineChildRequest =
  | { type: 'start'; catalogueFile: string; proxy: string; caFile: string; dataDir: string }
  | { type: 'search'; usernames: string[] }
  | { type: 'close' };
type Message = EngineChildRequest & { id: number };

/** One `search` answer: the process's CPU while the searches ran, their wall time, results per search. */
export interface EngineRun {
  cpuMs: number;
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
        onWarning: (warning) => console.error(`[bench engine] ${warning}`),
      });
      return { sites: engine.countSites() };
    case 'search': {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const results = await Promise.all(message.usernames.map(count));
      const wallMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      return { cpuMs: (used.user + used.system) / 1000, wallMs, results } satisfies EngineRun;
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
