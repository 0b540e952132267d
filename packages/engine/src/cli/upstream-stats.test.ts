import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../search/test-helpers.ts';

// Extended test: the real upstream catalogues, read at test time from ../shared/upstream (never copied).
const UPSTREAM = fileURLToPath(new URL('../../../../../shared/upstream/', import.meta.url));
const FILES = {
  sherlock: path.join(UPSTREAM, 'sherlock/data.json'),
  whatsmyname: path.join(UPSTREAM, 'whatsmyname/wmn-data.json'),
  maigret: path.join(UPSTREAM, 'maigret/data.json'),
};
const present = Object.values(FILES).every((file) => existsSync(file));
if (!present) console.warn(`upstream-stats.test.ts skipped: the upstream catalogues are not in ${UPSTREAM}`);

function entryCount(format: keyof typeof FILES): number {
  const data = JSON.parse(readFileSync(FILES[format], 'utf8'));
  if (format === 'sherlock') return Object.keys(data).filter((k) => k !== '$schema').length;
  if (format === 'whatsmyname') return data.sites.length;
  return Object.keys(data.sites).length;
}

describe.skipIf(!present)('hound sites stats on the real upstream catalogues', () => {
  it('prints per-source counts of usable, disabled, excluded and unsupported entries with reasons', async () => {
    const bin = fileURLToPath(new URL('../../bin/hound.js', import.meta.url));
    const args = ['sites', 'stats', '--data-dir', await tempDir()];
    for (const file of Object.values(FILES)) args.push('--catalogue', file);
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, out, err) =>
        error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
      ),
    );
    for (const format of Object.keys(FILES) as Array<keyof typeof FILES>) {
      const line = new RegExp(
        `^${format} \\(.*\\): (\\d+) entries — (\\d+) usable, (\\d+) disabled, (\\d+) excluded, (\\d+) unsupported$`,
        'm',
      ).exec(stdout);
      expect(line, `${format} line in:\n${stdout}`).not.toBeNull();
      const [total, usable, disabled, excluded, unsupported] = (line as RegExpExecArray).slice(1).map(Number);
      // Every entry is accounted for: none silently dropped.
      expect(total).toBe(entryCount(format));
      expect((usable as number) + (disabled as number) + (excluded as number) + (unsupported as number)).toBe(total);
      expect(usable).toBeGreaterThan(0);
    }
    // Maigret has disabled entries and entries Hound cannot check, each with a reason.
    expect(stdout).toMatch(/^maigret .*\d+ usable, [1-9]\d* disabled/m);
    expect(stdout).toMatch(/^\s+\d+ {2}unsupported: .+/m);
    expect(stdout).toMatch(/sites after merging by host; \d+ searched by default/);
  });
});
