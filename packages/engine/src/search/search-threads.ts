/**
 * Username searches on worker threads: the calling thread selects the sites (it holds the health outcome)
 * and receives results; the checks — connections, TLS, parsing, verdicts — run on a thread with its own
 * transport. A server's event loop then stays free for its API while searches saturate a core
 * (docs/decisions/087-searches-on-a-thread.md).
 */
import { Worker } from 'node:worker_threads';
import type { SearchEvent, Site, SiteResult } from '../model.ts';
import { TRANSPORT_DEFAULTS, type Transport } from '../transport/index.ts';
import type { StreamOptions } from './search-stream.ts';
import type { SelectedSite } from './select-sites.ts';
import type { FromThread, ThreadStart, ToThread } from './thread-messages.ts';

// Compiled (`npm run build`), this file is `.js` and so is its thread's entry beside it.
const COMPILED = import.meta.url.endsWith('.js');
const THREAD_ENTRY = new URL(COMPILED ? './search-thread.js' : './search-thread.ts', import.meta.url);

/** From TypeScript source (tests, `npm run sim`), a thread registers tsx before loading its entry. */
function startWorker(data: ThreadStart): Worker {
  if (COMPILED) return new Worker(THREAD_ENTRY, { workerData: data });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(THREAD_ENTRY.href)}); });`;
  return new Worker(boot, { eval: true, workerData: data });
}

/**
 * The transport's own settings (its resolved options also carry whatever else the engine was given, such as
 * an onWarning function, which cannot cross to a thread).
 */
function threadTransportOptions(transport: Transport): ThreadStart['transport'] {
  const keys = [...Object.keys(TRANSPORT_DEFAULTS), 'headersTimeoutMs', 'proxy', 'caFile', 'caPem'] as const;
  const options: Record<string, unknown> = {};
  for (const key of keys) {
    const value = (transport.options as Record<string, unknown>)[key];
    if (value !== undefined) options[key] = value;
  }
  return options as ThreadStart['transport'];
}

/** One search's inbox on the calling thread: batches of results, then the end or a failure. */
class Inbox {
  private batches: SiteResult[][] = [];
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  push(results: SiteResult[]): void {
    this.batches.push(results);
    this.wake?.();
  }

  end(failure?: Error): void {
    this.ended = true;
    this.failure ??= failure;
    this.wake?.();
  }

  get finished(): boolean {
    return this.ended;
  }

  /** The next batch, or undefined once the search ended; throws the thread's failure. */
  async next(): Promise<SiteResult[] | undefined> {
    while (this.batches.length === 0 && !this.ended) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
    const batch = this.batches.shift();
    if (batch) return batch;
    if (this.failure) throw this.failure;
    return undefined;
  }
}

interface Thread {
  worker: Worker;
  inboxes: Map<number, Inbox>;
}

export class SearchThreads {
  private readonly threads: Array<Thread | undefined>;
  private readonly siteIndex: Map<Site, number>;
  private readonly start: ThreadStart;
  private nextId = 0;
  private closed = false;

  constructor(sites: readonly Site[], transport: Transport, count: number, nice = 0) {
    this.threads = Array.from({ length: count }, () => undefined);
    this.siteIndex = new Map(sites.map((site, index) => [site, index]));
    this.start = { sites, transport: threadTransportOptions(transport), nice };
    // Started now, not at the first search: loading a thread's modules takes a moment.
    for (let slot = 0; slot < count; slot++) this.thread(slot);
  }

  /** Runs one search on a thread (round-robin); same contract as `searchStream`. */
  async *search(
    selected: readonly SelectedSite[],
    username: string,
    options: StreamOptions,
  ): AsyncGenerator<SearchEvent> {
    const id = ++this.nextId;
    const thread = this.thread(id % this.threads.length);
    const inbox = new Inbox();
    thread.inboxes.set(id, inbox);
    thread.worker.ref();
    const post = (message: ToThread) => thread.worker.postMessage(message);
    const selection = selected.map(({ site, checks }): [number, number[]] => [
      this.siteIndex.get(site) as number,
      checks.map((check) => site.checks.indexOf(check)),
    ]);
    post({
      type: 'search',
      id,
      username,
      selection,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.baselines && options.baselines.size > 0 ? { baselines: [...options.baselines] } : {}),
      ...(options.facts ? { facts: options.facts } : {}),
    });
    const cancel = () => post({ type: 'cancel', id });
    if (options.signal?.aborted) cancel();
    else options.signal?.addEventListener('abort', cancel, { once: true });
    try {
      const total = selected.length;
      let done = 0;
      for (let batch = await inbox.next(); batch; batch = await inbox.next()) {
        for (const result of batch) yield { result, progress: { done: ++done, total } };
      }
    } finally {
      options.signal?.removeEventListener('abort', cancel);
      // Left early (or failed): the thread stops this search's requests.
      if (!inbox.finished && thread.inboxes.has(id)) cancel();
      thread.inboxes.delete(id);
      if (thread.inboxes.size === 0) thread.worker.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.threads.map(async (thread, index) => {
        if (!thread) return;
        this.threads[index] = undefined;
        const exited = new Promise((resolve) => thread.worker.once('exit', resolve));
        thread.worker.postMessage({ type: 'close' } satisfies ToThread);
        // The thread closes its sockets and exits; one that does not within a second is stopped.
        const timer = setTimeout(() => void thread.worker.terminate(), 1000);
        await exited;
        clearTimeout(timer);
      }),
    );
  }

  /** The thread in `slot`, started on first use and again after one stopped. */
  private thread(slot: number): Thread {
    const existing = this.threads[slot];
    if (existing) return existing;
    if (this.closed) throw new Error('The engine has been closed.');
    const thread: Thread = { worker: startWorker(this.start), inboxes: new Map() };
    this.threads[slot] = thread;
    thread.worker.on('message', (message: FromThread) => {
      const inbox = thread.inboxes.get(message.id);
      if (!inbox) return; // a search the caller left
      if (message.type === 'results') inbox.push(message.results);
      else if (message.type === 'end') inbox.end();
      else inbox.end(new Error(`search failed on its thread: ${message.message}`));
    });
    const stopped = (error: Error) => {
      if (this.threads[slot] === thread) this.threads[slot] = undefined;
      for (const inbox of thread.inboxes.values()) inbox.end(error);
      thread.inboxes.clear();
    };
    thread.worker.on('error', (error) => stopped(new Error(`search thread failed: ${error.message}`)));
    thread.worker.on('exit', (code) => stopped(new Error(`search thread stopped (exit code ${code})`)));
    thread.worker.unref();
    return thread;
  }
}
