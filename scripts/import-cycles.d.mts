/** Types of `import-cycles.mjs` for the TypeScript test that runs it. */
export function importGraph(packagesDir: string): Map<string, string[]>;
export function findCycles(graph: Map<string, string[]>): string[][];
