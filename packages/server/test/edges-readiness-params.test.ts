/**
 * Issue 25 item 16: /readyz tells a stranger a reason code, never internal text; every number in the
 * path, query or headers of the search status and event routes is checked, so out-of-range or garbage
 * values are a 400, never a 500. On both stacks, over a real socket.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEngine } from '@hound/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, socketClient, untilEnded, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { type Child, runEntry } from './support/processes.ts';
import { createTestDatabase, MODES, REDIS_URL, type Stack, startStack } from './support/stacks.ts';

describe.skipIf(MODES[1]!.skip)('readiness of the server process with a Redis that refuses it', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-readyz-'));
  let child: Child | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    if (child && child.process.exitCode === null) child.process.kill('SIGKILL');
    await child?.exited;
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers `unreachable` for the queue; the Redis reply (WRONGPASS) is only in the log', async () => {
    database = await createTestDatabase();
    const redis = new URL(REDIS_URL!);
    redis.username = 'nobody';
    redis.password = 'wrong-password';
    child = runEntry('main', {
      PORT: '0',
      DATA_DIR: dataDir,
      HOUND_PROXY: 'http://127.0.0.1:9',
      HEALTH_CHECK_INTERVAL_HOURS: '0',
      DATABASE_URL: database.url,
      REDIS_URL: redis.toString(),
    });
    await child.waitForOutput('Hound server ready', 60_000);
    const url = child.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)![1]!;
    const call = socketClient(url);
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json.checks.queue).toEqual({ ok: false, detail: 'unreachable' });
    expect(ready.text).not.toMatch(/WRONGPASS|password|nobody|6379/i);
    await child.waitForOutput(/not ready: queue: .*WRONGPASS/);
  }, 90_000);
});

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`readiness without internals (${mode.name})`, () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack(mode, {
        createEngine: () =>
          createEngine({ catalogues: ['/srv/secret-dir/hound-catalogue.json'], dataDir: os.tmpdir() }),
        waitForEngine: false,
      });
    });
    afterAll(async () => stack?.close());

    it('answers a reason code for failed catalogues, without the file path or the error text', async () => {
      const call = socketClient(await stack.app.listen({ port: 0, host: '127.0.0.1' }));
      const ready = await waitFor(async () => {
        const answer = await call('GET', '/readyz');
        return answer.json?.checks?.catalogues?.detail === 'loading' ? undefined : answer;
      });
      expect(ready.status).toBe(503);
      expect(ready.json).toEqual({
        status: 'not_ready',
        checks: { database: { ok: true }, queue: { ok: true }, catalogues: { ok: false, detail: 'retrying' } },
      });
      expect(ready.text).not.toContain('secret-dir');
      expect(ready.text).not.toMatch(/ENOENT|no such file/i);
    });
  });

  describe.skipIf(mode.skip)(`numbers in search routes (${mode.name})`, () => {
    let net: TestInternet;
    let stack: Stack;
    let call: Call;
    let searchId: string;
    let user: TestUser;
    beforeAll(async () => {
      net = await startTestInternet({ sites: 3 });
      stack = await startStack(mode, { createEngine: net.createEngine() });
      call = socketClient(await stack.app.listen({ port: 0, host: '127.0.0.1' }));
      const started = await call('POST', '/api/search', { username: 'blue', device_id: 'device_numbers' });
      searchId = started.json.search_id;
      await untilEnded(call, searchId);
      user = await createTestUser(stack.services.db.db);
    });
    afterAll(async () => {
      await stack?.close();
      await net?.close();
    });

    it('answers 400 with a code for an out-of-range or garbage ?after=, never 500', async () => {
      for (const after of ['2147483648', '99999999999999999999', '-1', '1.5', 'abc', '1e400', '0x10', 'NaN']) {
        const answer = await call('GET', `/api/search/${searchId}/events?after=${after}`);
        expect(answer.status, after).toBe(400);
        expect(answer.json, after).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      // The largest sequence number is a valid (empty) resume point.
      const last = await call('GET', `/api/search/${searchId}/events?after=2147483647`);
      expect(last.status).toBe(200);
      expect(last.text).toContain('event: done');
    });

    it('answers 400 for a garbage Last-Event-ID on both event routes', async () => {
      for (const id of ['abc', '-1', '9999999999', '1.5']) {
        const answer = await call('GET', `/api/search/${searchId}/events`, undefined, { 'last-event-id': id });
        expect(answer.status, id).toBe(400);
        const email = await call('GET', `/api/email/searches/${searchId}/events`, undefined, {
          ...user.headers,
          'last-event-id': id,
        });
        expect(email.status, id).toBe(400);
      }
    });

    it('answers 400 or 404, never 500, for odd search ids', async () => {
      for (const id of ['x'.repeat(65), '%00', '..%2F..', `${searchId}%20`, '-1', '2147483648']) {
        for (const path of [`/api/search/status/${id}`, `/api/search/${id}/events`]) {
          const answer = await call('GET', path);
          expect([400, 404], `${path}`).toContain(answer.status);
        }
      }
    });
  });
}
