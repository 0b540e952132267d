#!/usr/bin/env node
/**
 * Import cycles among the packages' sources (`packages/*\/src`): module A imports B, which imports … A. Only
 * imports that load a module count — `import type`, `export type` and imports of nothing but types are erased
 * when compiled, and `await import()` loads later — so a cycle here is one Node runs through at start, where a
 * module can see another half-initialised (issue 41 item 13). `@hound/<name>` counts as an import of
 * `packages/<name>/src/index.ts`.
 *
 * `node scripts/import-cycles.mjs` prints each cycle and exits 1 when there is one; `test/import-cycles.test.ts`
 * runs it with the suite.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;

/** Every source file under `dir`, declarations and `node_modules` left out. */
function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Whether an import or export declaration loads its module when compiled (not types only). */
function loads(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return true; // `import './x.ts'`
    if (clause.isTypeOnly) return false;
    if (clause.name) return true;
    const bindings = clause.namedBindings;
    if (!bindings) return false;
    if (ts.isNamespaceImport(bindings)) return true;
    return bindings.elements.length === 0 || bindings.elements.some((e) => !e.isTypeOnly);
  }
  if (node.isTypeOnly) return false;
  const clause = node.exportClause;
  return !clause || !ts.isNamedExports(clause) || clause.elements.some((e) => !e.isTypeOnly);
}

/** The module files `file` loads: its relative imports and `@hound/*` packages, resolved to files. */
function importsOf(file, packagesDir) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out = [];
  for (const node of source.statements) {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node))) continue;
    if (!node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier) || !loads(node)) continue;
    const spec = node.moduleSpecifier.text;
    if (spec.startsWith('.')) out.push(path.resolve(path.dirname(file), spec));
    else if (spec.startsWith('@hound/')) out.push(path.join(packagesDir, spec.slice('@hound/'.length), 'src/index.ts'));
  }
  return out;
}

/** The graph of `packages/*\/src`: each file and the files it loads (only files of the graph). */
export function importGraph(packagesDir) {
  const files = readdirSync(packagesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => {
      const src = path.join(packagesDir, e.name, 'src');
      try {
        return sourceFiles(src);
      } catch {
        return [];
      }
    });
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(file, packagesDir).filter((f) => known.has(f))]));
}

/** The cycles of a graph: each strongly connected group of two or more files (or a file importing itself). */
export function findCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (start) => {
    // Tarjan's algorithm, iterative: deep import chains must not overflow the call stack.
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1]++;
        const to = edges[i];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) !== index.get(node)) continue;
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || edges.includes(node)) cycles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = findCycles(importGraph(path.join(root, 'packages')));
  for (const cycle of cycles) console.log(`import cycle: ${cycle.map((f) => path.relative(root, f)).join(' ↔ ')}`);
  if (cycles.length === 0) console.log('no import cycles in packages/*/src');
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
