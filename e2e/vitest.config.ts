import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    // One worker process runs file after file: a fresh process per file re-imported the whole package each time.
    isolate: false,
    include: ['**/*.spec.ts'],
    exclude: ['node_modules/**'],
    setupFiles: ['../test/setup-network-guard.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Journeys run beside the other suites' files (two at a time on 2 cores), each on its own server, data
    // directory and browser: in a group of their own after everything else they took two thirds of the run.
  },
});
