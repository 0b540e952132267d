import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'testkit',
    // One worker process runs file after file: a fresh process per file re-imported the whole package each time.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../test/setup-network-guard.ts'],
    testTimeout: 30_000,
  },
});
