/**
 * What a found answer's details keep (decision 107): a profile's linked accounts, listed as objects by the
 * site (Gravatar's `verified_accounts`), become "Label: URL" entries instead of vanishing.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Internet, serveEmailChecks, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEngine, type HoundEngine } from '../engine.ts';
import { tempDir } from '../search/test-helpers.ts';

const REGISTERED = 'linked.person@example.com';
const check = {
  id: 'profiles',
  name: 'Profiles',
  domain: 'profiles.test',
  category: 'social',
  method: 'profile',
  requests: [{ method: 'GET', url: 'https://api.profiles.test/v3/{email_sha256}' }],
  found: [{ jsonPath: 'profile_url', exists: true }],
  notFound: [{ jsonPath: 'error', equals: 'Profile not found' }],
  details: [
    { label: 'Display name', jsonPath: 'display_name' },
    { label: 'Verified accounts', jsonPath: 'verified_accounts' },
  ],
  answers: {
    registered: [
      {
        status: 200,
        body: JSON.stringify({
          display_name: 'Linked Person',
          profile_url: 'https://profiles.test/linked',
          verified_accounts: [
            { service_label: 'Mastodon', url: 'https://mastodon.example/@linked' },
            { url: 'https://linked.example' },
            { service_label: 'No link' },
          ],
        }),
      },
    ],
    unregistered: [{ status: 404, body: '{"error":"Profile not found"}' }],
  },
  source: ['https://example.com/docs'],
};

let internet: Internet;
let engine: HoundEngine;
beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  serveEmailChecks(internet, [check] as never).register(REGISTERED);
  const file = path.join(await tempDir(), 'email.json');
  await writeFile(file, JSON.stringify({ format: 'hound-email', version: 1, checks: [check] }));
  engine = await createEngine({
    checks: [],
    emailCatalogues: [file],
    connect: internet.connect,
    allowPrivateAddresses: true,
  });
});
afterAll(async () => {
  await engine?.close();
  await internet?.close();
});

it('keeps linked accounts listed as objects, each as "Label: URL"', async () => {
  const results = [];
  for await (const { result } of engine.searchEmail(REGISTERED)) results.push(result);
  expect(results[0]).toMatchObject({
    verdict: 'found',
    details: {
      'Display name': 'Linked Person',
      'Verified accounts': 'Mastodon: https://mastodon.example/@linked, https://linked.example',
    },
  });
});
