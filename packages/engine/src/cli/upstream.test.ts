import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOUND_COMMAND } from '../../test/hound-command.ts';
import { tempDir } from '../search/test-helpers.ts';

// Extended test: the real upstream catalogues, read at test time from ../shared/upstream (never copied).
const UPSTREAM = fileURLToPath(new URL('../../../../../shared/upstream/', import.meta.url));
const FILES = {
  sherlock: path.join(UPSTREAM, 'sherlock/data.json'),
  whatsmyname: path.join(UPSTREAM, 'whatsmyname/wmn-data.json'),
  maigret: path.join(UPSTREAM, 'maigret/data.json'),
};
const present = Object.values(FILES).every((file) => existsSync(file));
if (!present) console.warn(`upstream.test.ts skipped: the upstream catalogues are not in ${UPSTREAM}`);

function entryCount(format: keyof typeof FILES): number {
  const data = JSON.parse(readFileSync(FILES[format], 'utf8'));
  if (format === 'sherlock') return Object.keys(data).filter((k) => k !== '$schema').length;
  if (format === 'whatsmyname') return data.sites.length;
  return Object.keys(data.sites).length;
}

describe.skipIf(!present)('hound sites stats on the real upstream catalogues', () => {
  it('prints per-source counts of usable, disabled, excluded and unsupported entries with reasons', async () => {
    const args = ['sites', 'stats', '--data-dir', await tempDir()];
    for (const file of Object.values(FILES)) args.push('--catalogue', file);
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [...HOUND_COMMAND, ...args], { timeout: 60_000 }, (error, out, err) =>
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

describe.skipIf(!present)('hound USERNAME on the real Sherlock catalogue, through the testkit proxy', () => {
  it('reports exactly the sites where the name is registered as found', async () => {
    const { startInternet } = await import('@hound/testkit');
    const { createEngine } = await import('../engine.ts');
    const internet = await startInternet({ catalogues: [{ path: FILES.sherlock }] });
    try {
      const username = 'houndcheck7';
      const registeredEntries = new Set<string>();
      internet.sites().forEach((site, i) => {
        if (i % 15 !== 0) return;
        try {
          internet.register(site.host, username);
        } catch {
          return; // the site's own pattern refuses the name
        }
      });
      for (const site of internet.sites()) if (site.claimed.includes(username)) registeredEntries.add(site.name);
      expect(registeredEntries.size).toBeGreaterThan(20);

      const dir = await tempDir();
      const json = path.join(dir, 'out.json');
      const args = [username, '--catalogue', FILES.sherlock, '--proxy', internet.proxyUrl, '--ca', internet.caFile];
      args.push('--data-dir', dir, '--json', json, '--nsfw');
      await new Promise<void>((resolve, reject) =>
        execFile(process.execPath, [...HOUND_COMMAND, ...args], { timeout: 120_000 }, (error, _out, err) =>
          error ? reject(new Error(`${error.message}\n${err}`)) : resolve(),
        ),
      );
      const report = JSON.parse(readFileSync(json, 'utf8'));
      const found = new Set<string>(
        report.searches[0].results
          .filter((r: { verdict: string }) => r.verdict === 'found')
          .map((r: { siteId: string }) => r.siteId),
      );
      // The engine's sites that hold a registered entry (several entries can merge into one site).
      const engine = await createEngine({ catalogues: [FILES.sherlock], dataDir: dir });
      const expected = new Set(
        engine.sites.filter((s) => s.checks.some((c) => registeredEntries.has(c.name))).map((s) => s.id),
      );
      await engine.close();
      expect([...found].sort()).toEqual([...expected].sort());
    } finally {
      await internet.close();
    }
  }, 120_000);
});
