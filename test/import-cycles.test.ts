/** No import cycle among the packages' sources (issue 41 item 13): `scripts/import-cycles.mjs`. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph } from '../scripts/import-cycles.mjs';

const packages = fileURLToPath(new URL('../packages/', import.meta.url));

describe('import cycles', () => {
  it('finds none in packages/*/src', () => {
    const cycles = findCycles(importGraph(packages)).map((cycle: string[]) =>
      cycle.map((file) => path.relative(packages, file)).join(' ↔ '),
    );
    expect(cycles).toEqual([]);
  }, 60_000); // parses every source file (≈ 2 s of CPU)

  it('finds a cycle of modules that load each other, across packages too, and not one of types only', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hound-cycles-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };
    write('one/src/index.ts', "export * from './a.ts';\n");
    write('one/src/a.ts', "import { b } from './b.ts';\nexport const a = () => b;\n");
    write('one/src/b.ts', "import { c } from '@hound/two';\nexport const b = c;\n");
    write('two/src/index.ts', "import { a } from '@hound/one';\nexport const c = a;\n");
    // Types only, each way: erased when compiled.
    write('one/src/t.ts', "import type { U } from './u.ts';\nexport type T = U;\n");
    write(
      'one/src/u.ts',
      "import { type T } from './t.ts';\nexport { type T as V } from './t.ts';\nexport type U = T;\n",
    );
    const cycles = findCycles(importGraph(dir)).map((cycle: string[]) => cycle.map((f) => path.relative(dir, f)));
    expect(cycles).toEqual([['one/src/a.ts', 'one/src/b.ts', 'one/src/index.ts', 'two/src/index.ts']]);
  });
});
