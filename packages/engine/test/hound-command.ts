/**
 * How the CLI suites start `hound`: the compiled engine (`dist/`, what the published command and `npm start`
 * run), built by the project's global setup. Through the development launcher (`bin/hound.js`, tsx) each run
 * cost about half a second more CPU, for ~50 runs on a busy machine (decision 123); `cli.test.ts` still starts
 * the launcher itself once.
 */
import { fileURLToPath } from 'node:url';

export const HOUND_COMMAND: readonly string[] = [
  '--conditions=hound-compiled',
  fileURLToPath(new URL('../dist/cli/main.js', import.meta.url)),
];
