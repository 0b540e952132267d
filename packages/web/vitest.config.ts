import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['../../test/setup-network-guard.ts', './src/test/setup.ts'],
  },
});
