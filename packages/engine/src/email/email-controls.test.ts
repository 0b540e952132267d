/**
 * Decision 131: the never-registered controls of email checks are kept per check and domain for a bounded
 * time, shared by the searches that ask at once, and only decided answers are kept.
 */
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine.ts';
import { type ControlAnswer, EmailControls, readEmailControls, writeEmailControls } from './email-controls.ts';

const answer = (address: string, verdict: ControlAnswer['verdict']): ControlAnswer => ({ address, verdict, rule: 'r' });

describe('email controls', () => {
  it('asks a random address at the searched domain, once for concurrent searches, and keeps it for the TTL', async () => {
    let now = 0;
    const controls = new EmailControls(1000, () => now);
    const asked: string[] = [];
    const ask = async (address: string) => {
      asked.push(address);
      return answer(address, 'not_found');
    };
    const [a, b] = await Promise.all([controls.answer('x', 'mail.test', ask), controls.answer('x', 'mail.test', ask)]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^[a-z][a-z0-9]{13}@mail\.test$/);
    expect(a).toBe(b);
    now = 999;
    await controls.answer('x', 'mail.test', ask);
    await controls.answer('y', 'mail.test', ask);
    await controls.answer('x', 'other.test', ask);
    expect(asked).toHaveLength(3);
    now = 1000;
    await controls.answer('x', 'mail.test', ask);
    expect(asked).toHaveLength(4);
    expect(new Set(asked).size).toBe(4);
  });

  it('asks again after an undecided control (an error, a challenge) or a failure', async () => {
    const controls = new EmailControls();
    let calls = 0;
    const undecided = async (address: string) => {
      calls++;
      return answer(address, 'unknown');
    };
    await controls.answer('x', 'mail.test', undecided);
    await controls.answer('x', 'mail.test', undecided);
    expect(calls).toBe(2);
    await expect(controls.answer('z', 'mail.test', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await controls.answer('z', 'mail.test', async (a) => answer(a, 'found'))).verdict).toBe('found');
  });
});

describe('email controls kept across runs (decision 162)', () => {
  const ask = (verdict: ControlAnswer['verdict'], asked: string[]) => async (address: string) => {
    asked.push(address);
    return { ...answer(address, verdict), status: 200 };
  };

  it('a snapshot restored in the next run answers without asking, at the same address, and names no searched domain', async () => {
    let now = 10_000;
    const first = new EmailControls(1000, () => now);
    const asked: string[] = [];
    await first.answer('x', 'jane-doe.test', ask('not_found', asked));
    await first.answer('y', 'jane-doe.test', ask('unknown', asked)); // undecided: not kept, not saved
    const saved = first.snapshot();
    expect(Object.keys(saved)).toHaveLength(1);
    expect(JSON.stringify(saved)).not.toContain('jane-doe');
    expect(JSON.stringify(saved)).not.toContain('@');

    now = 10_500;
    const second = new EmailControls(1000, () => now);
    second.restore(JSON.parse(JSON.stringify(saved)));
    const again = await second.answer('x', 'jane-doe.test', ask('not_found', asked));
    expect(asked).toHaveLength(2);
    expect(again).toEqual({ address: asked[0], verdict: 'not_found', rule: 'r', status: 200 });
    // Another domain or another check is not vouched for by it.
    await second.answer('x', 'other.test', ask('not_found', asked));
    expect(asked).toHaveLength(3);
    // The restored control still expires by its first asking, not by its restoring.
    now = 11_000;
    await second.answer('x', 'jane-doe.test', ask('not_found', asked));
    expect(asked).toHaveLength(4);
  });

  it('a restored control not yet taken is saved again, until it expires', () => {
    let now = 0;
    const first = new EmailControls(1000, () => now);
    first.restore({
      ['a'.repeat(32)]: { local: 'abc123', verdict: 'found', rule: 'r', at: 0 },
    });
    now = 999;
    expect(Object.keys(first.snapshot())).toEqual(['a'.repeat(32)]);
    now = 1000;
    expect(first.snapshot()).toEqual({});
  });

  it('skips stale, future, malformed and foreign entries', async () => {
    const now = 100_000;
    const controls = new EmailControls(1000, () => now);
    const good = { local: 'abc123', verdict: 'not_found', rule: 'r', at: now - 10 };
    controls.restore({
      ['1'.repeat(32)]: { ...good, at: now - 1000 }, // expired
      ['2'.repeat(32)]: { ...good, at: now + 5 }, // from the future (a clock set back)
      ['3'.repeat(32)]: { ...good, verdict: 'unknown' },
      ['4'.repeat(32)]: { ...good, local: 'Jane.Doe+x' },
      ['5'.repeat(32)]: null,
      'not-a-hash': good,
      ['6'.repeat(32)]: good,
    });
    expect(Object.keys(controls.snapshot())).toEqual(['6'.repeat(32)]);
  });

  it('saves at most the 5,000 newest', async () => {
    let now = 0;
    const controls = new EmailControls(10 * 60_000, () => now);
    for (let i = 0; i < 5_010; i++) {
      now = i;
      await controls.answer(`c${i}`, 'mail.test', async (address) => answer(address, 'not_found'));
    }
    const saved = Object.values(controls.snapshot());
    expect(saved).toHaveLength(5_000);
    expect(Math.min(...saved.map((s) => s.at))).toBe(10);
  });

  it('reads back what it wrote; a missing, damaged or other-version file restores nothing; the write is atomic', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'hound-email-controls-'));
    try {
      const file = path.join(dir, 'nested', 'email-controls.json');
      const asked: string[] = [];
      const first = new EmailControls();
      await readEmailControls(file, first); // missing: nothing, no throw
      await first.answer('x', 'mail.test', ask('not_found', asked));
      await writeEmailControls(file, first);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await readdir(path.dirname(file))).toEqual(['email-controls.json']); // no temporary file left
      const second = new EmailControls();
      await readEmailControls(file, second);
      await second.answer('x', 'mail.test', ask('not_found', asked));
      expect(asked).toHaveLength(1);

      for (const damaged of ['{"version":1,"controls":', '{"version":2,"controls":{}}', 'null', '[]']) {
        await writeFile(file, damaged);
        const third = new EmailControls();
        await readEmailControls(file, third);
        await third.answer('x', 'mail.test', ask('not_found', asked));
      }
      expect(asked).toHaveLength(5);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('only an engine that asks for it (the CLI) keeps them in its data dir', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'hound-email-controls-'));
    try {
      const plain = await createEngine({ checks: [], dataDir: path.join(dir, 'plain') });
      await plain.close();
      expect(await readdir(path.join(dir, 'plain'))).not.toContain('email-controls.json');
      const kept = await createEngine({ checks: [], dataDir: path.join(dir, 'kept'), keepEmailControls: true });
      await kept.close();
      expect(await readdir(path.join(dir, 'kept'))).toContain('email-controls.json');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
