/**
 * Issue 26 item 1, against a real server process: with no network and no cached catalogue the username
 * catalogues never load, yet the shipped email checks are ready at once and an email search runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { type Child, runEntry } from './support/processes.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-email-offline-'));
// Nothing is reachable: the catalogue URL and every outbound request go to a closed port.
const OFFLINE = {
  DATA_DIR: dataDir,
  PORT: '0',
  HOUND_CATALOGUES: 'http://127.0.0.1:9/catalogue.json',
  HOUND_PROXY: 'http://127.0.0.1:9',
  HEALTH_CHECK_INTERVAL_HOURS: '0',
};
let child: Child | undefined;

async function call(url: string, method: 'GET' | 'POST', body?: unknown, token?: string) {
  const res = await request(url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with expect
  return { status: res.statusCode, json: (await res.body.json()) as any };
}

afterAll(async () => {
  if (child && child.process.exitCode === null) child.process.kill('SIGKILL');
  await child?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a fresh server without network', () => {
  it('serves the shipped email checks and runs email searches although the username catalogues never load', async () => {
    child = runEntry('main', OFFLINE);
    await child.waitForOutput('Hound server ready', 120_000);
    const url = `http://127.0.0.1:${child.output().match(/Server listening at http:\/\/[^:]+:(\d+)/)![1]!}`;

    let checks = await call(`${url}/api/email/checks`, 'GET');
    for (let i = 0; i < 200 && !checks.json.ready; i++) {
      await new Promise((r) => setTimeout(r, 100));
      checks = await call(`${url}/api/email/checks`, 'GET');
    }
    expect(checks.json.ready).toBe(true);
    expect(checks.json.checks.length).toBeGreaterThanOrEqual(200);
    // The username catalogues stay unavailable: the email checks do not depend on them.
    await child.waitForOutput('site catalogues could not be downloaded', 60_000);
    expect((await call(`${url}/readyz`, 'GET')).status).toBe(503);
    // Email-check sites' logos are asked for already (none can be fetched here); other hosts never are.
    expect((await call(`${url}/api/favicon/gravatar.com`, 'GET')).json.code).toBe('NO_ICON');
    expect((await call(`${url}/api/favicon/evil.example`, 'GET')).json.code).toBe('FAVICON_UNKNOWN_HOST');

    // A signed-in user (sign-up credits) searches an address: the search runs and ends (every site
    // unreachable here), it does not answer 503 "still loading".
    const email = 'offline.user@example.com';
    await call(`${url}/auth/register/send-otp`, 'POST', {
      first_name: 'Off',
      last_name: 'Line',
      email,
      date_of_birth: '1990-01-01',
    });
    const mails = await call(`${url}/dev/mailbox.json`, 'GET');
    const code = (mails.json.items as Array<{ to: string; text: string }>)
      .find((m) => m.to === email)!
      .text.match(/\b(\d{6})\b/)![1]!;
    const verified = await call(`${url}/auth/register/verify-otp`, 'POST', { email, code });
    expect(verified.status).toBe(200);
    const token = verified.json.access_token as string;

    const searched = await call(`${url}/api/email/search`, 'POST', { email: 'someone@example.org' }, token);
    expect(searched.status).toBe(200);
    expect(searched.json.accounts).toEqual([]);
    const logs = await call(`${url}/me/email-logs`, 'GET', undefined, token);
    expect(JSON.stringify(logs.json)).toContain('someone@example.org');

    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
  }, 180_000);
});
