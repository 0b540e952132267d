/**
 * Vitest global setup: builds the web app once, so the server serves the current code. Built in a
 * child process with NODE_ENV=production (Vitest sets NODE_ENV=test, which would bundle React's
 * development build).
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export default function buildWeb(): void {
  const webDir = path.resolve(import.meta.dirname, '../../packages/web');
  const vitePackage = createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json');
  const viteBin = path.join(path.dirname(vitePackage), 'bin/vite.js');
  execFileSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}
