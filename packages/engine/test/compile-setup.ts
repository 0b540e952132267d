/** Vitest global setup of the engine suites: the compiled engine the CLI suites start (`test/hound-command.ts`). */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../scripts/compile.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
}
