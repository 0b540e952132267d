import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'],
    environment: 'happy-dom',
    // One worker and DOM for file after file; src/test/setup.ts undoes each file's stubs (decision 124).
    isolate: false,
    setupFiles: ['../../test/setup-network-guard.ts', './src/test/setup.ts'],
  },
});
