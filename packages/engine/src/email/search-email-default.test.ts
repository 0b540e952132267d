/** The top-level `searchEmail`: the default engine's email search, with input checked before anything loads. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmailCheckEntry, type Internet, serveEmailChecks, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDefaultEngine, defaultEngine, searchEmail } from '../default-engine.ts';
import type { EmailResult } from '../model.ts';
import { BUNDLED_EMAIL_CATALOGUE } from './load-email-catalogue.ts';

const catalogue = JSON.parse(readFileSync(BUNDLED_EMAIL_CATALOGUE, 'utf8')) as { checks: EmailCheckEntry[] };
let internet: Internet;

beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  serveEmailChecks(internet, catalogue.checks).register('known.person@example.com');
});
afterAll(async () => {
  await closeDefaultEngine();
  await internet?.close();
});

describe('top-level searchEmail', () => {
  it('rejects bad input at once, before any engine or catalogue is loaded', () => {
    expect(() => searchEmail('   ')).toThrow(expect.objectContaining({ code: 'empty_email' }));
    expect(() => searchEmail('not-an-address')).toThrow(expect.objectContaining({ code: 'invalid_email' }));
  });

  it('searches with the default engine in completion order with progress', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hound-email-'));
    await defaultEngine({
      checks: [],
      connect: internet.connect,
      allowPrivateAddresses: true,
      dataDir,
      timeoutMs: 4000,
      retries: 0,
    });
    const events: { result: EmailResult; done: number; total: number }[] = [];
    for await (const { result, progress } of searchEmail('Known.Person@example.com', { checks: ['gravatar'] }))
      events.push({ result, ...progress });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ done: 1, total: 1, result: { checkId: 'gravatar', verdict: 'found' } });
  });
});
