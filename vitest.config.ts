import { defineConfig } from 'vitest/config';

// One runner for every workspace. Each project keeps its own config file next to its code;
// the shared network guard is added by each project's setupFiles.
export default defineConfig({
  test: {
    projects: ['test/vitest.config.ts', 'packages/*/vitest.config.ts', 'e2e/vitest.config.ts'],
  },
});
