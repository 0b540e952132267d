import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoundEngine } from '../engine.ts';
import { randomUsername } from '../health/random-username.ts';
import { FIXTURE_CATALOGUES } from './fixture-catalogues.ts';
import { collect, fixtureEngine } from './test-helpers.ts';

const REGISTERED = 'zoe-registered';

let internet: Internet;
let engine: HoundEngine;
beforeAll(async () => {
  internet = await startInternet({ catalogues: FIXTURE_CATALOGUES });
  for (const site of internet.sites()) internet.register(site.host, REGISTERED);
  engine = await fixtureEngine(internet);
});
afterAll(async () => {
  await engine?.close();
  await internet?.close();
});

// One row per catalogue entry: format, name and the rule kind it exercises.
const entries = [
  ['sherlock', 'Alpha Status', 'status_code'],
  ['sherlock', 'Bravo Message', 'message (absence-only)'],
  ['sherlock', 'Charlie Redirect', 'response_url'],
  ['sherlock', 'Delta Post', 'POST + probe URL + headers'],
  ['sherlock', 'Echo Codes', 'status_code with errorCode'],
  ['sherlock', 'Foxtrot Subdomain', 'username in the host name'],
  ['sherlock', 'Golf Probe', 'probe URL'],
  ['whatsmyname', 'Hotel Strings', 'code AND string'],
  ['whatsmyname', 'India Post', 'POST body + headers'],
  ['whatsmyname', 'Juliet Codes', 'code only'],
  ['maigret', 'Kilo Message', 'presence AND NOT absence'],
  ['maigret', 'Lima Status', 'status_code'],
  ['maigret', 'Mike Redirect', 'response_url'],
  ['maigret', 'November Board', 'engine template'],
  ['maigret', 'Oscar Probe', 'probe URL + headers'],
  ['maigret', 'Papa Post', 'POST payload'],
  ['maigret', 'Quebec Head', 'HEAD status_code'],
] as const;

describe.each(entries)('%s %s (%s)', (format, name) => {
  it('finds a registered username and its known account', async () => {
    for (const username of [REGISTERED, 'alice']) {
      const [result] = await collect(engine, username, { sites: [name], formats: [format] });
      expect(result, `${name} for ${username}`).toMatchObject({ verdict: 'found' });
      expect(result?.evidence.agreed).toEqual([format]);
    }
  });

  it('does not find a random username', async () => {
    const [result] = await collect(engine, randomUsername(), { sites: [name], formats: [format] });
    expect(result).toMatchObject({ verdict: 'not_found' });
    expect(result?.evidence.status).toBeTypeOf('number');
  });
});

describe('a whole search', () => {
  it('streams every selected site once, in completion order, with progress', async () => {
    const events = [];
    for await (const event of engine.searchUsername(REGISTERED)) events.push(event);
    const total = engine.countSites();
    expect(total).toBe(entries.length);
    expect(events.map((e) => e.progress)).toEqual(events.map((_, i) => ({ done: i + 1, total })));
    expect(new Set(events.map((e) => e.result.siteId)).size).toBe(total);
    expect(events.filter((e) => e.result.verdict === 'found')).toHaveLength(total);
  });

  it('selects by category and rejects unknown site names', async () => {
    const forums = await collect(engine, 'alice', { categories: ['forum'] });
    expect(forums.map((r) => r.name).sort()).toEqual(['Kilo Message', 'November Board']);
    expect(() => engine.searchUsername('alice', { sites: ['No Such Site'] })).toThrow(
      expect.objectContaining({ code: 'unknown_site' }),
    );
  });

  it('explains email-shaped input instead of searching it', () => {
    expect(() => engine.searchUsername('alice@example.com')).toThrow(
      expect.objectContaining({
        code: 'email_address',
        message: expect.stringContaining('looks like an email address'),
      }),
    );
  });
});
