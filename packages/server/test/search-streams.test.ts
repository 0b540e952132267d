/**
 * Issue 25 item 13: event streams are capped per client (an IPv6 /64), per device and per search, on
 * username and email searches alike; a finished search's replay is built once and shared; an email
 * search's stream is woken by the search bus instead of polling the database. On both stacks, over real
 * sockets (clients told apart by X-Forwarded-For from a trusted loopback proxy).
 */
import { serveEmailChecks } from '@hound/testkit';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createFinishedSearchCache, type FinishedSearchCache } from '../src/features/searches/finished-search-cache.ts';
import { appDeps } from '../src/services.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { fewEmailChecks } from './support/email-checks.ts';
import { type Call, socketClient, untilEnded, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { openEvents, readUntil, type SseStream } from './support/sse-client.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const REGISTERED = 'streamed.person@example.com';
const PER_IP = 5;
const PER_DEVICE = 3;
const PER_SEARCH = 10;
const SITES = 40;
const ROUNDS = 3;

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`event stream limits and replays (${mode.name})`, () => {
    let net: TestInternet;
    let stack: Stack;
    let app: FastifyInstance;
    let finished: FinishedSearchCache;
    let base: string;
    let call: Call;
    let user: TestUser;
    const hanging: string[] = [];

    beforeAll(async () => {
      net = await startTestInternet({ sites: SITES });
      // The streams are under test, not the checks: a few checks per email search.
      const few = fewEmailChecks(net.dir);
      serveEmailChecks(net.internet, few.checks).register(REGISTERED);
      stack = await startStack(mode, {
        createEngine: net.createEngine({ timeoutMs: 60_000, emailCatalogues: [few.file] }),
        noApp: true,
        env: {
          TRUST_PROXY: 'loopback',
          LIMIT_ACTIVE_PER_IP: '100',
          LIMIT_ACTIVE_PER_DEVICE: '100',
          LIMIT_STREAMS_PER_IP: String(PER_IP),
          LIMIT_STREAMS_PER_DEVICE: String(PER_DEVICE),
          LIMIT_STREAMS_PER_SEARCH: String(PER_SEARCH),
          SSE_HEARTBEAT_SECONDS: '0.2',
        },
      });
      // The app with a cache of our own, to count how often a finished search's payload is built.
      finished = createFinishedSearchCache();
      app = await buildApp({ ...appDeps(stack.services, stack.config), finishedSearches: finished });
      base = await app.listen({ port: 0, host: '127.0.0.1' });
      call = socketClient(base);
      user = await createTestUser(stack.services.db.db, { credits: 5 });
      // Three searches that keep running: every site hangs until the suite ends.
      for (const host of net.internet.hosts()) net.internet.fault(host, { kind: 'hang' });
      for (const n of [1, 2, 3]) {
        const started = await call('POST', '/api/search', { username: 'blue', device_id: `device_run${n}` });
        hanging.push(started.json.search_id);
      }
    });
    afterAll(async () => {
      for (const host of net?.internet.hosts() ?? []) net.internet.fault(host, null);
      await app?.close();
      await stack?.close();
      await net?.close();
    });

    /** Opens all `urls` at once (each with its headers); answers the streams and how many got 200 / 429. */
    async function openAll(targets: Array<[string, Record<string, string>]>) {
      const streams = await Promise.all(targets.map(([url, headers]) => openEvents(`${base}${url}`, headers)));
      const ok = streams.filter((s) => s.status === 200).length;
      const refused = streams.filter((s) => s.status === 429).length;
      return { streams, ok, refused };
    }
    /** Closes the streams and waits until the server has let go of their slots. */
    async function closeAll(streams: SseStream[], probe: [string, Record<string, string>]) {
      for (const s of streams) s.close();
      await waitFor(async () => {
        const s = await openEvents(`${base}${probe[0]}`, probe[1]);
        s.close();
        return s.status === 200 ? true : undefined;
      });
      await new Promise((r) => setTimeout(r, 100));
    }
    const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra });

    it(`per search: of 30 parallel streams on one search exactly ${PER_SEARCH} open, the rest 429 (${ROUNDS} rounds)`, async () => {
      const url = `/api/search/${hanging[0]}/events`;
      for (let round = 0; round < ROUNDS; round++) {
        const targets = Array.from({ length: 30 }, (_, i): [string, Record<string, string>] => [
          url,
          from(`198.51.100.${i + 1}`),
        ]);
        const { streams, ok, refused } = await openAll(targets);
        expect([ok, refused]).toEqual([PER_SEARCH, 30 - PER_SEARCH]);
        const extra = await call('GET', url, undefined, from('198.51.100.200'));
        expect(extra.status).toBe(429);
        expect(extra.json).toMatchObject({ code: 'TOO_MANY_STREAMS', error: expect.stringMatching(/this search/) });
        await closeAll(streams, [url, from('198.51.100.201')]);
      }
    });

    it(`per client: one IPv6 /64 gets ${PER_IP} streams of 30, however its addresses vary (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const targets = Array.from({ length: 30 }, (_, i): [string, Record<string, string>] => [
          `/api/search/${hanging[i % 3]}/events`,
          from(`2001:db8:77:1::${(i + 1).toString(16)}`),
        ]);
        const { streams, ok, refused } = await openAll(targets);
        expect([ok, refused]).toEqual([PER_IP, 30 - PER_IP]);
        // Another /64 is another client.
        const other = await openEvents(`${base}/api/search/${hanging[0]}/events`, from('2001:db8:77:2::1'));
        expect(other.status).toBe(200);
        streams.push(other);
        await closeAll(streams, [`/api/search/${hanging[1]}/events`, from('2001:db8:77:1::1')]);
      }
    });

    it(`per device: one device_id gets ${PER_DEVICE} streams of 30, from any address (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const targets = Array.from({ length: 30 }, (_, i): [string, Record<string, string>] => [
          `/api/search/${hanging[i % 3]}/events?device_id=device_many`,
          from(`203.0.113.${i + 1}`),
        ]);
        const { streams, ok, refused } = await openAll(targets);
        expect([ok, refused]).toEqual([PER_DEVICE, 30 - PER_DEVICE]);
        await closeAll(streams, [`/api/search/${hanging[2]}/events?device_id=device_many`, from('203.0.113.99')]);
      }
    });

    it('replays a finished search from one payload built once, however many read it at once', async () => {
      for (const host of net.internet.hosts()) net.internet.fault(host, null);
      const started = await call('POST', '/api/search', { username: 'blue', device_id: 'device_replay' });
      const id = started.json.search_id;
      // untilEnded's last status call built (and cached) the finished search's status answer.
      await untilEnded(call, id);
      const before = finished.stats().builds;
      for (let round = 0; round < ROUNDS; round++) {
        const replays = await Promise.all(
          Array.from({ length: 30 }, async (_, i) => {
            const after = i % 2 === 0 ? 0 : 35;
            const stream = await openEvents(
              `${base}/api/search/${id}/events?after=${after}`,
              from(`10.9.${round}.${i}`),
            );
            return { after, messages: await readUntil(stream, () => false) };
          }),
        );
        for (const { after, messages } of replays) {
          const seqs = messages.filter((m) => m.event === 'result').map((m) => Number(m.id));
          expect(seqs).toEqual(Array.from({ length: SITES - after }, (_, k) => after + k + 1));
          expect(messages.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
        }
        const statuses = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            call('GET', `/api/search/status/${id}`, undefined, from(`10.8.${round}.${i}`)),
          ),
        );
        for (const s of statuses) expect(Object.keys(s.json.result.results)).toHaveLength(SITES);
      }
      // 90 replays and 90 status answers since: the replay payload was built once, the status not again.
      expect(finished.stats().builds - before).toBe(1);
    });

    it('an email search stream gets results pushed as they are stored, not at the next poll', async () => {
      // Every email check answers after 800 ms: nothing is stored when the stream opens.
      for (const host of net.internet.hosts()) net.internet.fault(host, { kind: 'latency', ms: 800 });
      const started = await call('POST', '/api/email/searches', { email: REGISTERED }, user.headers);
      const opened = Date.now();
      const stream = await openEvents(`${base}/api/email/searches/${started.json.search_id}/events`, {
        ...user.headers,
        ...from('192.0.2.250'),
      });
      const first = await stream.next();
      const firstAt = Date.now() - opened;
      const rest = await readUntil(stream, () => false);
      const doneAt = Date.now() - opened;
      expect(first?.event).toBe('result');
      expect(rest.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
      // The safety poll is 5 s: arriving well before it means the bus woke the stream.
      expect(firstAt).toBeLessThan(3_500);
      expect(doneAt).toBeLessThan(4_000);
    });

    // After the push test: this one leaves an email search whose every request hangs, holding the connection
    // slots of the hosts several email checks share (the push test's checks would queue behind them).
    it('email search streams: 30 parallel streams on one search are not all accepted', async () => {
      // A search that keeps running while the streams open and close: every site hangs.
      for (const host of net.internet.hosts()) net.internet.fault(host, { kind: 'hang' });
      const started = await call('POST', '/api/email/searches', { email: REGISTERED }, user.headers);
      const url = `/api/email/searches/${started.json.search_id}/events`;
      for (let round = 0; round < ROUNDS; round++) {
        const targets = Array.from({ length: 30 }, (_, i): [string, Record<string, string>] => [
          url,
          from(`192.0.2.${i + 1}`, user.headers),
        ]);
        const { streams, ok, refused } = await openAll(targets);
        // The signed-in user is the stream's device: their cap binds first.
        expect([ok, refused]).toEqual([PER_DEVICE, 30 - PER_DEVICE]);
        await closeAll(streams, [url, from('192.0.2.200', user.headers)]);
      }
    });

    it.skipIf(!mode.scale)('an idle email search stream does not read the database while nothing changes', async () => {
      for (const host of net.internet.hosts()) net.internet.fault(host, { kind: 'hang' });
      const started = await call('POST', '/api/email/searches', { email: REGISTERED }, user.headers);
      const url = `${base}/api/email/searches/${started.json.search_id}/events`;
      const streams = await Promise.all(
        [1, 2, 3].map((i) => openEvents(url, { ...user.headers, ...from(`192.0.2.${230 + i}`) })),
      );
      await new Promise((r) => setTimeout(r, 300));
      // Hold the results table for a second: a stream that polls would queue behind the lock.
      const admin = new pg.Client({ connectionString: stack.config.databaseUrl });
      await admin.connect();
      try {
        await admin.query('begin');
        await admin.query('lock table email_search_results in access exclusive mode');
        await new Promise((r) => setTimeout(r, 1_000));
        const waiting = await new pg.Client({ connectionString: stack.config.databaseUrl });
        await waiting.connect();
        const { rows } = await waiting.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        await waiting.end();
        expect(rows[0].n).toBe(0);
        await admin.query('rollback');
      } finally {
        await admin.end();
        for (const s of streams) s.close();
      }
    });
  });
}
