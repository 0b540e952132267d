import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files in the order of their time in a whole run (decisions 123, 126), so that the three workers finish
 * together instead of one running a long file alone at the end: the files of LONG_SECONDS or more first,
 * longest first, whatever their project; then the rest project by project (the project with the most time
 * first), longest first within each, so the last files are the shortest. Short files of one project stay
 * together because a worker that moves to another project starts a fresh process and imports that project
 * again. Vitest's own order runs the projects by name and, on a fresh clone with no timing cache, a project's
 * files by size. The times are `test/file-times.json`, written from a run's JSON report by
 * `scripts/test-file-times.mjs`; a file it does not know yet counts as UNKNOWN_SECONDS. A stale table only
 * orders less well.
 */
const UNKNOWN_SECONDS = 5;
const LONG_SECONDS = 15;
const root = path.resolve(import.meta.dirname, '..');
const TIMES: Record<string, number> = JSON.parse(fs.readFileSync(path.join(root, 'test/file-times.json'), 'utf8'));

type Entry = { file: TestSpecification; order: number; seconds: number };
const longestFirst = (a: Entry, b: Entry) => b.seconds - a.seconds || a.order - b.order;

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // A filtered run (one project, one file) names only some of them: report only on a whole run.
    if (files.length > 150) {
      const known = new Set(files.map((file) => path.relative(root, file.moduleId)));
      const stale = Object.keys(TIMES).filter((name) => !known.has(name));
      if (stale.length > 0) console.warn(`[sequencer] test/file-times.json names no such file: ${stale.join(', ')}`);
    }
    const entries = sorted.map((file, order) => ({
      file,
      order,
      seconds: TIMES[path.relative(root, file.moduleId)] ?? UNKNOWN_SECONDS,
    }));
    const long = entries.filter((e) => e.seconds >= LONG_SECONDS).sort(longestFirst);
    const short = entries.filter((e) => e.seconds < LONG_SECONDS);
    const byProject = new Map<string, Entry[]>();
    for (const e of short) byProject.set(e.file.project.name, [...(byProject.get(e.file.project.name) ?? []), e]);
    const total = (project: string) => byProject.get(project)!.reduce((sum, e) => sum + e.seconds, 0);
    const projects = [...byProject.keys()].sort((a, b) => total(b) - total(a) || a.localeCompare(b));
    return [...long, ...projects.flatMap((project) => byProject.get(project)!.sort(longestFirst))].map((e) => e.file);
  }
}
