import { defineConfig } from 'vitest/config';
import LongFilesFirst from './test/long-files-first.ts';
import SummaryReporter from './test/summary-reporter.ts';

// One runner for every workspace. Each project keeps its own config file next to its code and loads the
// shared network guard through its setupFiles.
export default defineConfig({
  test: {
    projects: ['test/vitest.config.ts', 'packages/*/vitest.config.ts', 'e2e/vitest.config.ts'],
    reporters: ['default', new SummaryReporter()],
    // Vitest's default on 2 cores is one worker, which ran every file in turn (≈ 20 min on a slow machine).
    // Three on 2 cores: a browser journey waits on its server and Chromium most of the time (two journeys at
    // once left the cores 55–80 % idle), so a third file fills them (decision 122).
    maxWorkers: 3,
    // The longest files start first, whatever their project, so none is left running alone at the end.
    sequence: { sequencer: LongFilesFirst },
  },
});
