/**
 * How the CLI suites start `hound`: the compiled engine (`dist/`, what the published command and `npm start`
 * run), built by the project's global setup. Through the development launcher (`bin/hound.js`, tsx) each run
 * cost about half a second more CPU, for ~50 runs on a busy machine (decision 123); `cli.test.ts` still starts
 * the launcher itself once.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const HOUND_COMMAND: readonly string[] = [
  '--conditions=hound-compiled',
  fileURLToPath(new URL('../dist/cli/main.js', import.meta.url)),
];

export interface HoundRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `hound ARGS…` (the compiled command) as a process, without colours; resolves with its exit status and output. */
export function runHound(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<HoundRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...HOUND_COMMAND, ...args],
      { env: { ...process.env, NO_COLOR: '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}
