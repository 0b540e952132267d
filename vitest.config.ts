import { defineConfig } from 'vitest/config';
import SummaryReporter from './test/summary-reporter.ts';

// One runner for every workspace. Each project keeps its own config file next to its code and loads the
// shared network guard through its setupFiles.
export default defineConfig({
  test: {
    projects: ['test/vitest.config.ts', 'packages/*/vitest.config.ts', 'e2e/vitest.config.ts'],
    reporters: ['default', new SummaryReporter()],
    // Vitest's default on 2 cores is one worker, which ran every file in turn (≈ 20 min on a slow machine).
    // Two: the engine, server and testkit files share the cores; the browser journeys still run one at a time.
    maxWorkers: 2,
  },
});
