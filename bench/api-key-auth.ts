/**
 * The cost of authenticating an API key (decision 143), for `npm run bench:api`'s `key_auth`:
 * - `in_process`: what the /api/v1 guard does per request — parse and checksum, the cached key (read from
 *   PGlite at most once a second), one HMAC and a constant-time compare, the requests-per-minute window
 *   and the usage count — timed by this process's CPU over many calls, misses included at their real rate;
 *   a miss (a key not read in the last second: one database read) is also timed alone.
 * - `server`: a real server process's CPU per request for the same small list read with an API key
 *   (`GET /api/v1/searches?limit=1`) and with a session (`GET /me/searches?limit=1`, whose guard reads
 *   the session from the database on every request).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  codeKeyLoader,
  createKeyAuthenticator,
  createLogger,
  createMemoryApiRateLimiter,
  createMemorySearchBus,
  createUsageCounter,
  keyHasher,
  apiKeys as keysTable,
  newApiKey,
  newKeyId,
  openDatabase,
  users,
} from '@hound/server';
import autocannon from 'autocannon';
import { request } from 'undici';

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export async function keyAuthInProcess(): Promise<Record<string, number>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-bench-keys-'));
  const db = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    await db.migrate();
    const serverKey = codeKeyLoader(db.db);
    await db.db.insert(users).values({ id: 'bench-user', email: 'bench@example.com', firstName: 'B', lastName: 'B' });
    const id = newKeyId();
    const fresh = newApiKey(id);
    const hash = keyHasher(await serverKey());
    await db.db.insert(keysTable).values({
      id,
      userId: 'bench-user',
      name: 'bench',
      scopes: ['search:username'],
      secretHash: hash(fresh.secret),
      last4: fresh.last4,
    });
    const log = createLogger('silent');
    const bus = createMemorySearchBus();
    const keys = createKeyAuthenticator({ db: db.db, bus, log, serverKey });
    const rate = createMemoryApiRateLimiter();
    const usage = createUsageCounter(db.db, log);
    const guard = async () => {
      const now = new Date();
      const found = await keys.authenticate(fresh.key, now);
      if (!found) throw new Error('the key did not authenticate');
      await rate.take(found.key.id, 1_000_000_000, now);
      usage.add(found.key.id, 'requests', now);
    };
    for (let i = 0; i < 20_000; i++) await guard(); // warm-up (JIT)
    const calls = 200_000;
    const wallStart = Date.now();
    const start = cpuNow();
    for (let i = 0; i < calls; i++) await guard();
    const perCall = (cpuNow() - start) / calls;
    const wallS = (Date.now() - wallStart) / 1000;
    // Misses alone: a fresh cache each time (what a key costs once a second on each node).
    const misses = 300;
    const missStart = cpuNow();
    for (let i = 0; i < misses; i++) {
      const cold = createKeyAuthenticator({ db: db.db, bus, log, serverKey });
      if (!(await cold.authenticate(fresh.key, new Date()))) throw new Error('no key');
      await cold.close();
    }
    const perMiss = (cpuNow() - missStart) / misses;
    await keys.close();
    await usage.close();
    await rate.close();
    await bus.close();
    return {
      cpu_ms_per_request: round3(perCall),
      calls,
      wall_s: Math.round(wallS * 10) / 10,
      cache_misses_in_run: Math.ceil(wallS),
      cpu_ms_per_cache_miss_with_pglite: round3(perMiss),
    };
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A session and an API key on a running server (local: its development mailbox has the code). */
async function signUp(url: string): Promise<{ session: string; key: string }> {
  const email = `bench.${Date.now()}@example.com`;
  const post = async (p: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await request(`${url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return (await res.body.json()) as Record<string, string>;
  };
  await post('/auth/register/send-otp', { first_name: 'Bench', last_name: 'Mark', email, date_of_birth: '1990-01-01' });
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const box = (await (await request(`${url}/dev/mailbox.json`)).body.json()) as {
      items: { to: string; text: string }[];
    };
    code = /\b(\d{6})\b/.exec(box.items.find((m) => m.to === email)?.text ?? '')?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const session = (await post('/auth/register/verify-otp', { email, code })).access_token!;
  const key = (
    await post('/me/api-keys', { name: 'bench', scopes: ['search:username'] }, { authorization: `Bearer ${session}` })
  ).key!;
  return { session, key };
}

/** CPU of the server process per request for `requests` requests to `path` with `authorization`. */
async function serverCpuPerRequest(
  url: string,
  pathName: string,
  authorization: string,
  serverCpu: () => number,
  requests: number,
): Promise<number> {
  const run = (amount: number) =>
    autocannon({ url: `${url}${pathName}`, connections: 8, amount, headers: { authorization } });
  await run(500); // warm-up
  const before = serverCpu();
  const result = await run(requests);
  if (result.non2xx > 0) throw new Error(`${pathName}: ${result.non2xx} answers were not 2xx`);
  return (serverCpu() - before) / requests;
}

export async function keyAuthOnServer(url: string, serverCpu: () => number): Promise<Record<string, number>> {
  const { session, key } = await signUp(url);
  const requests = 4000;
  const withKey = await serverCpuPerRequest(url, '/api/v1/searches?limit=1', `Bearer ${key}`, serverCpu, requests);
  const withSession = await serverCpuPerRequest(url, '/me/searches?limit=1', `Bearer ${session}`, serverCpu, requests);
  return {
    requests,
    cpu_ms_per_request_api_key: round3(withKey),
    cpu_ms_per_request_session: round3(withSession),
  };
}
