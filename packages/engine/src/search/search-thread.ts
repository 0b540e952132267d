/**
 * The body of a search thread (see search-threads.ts): its own transport, the engine's sites as sent at
 * start, and one `searchStream` per search the parent asks for. Results go back in one message per search
 * and event-loop turn, so a busy thread sends few, larger messages.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { AccountLinks } from '../facts/account-links.ts';
import type { CheckBaseline } from '../health/baseline.ts';
import type { FactsMode, Site, SiteResult } from '../model.ts';
import { createTransport, type TransportOptions } from '../transport/index.ts';
import { searchStream } from './search-stream.ts';
import type { FromThread, ThreadStart, ToThread } from './thread-messages.ts';

const port = parentPort;
if (!port) throw new Error('search-thread.ts runs only as a worker thread');
const { sites, transport: transportOptions, nice } = workerData as ThreadStart;
const transport = createTransport(transportOptions as TransportOptions);
const running = new Map<number, AbortController>();
let links: AccountLinks | undefined;

const send = (message: FromThread) => port.postMessage(message);

// Named for `top -H` and the benchmarks, and yielding to the process's main thread when cores are scarce:
// on Linux a thread's nice value is its own (elsewhere the thread keeps its name and priority). The value
// is the main thread's plus `nice`, whatever this thread was given meanwhile.
try {
  fs.writeFileSync('/proc/thread-self/comm', 'hound-search');
  if (nice > 0) {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    os.setPriority(tid, Math.min(19, os.getPriority(process.pid) + nice));
  }
} catch {}

async function run(
  id: number,
  username: string,
  selection: Array<[number, number[]]>,
  timeoutMs?: number,
  baselines?: Array<[string, CheckBaseline]>,
  facts?: FactsMode,
) {
  const controller = new AbortController();
  running.set(id, controller);
  const selected = selection.map(([siteIndex, checkIndexes]) => {
    const site = sites[siteIndex] as Site;
    return { site, checks: checkIndexes.map((i) => site.checks[i] as Site['checks'][number]) };
  });
  let outbox: SiteResult[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (outbox.length === 0) return;
    send({ type: 'results', id, results: outbox });
    outbox = [];
  };
  if (facts !== 'off') links ??= new AccountLinks(sites);
  try {
    const options = {
      signal: controller.signal,
      baselines: new Map(baselines ?? []),
      ...(facts ? { facts } : {}),
      ...(facts !== 'off' && links ? { links } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    };
    for await (const { result } of searchStream(selected, username, transport, options)) {
      outbox.push(result);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    }
    flush();
    send({ type: 'end', id });
  } catch (error) {
    flush();
    send({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
  } finally {
    running.delete(id);
  }
}

port.on('message', (message: ToThread) => {
  if (message.type === 'search') {
    void run(message.id, message.username, message.selection, message.timeoutMs, message.baselines, message.facts);
  } else if (message.type === 'cancel') running.get(message.id)?.abort();
  else if (message.type === 'close') {
    for (const controller of running.values()) controller.abort();
    void transport.close().finally(() => port.close());
  }
});
