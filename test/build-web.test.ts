/**
 * The web build's stamp (scripts/build-web.mjs, decision 120): the e2e global setup skips `vite build` only
 * when `packages/web/dist` was built from exactly the current sources, and builds again after any change.
 * Run on a small tree in a temporary directory; `vite` cannot be resolved there, so an attempted build throws.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildWeb, builtFrom, STAMP, webInputsHash } from '../scripts/build-web.mjs';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** A finished build of the current inputs, as buildWeb leaves it. */
const stampAsBuilt = () => {
  write('packages/web/dist/index.html', '<!doctype html>');
  write(`packages/web/dist/${STAMP}`, webInputsHash(root));
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'hound-build-web-'));
  write('packages/web/src/app.tsx', 'export const App = 1;');
  write('packages/web/index.html', '<div id="root"></div>');
  write('packages/web/vite.config.ts', 'export default {};');
  write('packages/contracts/src/index.ts', 'export const x = 1;');
  write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('webInputsHash', () => {
  it('changes with a web source, a contracts source, the lock file, and a renamed or added file', () => {
    const seen = new Set([webInputsHash(root)]);
    const changes = [
      () => write('packages/web/src/app.tsx', 'export const App = 2;'),
      () => write('packages/contracts/src/index.ts', 'export const x = 2;'),
      () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}'),
      () => renameSync(path.join(root, 'packages/web/src/app.tsx'), path.join(root, 'packages/web/src/main.tsx')),
      () => write('packages/web/public/logo.svg', '<svg/>'),
      () => write('packages/web/index.html', '<div id="app"></div>'),
    ];
    for (const change of changes) {
      change();
      const hash = webInputsHash(root);
      expect(seen.has(hash)).toBe(false);
      seen.add(hash);
    }
  });

  it('ignores dist and node_modules', () => {
    const before = webInputsHash(root);
    write('packages/web/dist/assets/index.js', 'built');
    write('packages/web/node_modules/.vite/deps.json', '{}');
    write('packages/contracts/dist/index.js', 'compiled');
    expect(webInputsHash(root)).toBe(before);
  });
});

describe('builtFrom and buildWeb', () => {
  it('skips the build when the stamp matches the sources', () => {
    stampAsBuilt();
    expect(builtFrom(root, webInputsHash(root))).toBe(true);
    const said: string[] = [];
    expect(buildWeb({ root, log: (line: string) => said.push(line) })).toBe(false);
    expect(said.join('\n')).toMatch(/not rebuilt/);
  });

  it('builds again after a source changed, with no stamp, without index.html, or when forced', () => {
    const attempts: Array<() => void> = [
      () => write('packages/web/src/app.tsx', 'export const App = 3;'),
      () => rmSync(path.join(root, `packages/web/dist/${STAMP}`)),
      () => rmSync(path.join(root, 'packages/web/dist/index.html')),
      () => write('packages/contracts/src/index.ts', 'export const x = 3;'),
    ];
    for (const change of attempts) {
      stampAsBuilt();
      change();
      expect(builtFrom(root, webInputsHash(root))).toBe(false);
      expect(() => buildWeb({ root, log: () => {} })).toThrow(/vite/);
    }
    stampAsBuilt();
    expect(() => buildWeb({ root, force: true, log: () => {} })).toThrow(/vite/);
  });
});
