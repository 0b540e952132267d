/**
 * Who the client is (issue 25 item 12): behind TRUST_PROXY the client is the entry the trusted proxies
 * wrote, never the leftmost X-Forwarded-For a client writes; an IPv6 client counts as its /64 for every
 * per-IP limit; the admin audit records the real address. Over real sockets, on both stacks, and in the
 * server process itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from './support/accounts.ts';
import { type Call, socketClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { type Child, runEntry, seedDatabase } from './support/processes.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const WAITLIST_CAP = 10;

/** `count` waitlist joins, each with the X-Forwarded-For `xff(i)`; the statuses in order. */
async function subscribes(call: Call, count: number, xff: (i: number) => string, tag: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await call(
      'POST',
      '/api/subscribe',
      { email: `${tag}${i}@example.com` },
      { 'x-forwarded-for': xff(i) },
    );
    statuses.push(answer.status);
  }
  return statuses;
}

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`client address behind one proxy (TRUST_PROXY=1, ${mode.name})`, () => {
    let net: TestInternet;
    let stack: Stack;
    let call: Call;
    beforeAll(async () => {
      net = await startTestInternet({ sites: 2 });
      stack = await startStack(mode, {
        createEngine: net.createEngine(),
        env: { TRUST_PROXY: '1', LIMIT_DAILY_PER_IP: '2', LIMIT_DAILY_PER_DEVICE: '100' },
        authLimits: { codesPerIpPerHour: 3 },
      });
      call = socketClient(await stack.app.listen({ port: 0, host: '127.0.0.1' }));
    });
    afterAll(async () => {
      await stack?.close();
      await net?.close();
    });

    it('ignores what the client wrote left of the proxy’s entry: the waitlist cap holds', async () => {
      // The proxy appends the address it saw (203.0.113.7); the client varies everything before it.
      const statuses = await subscribes(call, WAITLIST_CAP + 1, (i) => `6.6.6.${i}, 203.0.113.7`, 'spoof');
      expect(statuses.slice(0, WAITLIST_CAP).every((s) => s === 200)).toBe(true);
      expect(statuses[WAITLIST_CAP]).toBe(429);
      // Another real client behind the same proxy is not affected.
      expect((await subscribes(call, 1, () => '6.6.6.6, 203.0.113.8', 'other'))[0]).toBe(200);
    });

    it('counts an IPv6 client as its /64 for the waitlist cap', async () => {
      const statuses = await subscribes(call, WAITLIST_CAP + 1, (i) => `2001:db8:aa:bb::${i + 1}`, 'six');
      expect(statuses[WAITLIST_CAP - 1]).toBe(200);
      expect(statuses[WAITLIST_CAP]).toBe(429);
      expect((await subscribes(call, 1, () => '2001:db8:aa:bc::1', 'next64'))[0]).toBe(200);
    });

    it('counts an IPv6 client as its /64 for the code cap', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const answer = await call(
          'POST',
          '/auth/login/send-otp',
          { email: `code${i}@example.com` },
          { 'x-forwarded-for': `2001:db8:cc:dd:${i}::1` },
        );
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it('counts an IPv6 client as its /64 (and ignores spoofed entries) for the daily search cap', async () => {
      const start = (xff: string, device: string) =>
        call('POST', '/api/search', { username: 'blue', device_id: device }, { 'x-forwarded-for': xff });
      expect((await start('6.6.6.1, 2001:db8:ee:ff::1', 'device_a')).json.status).toBe('started');
      expect((await start('6.6.6.2, 2001:db8:ee:ff::2', 'device_b')).json.status).toBe('started');
      expect((await start('6.6.6.3, 2001:db8:ee:ff:1:2:3:4', 'device_c')).json.status).toBe('device_limit');
      expect((await start('2001:db8:ee:100::1', 'device_d')).json.status).toBe('started');
    });

    it('writes the real client address into the admin audit, not the spoofed one', async () => {
      const admin = await createTestUser(stack.services.db.db, { isAdmin: true });
      const target = await createTestUser(stack.services.db.db);
      const changed = await call(
        'POST',
        '/admin/users/update-plan',
        { email: target.email, plan: 'trial' },
        { ...admin.headers, 'x-forwarded-for': '6.6.6.6, 198.51.100.23' },
      );
      expect(changed.status).toBe(200);
      const audit = await call(
        'GET',
        `/admin/audit?target=${encodeURIComponent(target.email)}`,
        undefined,
        admin.headers,
      );
      expect(audit.json.items[0].ip).toBe('198.51.100.23');
    });
  });
}

describe('client address in the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-client-ip-'));
  const children: Child[] = [];
  const OFFLINE = { PORT: '0', HOUND_PROXY: 'http://127.0.0.1:9', HEALTH_CHECK_INTERVAL_HOURS: '0' };
  afterAll(async () => {
    for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses TRUST_PROXY=true, which would believe any client, naming the setting', async () => {
    const child = runEntry('main', {
      ...OFFLINE,
      DATA_DIR: seedDatabase(path.join(dataDir, 'a')),
      TRUST_PROXY: 'true',
    });
    children.push(child);
    expect(await child.exited).not.toBe(0);
    expect(child.output()).toContain('TRUST_PROXY');
    expect(child.output()).not.toContain('Hound server ready');
  }, 60_000);

  it('with the proxy’s address (TRUST_PROXY=loopback) takes the entry that proxy wrote', async () => {
    const child = runEntry('main', {
      ...OFFLINE,
      DATA_DIR: seedDatabase(path.join(dataDir, 'b')),
      TRUST_PROXY: 'loopback',
    });
    children.push(child);
    await child.waitForOutput('Hound server ready', 60_000);
    const url = child.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)![1]!;
    const post = async (xff: string, i: number) => {
      const res = await request(`${url}/api/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
        body: JSON.stringify({ email: `p${i}@example.com` }),
      });
      await res.body.dump();
      return res.statusCode;
    };
    const statuses: number[] = [];
    for (let i = 0; i <= WAITLIST_CAP; i++) statuses.push(await post(`6.6.6.${i}, 203.0.113.50`, i));
    expect(statuses.slice(0, WAITLIST_CAP).every((s) => s === 200)).toBe(true);
    expect(statuses[WAITLIST_CAP]).toBe(429);
    expect(await post('203.0.113.51', 99)).toBe(200);
  }, 90_000);
});
