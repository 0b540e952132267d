// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describePackages, packageDirOf } from './bundle-licenses.ts';
import { initialChunkNames, initialGzipBytes } from './initial-size.ts';

describe('bundle licences', () => {
  it('finds the package directory of a bundled module', () => {
    expect(packageDirOf('/r/node_modules/react/cjs/react.production.js')).toBe('/r/node_modules/react');
    expect(packageDirOf('/r/node_modules/@tanstack/query-core/build/modern/index.js')).toBe(
      '/r/node_modules/@tanstack/query-core',
    );
    expect(packageDirOf('/r/node_modules/a/node_modules/b/index.js?commonjs-exports')).toBe(
      '/r/node_modules/a/node_modules/b',
    );
    expect(packageDirOf('/r/packages/web/src/main.tsx')).toBeNull();
    expect(packageDirOf('\0vite/preload-helper.js')).toBeNull();
  });

  it('reads name, version, licence and licence text from the installed packages', () => {
    const root = path.resolve(import.meta.dirname, '../../../node_modules');
    const [react] = describePackages([
      path.join(root, 'react/index.js'),
      path.join(root, 'react/cjs/react.production.js'),
    ]);
    expect(react).toMatchObject({ name: 'react', license: 'MIT' });
    expect(react!.version).toMatch(/^19\./);
    expect(react!.licenseText).toContain('Permission is hereby granted');
  });
});

describe('initial size budget', () => {
  const chunks = {
    'index.js': { code: 'a'.repeat(1000), isEntry: true, imports: ['shared.js'] },
    'shared.js': { code: 'b'.repeat(1000), isEntry: false, imports: [] },
    'library.js': { code: 'c'.repeat(1000), isEntry: false, imports: ['shared.js'] },
  };

  it('counts the entry and its static imports, not lazy chunks', () => {
    expect(initialChunkNames(chunks)).toEqual(['index.js', 'shared.js']);
    expect(initialGzipBytes(chunks)).toBeGreaterThan(0);
    expect(initialGzipBytes(chunks)).toBeLessThan(200);
  });
});
