import type { Writable } from 'node:stream';

export type Terminal = Writable & { isTTY?: boolean; columns?: number };

/** What a CLI run talks to; injected so tests can run commands in-process. */
export interface CliIo {
  stdout: Terminal;
  stderr: Terminal;
  env: NodeJS.ProcessEnv;
  /** Fires on Ctrl-C: searches stop, partial results are written, exit status 130. */
  signal: AbortSignal;
}
