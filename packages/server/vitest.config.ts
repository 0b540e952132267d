import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    // One worker process runs file after file: a fresh process per file re-imported the whole package each time.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../test/setup-network-guard.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    // Stacks start PGlite or create a PostgreSQL database in beforeAll; slow on a busy 2-core machine.
    hookTimeout: 60_000,
  },
});
