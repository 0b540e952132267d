import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['../../test/setup-network-guard.ts'],
    testTimeout: 30_000,
  },
});
