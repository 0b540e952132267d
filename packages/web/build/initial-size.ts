/**
 * Vite plugin: prints the gzip size of the JavaScript a visitor downloads before the search page can
 * render (the entry chunk and everything it imports statically) and fails the build over the budget.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export interface ChunkInfo {
  code: string;
  isEntry: boolean;
  imports: string[];
}

/** File names of the entry chunks and their static imports, transitively. */
export function initialChunkNames(chunks: Record<string, ChunkInfo>): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !chunks[name]) return;
    seen.add(name);
    for (const dep of chunks[name].imports) visit(dep);
  };
  for (const [name, chunk] of Object.entries(chunks)) if (chunk.isEntry) visit(name);
  return [...seen].sort();
}

export function initialGzipBytes(chunks: Record<string, ChunkInfo>): number {
  return initialChunkNames(chunks).reduce((sum, name) => sum + gzipSync(chunks[name]!.code, { level: 9 }).length, 0);
}

export function initialSizeBudget(limitKb: number): Plugin {
  return {
    name: 'hound:initial-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, ChunkInfo> = {};
      for (const [name, item] of Object.entries(bundle)) {
        if (item.type === 'chunk') chunks[name] = { code: item.code, isEntry: item.isEntry, imports: item.imports };
      }
      const kb = initialGzipBytes(chunks) / 1024;
      const line = `initial JS for the search page: ${kb.toFixed(1)} KB gzip (budget ${limitKb} KB)`;
      if (kb > limitKb) this.error(line);
      this.info(line);
      console.log(`\n  ${line}\n`);
    },
  };
}
