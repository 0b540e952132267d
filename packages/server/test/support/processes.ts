/** Runs the server's entry points (main.ts, worker.ts) as real child processes. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface Child {
  process: ChildProcess;
  output(): string;
  /** Resolves when the output contains `text`. */
  waitForOutput(text: string | RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

export function runEntry(entry: 'main' | 'worker', env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/${entry}.ts`], {
    cwd: PACKAGE_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    process: child,
    output: () => output,
    exited,
    async waitForOutput(text, timeoutMs = 20_000) {
      const end = Date.now() + timeoutMs;
      const matches = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
      while (!matches()) {
        if (child.exitCode !== null)
          throw new Error(`${entry} exited (${child.exitCode}) before "${text}":\n${output}`);
        if (Date.now() > end) throw new Error(`${entry}: no "${text}" within ${timeoutMs} ms:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
