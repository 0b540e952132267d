#!/usr/bin/env node
/**
 * Writes test/file-times.json from a whole run's JSON report, for the sequencer (test/long-files-first.ts):
 *   npx vitest run --reporter=default --reporter=json --outputFile=/tmp/vitest.json
 *   node scripts/test-file-times.mjs /tmp/vitest.json
 * Seconds per file (one decimal), longest first; paths relative to the repository.
 */
import fs from 'node:fs';
import path from 'node:path';

const report = process.argv[2];
if (!report) {
  console.error('usage: node scripts/test-file-times.mjs <vitest JSON report>');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..');
const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
// A filtered run would leave the table with a few files (and paths relative to the wrong folder).
if (testResults.length < 150) {
  console.error(`the report holds ${testResults.length} files: give a whole run's report`);
  process.exit(2);
}
// The report may come from another checkout: paths are taken relative to the files' common folder.
const folders = testResults.map((file) => path.dirname(file.name).split(path.sep));
let common = folders[0];
for (const folder of folders) {
  let same = 0;
  while (same < common.length && common[same] === folder[same]) same++;
  common = common.slice(0, same);
}
const times = testResults
  .map((file) => [
    path.relative(common.join(path.sep), file.name),
    Math.max(0.1, Math.round((file.endTime - file.startTime) / 100) / 10),
  ])
  .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
const out = path.join(root, 'test/file-times.json');
fs.writeFileSync(out, `${JSON.stringify(Object.fromEntries(times), null, 2)}\n`);
console.log(`${times.length} files written to ${path.relative(root, out)}`);
