import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../test/setup-network-guard.ts'],
    // The CLI suites start the compiled engine (test/hound-command.ts).
    globalSetup: ['./test/compile-setup.ts'],
    testTimeout: 30_000,
  },
});
