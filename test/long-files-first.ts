import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files in the order of their time in a whole run, longest first, project by project (decisions 123,
 * 126): the three workers finish together instead of one running a long file alone at the end. Files of one
 * project stay together because a worker that moves to another project starts a fresh process and imports
 * that project again; the project with the most time goes first, so the last files are the shortest.
 * Vitest's own order runs the projects by name and, on a fresh clone with no timing cache, a project's files
 * by size. The times are `test/file-times.json`, written from a run's JSON report by
 * `scripts/test-file-times.mjs`; a file it does not know yet counts as UNKNOWN_SECONDS. A stale table only
 * orders less well.
 */
const UNKNOWN_SECONDS = 5;
const root = path.resolve(import.meta.dirname, '..');
const TIMES: Record<string, number> = JSON.parse(fs.readFileSync(path.join(root, 'test/file-times.json'), 'utf8'));

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (file: TestSpecification) => TIMES[path.relative(root, file.moduleId)] ?? UNKNOWN_SECONDS;
    const projectSeconds = new Map<string, number>();
    for (const file of files) {
      const project = file.project.name;
      projectSeconds.set(project, (projectSeconds.get(project) ?? 0) + seconds(file));
    }
    // A filtered run (one project, one file) names only some of them: report only on a whole run.
    if (files.length > 150) {
      const known = new Set(files.map((file) => path.relative(root, file.moduleId)));
      const stale = Object.keys(TIMES).filter((name) => !known.has(name));
      if (stale.length > 0) console.warn(`[sequencer] test/file-times.json names no such file: ${stale.join(', ')}`);
    }
    return sorted
      .map((file, order) => ({ file, order, seconds: seconds(file), project: projectSeconds.get(file.project.name)! }))
      .sort(
        (a, b) =>
          b.project - a.project ||
          a.file.project.name.localeCompare(b.file.project.name) ||
          b.seconds - a.seconds ||
          a.order - b.order,
      )
      .map(({ file }) => file);
  }
}
