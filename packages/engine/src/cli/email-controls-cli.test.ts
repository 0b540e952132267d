/**
 * Decision 162, through the real `hound` binary against the testkit: a fresh run (empty data dir, no
 * self-test) asks a found check's never-registered control and keeps it in `<dataDir>/email-controls.json`
 * (without the searched address or its domain); the next run within the window asks none; an expired,
 * damaged or other-version file is asked again.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Internet, serveEmailChecks, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUND_COMMAND } from '../../test/hound-command.ts';
import { tempDir } from '../search/test-helpers.ts';

/** A person's own domain: it must not be written to the data dir. */
const REGISTERED = 'jane@jane-doe.test';
const HOST = 'kept.test';

function hound(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...HOUND_COMMAND, ...args],
      { env: { ...process.env, NO_COLOR: '', HOUND_EMAIL_LOUD: '' }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

const catalogue = {
  format: 'hound-email',
  version: 1,
  checks: [
    {
      id: 'kept',
      name: 'Kept',
      domain: HOST,
      category: 'social',
      method: 'register',
      requests: [{ method: 'GET', url: `https://${HOST}/api/check?email={email}` }],
      found: [{ jsonPath: 'taken', equals: true }],
      notFound: [{ jsonPath: 'taken', equals: false }],
      answers: {
        registered: [{ status: 200, body: '{"taken":true}' }],
        unregistered: [{ status: 200, body: '{"taken":false}' }],
      },
      source: ['https://example.com/docs'],
    },
  ],
};

let internet: Internet;
let dir: string;
let file: string;

beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  serveEmailChecks(internet, catalogue.checks as never).register(REGISTERED);
  dir = await tempDir();
  file = path.join(dir, 'email.json');
  await writeFile(file, JSON.stringify(catalogue));
});
afterAll(() => internet?.close());

describe('hound email: controls kept across runs (decision 162)', () => {
  it('a fresh run writes the control; the next asks none; an expired or damaged file is asked again', async () => {
    const dataDir = path.join(dir, 'data');
    const kept = path.join(dataDir, 'email-controls.json');
    const args = ['email', REGISTERED, '--email-catalogue', file, '--proxy', internet.proxyUrl, '--ca'];
    const run = async () => {
      const before = internet.log.count(HOST);
      const out = await hound([...args, internet.caFile, '--data-dir', dataDir, '--json', path.join(dir, 'out.json')]);
      expect(out.code).toBe(0);
      const result = JSON.parse(await readFile(path.join(dir, 'out.json'), 'utf8')).searches[0].results[0];
      return { requests: internet.log.count(HOST) - before, result };
    };
    const controlAsked = () =>
      internet.log
        .requests(HOST)
        .map((r) => new URL(r.url).searchParams.get('email')!)
        .filter((email) => email !== REGISTERED);

    const first = await run();
    expect(first.requests).toBe(2); // the address, then its control
    expect(first.result).toMatchObject({ verdict: 'found' });
    const [control] = controlAsked();
    expect(control).toMatch(/^[a-z][a-z0-9]{13}@jane-doe\.test$/);
    expect(first.result.evidence.detail).toContain(control);
    const text = await readFile(kept, 'utf8');
    expect(text).not.toContain('jane');
    const saved = JSON.parse(text) as { version: number; controls: Record<string, { at: number; local: string }> };
    expect(saved.version).toBe(1);
    expect(Object.values(saved.controls)).toEqual([
      expect.objectContaining({ local: control!.split('@')[0], verdict: 'not_found' }),
    ]);

    const second = await run();
    expect(second.requests).toBe(1); // the control came from the data dir
    expect(second.result).toMatchObject({ verdict: 'found' });
    expect(second.result.evidence.detail).toContain(control); // the same control, at the searched domain
    expect(controlAsked()).toHaveLength(1);

    // Sixteen minutes old: past the 15-minute window, so asked again.
    for (const entry of Object.values(saved.controls)) entry.at -= 16 * 60_000;
    await writeFile(kept, JSON.stringify(saved));
    const expired = await run();
    expect(expired.requests).toBe(2);
    expect(controlAsked()).toHaveLength(2);
    expect(expired.result).toMatchObject({ verdict: 'found' });

    for (const damaged of ['{"version":1,"controls":{"', JSON.stringify({ ...saved, version: 2 })]) {
      await writeFile(kept, damaged);
      const again = await run();
      expect(again.requests).toBe(2);
      expect(again.result).toMatchObject({ verdict: 'found' });
      expect(JSON.parse(await readFile(kept, 'utf8')).version).toBe(1); // written anew
    }
  }, 60_000);
});
