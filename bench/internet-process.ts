/**
 * The benchmarks' simulated internet in a process of its own (bench/internet-child.ts, driven over IPC):
 * its CPU is measured apart, and its event loop is not the one that measures the latencies.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export class Internet {
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
      if (message.id === undefined) return;
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
    });
  }

  static async start(): Promise<Internet> {
    const child = fork(path.join(here, 'internet-child.ts'), [], { execArgv: ['--import', 'tsx'] });
    await new Promise((resolve) => child.once('message', resolve));
    return new Internet(child);
  }

  call<T>(message: Record<string, unknown>): Promise<T> {
    const id = ++this.next;
    this.child.send({ ...message, id });
    return new Promise<T>((resolve, reject) =>
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }),
    );
  }
}
