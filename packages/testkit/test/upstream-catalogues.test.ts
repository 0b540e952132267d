import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Internet, startInternet } from '../src/index.ts';
import { fetchWith, randomUsername } from './helpers.ts';
import {
  type Answer,
  type Case,
  maigretCases,
  type Probe,
  sherlockCases,
  type Verdict,
  whatsMyNameCases,
} from './upstream-rules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const upstream = path.resolve(root, '../shared/upstream');
const files = {
  sherlock: path.join(upstream, 'sherlock/data.json'),
  whatsmyname: path.join(upstream, 'whatsmyname/wmn-data.json'),
  maigret: path.join(upstream, 'maigret/data.json'),
} as const;
const present = Object.values(files).every((f) => existsSync(f));
if (!present) console.warn(`SKIPPED upstream catalogue checks: ${upstream} is absent`);

let internet: Internet;
let agent: Agent;

beforeAll(async () => {
  if (!present) return;
  internet = await startInternet({ catalogues: Object.values(files).map((p) => ({ path: p })) });
  agent = new Agent({ connect: internet.connect, keepAliveTimeout: 1_000 });
}, 60_000);

afterAll(async () => {
  await agent?.close();
  await internet?.close();
});

/** A client as the upstream tools are: redirects followed (≤ 5, 301/302/303 turn into GET) only when the format does. */
async function send(probe: Probe): Promise<Answer> {
  let { method, url, body } = probe;
  for (let hop = 0; ; hop++) {
    const answer = await fetchWith(agent, url, { method, headers: probe.headers, ...(body ? { body } : {}) });
    const location = answer.headers.location;
    if (!probe.follow || hop === 5 || answer.status < 300 || answer.status >= 400 || typeof location !== 'string') {
      return answer;
    }
    url = new URL(location, url).href;
    if ([301, 302, 303].includes(answer.status) && method !== 'HEAD') {
      method = 'GET';
      body = undefined;
    }
  }
}

async function inPool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

describe.skipIf(!present)('real upstream catalogues', () => {
  it('serves every parseable site and reports served / skipped / conflicting per catalogue', () => {
    const conflicted = internet.conflicts().flatMap((c) => c.entries);
    for (const format of ['sherlock', 'whatsmyname', 'maigret'] as const) {
      const served = internet.sites().filter((s) => s.format === format).length;
      const skipped = internet.skipped().filter((s) => s.format === format);
      const conflicting = conflicted.filter((e) => e.format === format).length;
      console.log(`${format}: ${served} served, ${skipped.length} skipped, ${conflicting} on conflicting routes`);
      for (const s of skipped) console.log(`  skipped ${s.name}: ${s.reason}`);
      expect(served).toBeGreaterThan(0);
    }
    for (const c of internet.conflicts()) console.log(`  conflict ${c.host}: ${c.reason}`);
    expect(internet.siteCount).toBe(internet.sites().length);
    // Only entries no HTTP client could check are skipped (Maigret dns/tor/i2p and a rule-less message site).
    expect(internet.skipped().length).toBeLessThan(20);
  });

  it('every site answers its claimed user as "exists" and a random user as "missing", by its own rules', async () => {
    const cases: Case[] = [
      ...sherlockCases(JSON.parse(await readFile(files.sherlock, 'utf8'))),
      ...whatsMyNameCases(JSON.parse(await readFile(files.whatsmyname, 'utf8'))),
      ...maigretCases(JSON.parse(await readFile(files.maigret, 'utf8'))),
    ];
    const key = (c: { format: string; name: string }) => `${c.format}:${c.name}`;
    const skipped = new Set(internet.skipped().map(key));
    // On a conflicting route only the followed entry's rules are guaranteed.
    const overruled = new Set(
      internet.conflicts().flatMap((c) => c.entries.filter((e) => !c.followed || key(e) !== key(c.followed)).map(key)),
    );
    const checked = cases.filter((c) => !skipped.has(key(c)) && !overruled.has(key(c)));
    const failures: string[] = [];
    let requests = 0;
    const expectVerdict = async (c: Case, username: string, wanted: Verdict) => {
      try {
        const answer = await send(c.probe(username));
        requests++;
        const verdict = c.judge(answer);
        if (verdict !== wanted)
          failures.push(`${key(c)} ${username}: ${verdict} (status ${answer.status}), wanted ${wanted}`);
      } catch (error) {
        failures.push(`${key(c)} ${username}: ${(error as Error).message}`);
      }
    };
    const started = Date.now();
    await inPool(checked, 32, async (c) => {
      if (c.claimed && c.claimedAllowed) await expectVerdict(c, c.claimed, 'exists');
      await expectVerdict(c, randomUsername(), 'missing');
    });
    console.log(
      `checked ${checked.length} of ${cases.length} entries with ${requests} requests in ${Date.now() - started} ms; ${failures.length} failures`,
    );
    expect(failures.slice(0, 30)).toEqual([]);
  }, 240_000);
});
