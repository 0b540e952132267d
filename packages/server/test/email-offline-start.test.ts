/**
 * Issue 26 item 1, against a real server process: with no network and no cached catalogue the username
 * catalogues never load, yet the shipped email checks are ready at once and an email search runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, signUpThroughDevMailbox } from './support/accounts.ts';
import { socketClient, waitFor } from './support/http-client.ts';
import { type Child, seedDatabase, startServer } from './support/processes.ts';

const dataDir = seedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'hound-email-offline-')));
// Nothing is reachable: the catalogue URL and every outbound request go to a closed port.
const OFFLINE = {
  DATA_DIR: dataDir,
  PORT: '0',
  HOUND_CATALOGUES: 'http://127.0.0.1:9/catalogue.json',
  HOUND_PROXY: 'http://127.0.0.1:9',
  HEALTH_CHECK_INTERVAL_HOURS: '0',
};
let child: Child | undefined;

afterAll(async () => {
  if (child && child.process.exitCode === null) child.process.kill('SIGKILL');
  await child?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a fresh server without network', () => {
  it('serves the shipped email checks and runs email searches although the username catalogues never load', async () => {
    const server = await startServer(OFFLINE, 120_000);
    child = server.child;
    const call = socketClient(server.url);

    const checks = await waitFor(async () => {
      const answer = await call('GET', '/api/email/checks');
      return answer.json.ready ? answer.json : undefined;
    }, 20_000);
    expect(checks.checks.length).toBeGreaterThanOrEqual(200);
    // The username catalogues stay unavailable: the email checks do not depend on them.
    await child.waitForOutput('site catalogues could not be downloaded', 60_000);
    expect((await call('GET', '/readyz')).status).toBe(503);
    // Email-check sites' logos are asked for already (none can be fetched here); other hosts never are.
    expect((await call('GET', '/api/favicon/gravatar.com')).json.code).toBe('NO_ICON');
    expect((await call('GET', '/api/favicon/evil.example')).json.code).toBe('FAVICON_UNKNOWN_HOST');

    // A signed-in user (sign-up credits) searches an address: the search runs and ends (every site
    // unreachable here), it does not answer 503 "still loading".
    const token = await signUpThroughDevMailbox(call, 'offline.user@example.com');

    const searched = await call('POST', '/api/email/search', { email: 'someone@example.org' }, bearer(token));
    expect(searched.status).toBe(200);
    expect(searched.json.accounts).toEqual([]);
    const logs = await call('GET', '/me/email-logs', undefined, bearer(token));
    expect(JSON.stringify(logs.json)).toContain('someone@example.org');

    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
  }, 180_000);
});
