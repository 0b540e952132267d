/**
 * Issue 28 item 4, against the real server process: GET /metrics in the Prometheus text format, only with
 * METRICS_TOKEN set and only to its bearer token; the counters move by what a username search, a sign-up,
 * an email search, webhooks and a cancelled streamed search did; the token never reaches the log.
 */

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeStripe, type SmtpSink, serveEmailChecks, startFakeStripe, startSmtpSink } from '@hound/testkit';
import Stripe from 'stripe';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/env.ts';
import { SHIPPED_EMAIL_CHECKS } from './support/email-checks.ts';
import { type Call, injectClient, socketClient, untilEnded, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { type Child, runEntry, seedDatabase, workerEnv } from './support/processes.ts';
import { type Family, parsePrometheusText, sampleSum } from './support/prometheus-text.ts';
import { createTestDatabase, deleteRedisPrefix, MODES, REDIS_URL, type Stack, startStack } from './support/stacks.ts';
import { startTcpRelay } from './support/tcp-relay.ts';

const TOKEN = `metrics-${randomBytes(16).toString('hex')}`;
const REGISTERED = 'metrics.person@example.com';
const SITES = 12;
const checks = SHIPPED_EMAIL_CHECKS.filter((c) => !c.loud && !c.needs);

const children: Child[] = [];
const dirs: string[] = [];

async function startMain(env: Record<string, string>): Promise<{ child: Child; url: string }> {
  const dataDir = seedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'hound-metrics-')));
  dirs.push(dataDir);
  const child = runEntry('main', {
    DATA_DIR: dataDir,
    PORT: '0',
    HEALTH_CHECK_INTERVAL_HOURS: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    ...env,
  });
  children.push(child);
  await child.waitForOutput('Hound server ready', 120_000);
  const port = child.output().match(/Server listening at http:\/\/[^:]+:(\d+)/)![1]!;
  return { child, url: `http://127.0.0.1:${port}` };
}

async function scrape(url: string, authorization?: string) {
  const res = await request(`${url}/metrics`, { headers: authorization ? { authorization } : {} });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

afterAll(async () => {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`GET /metrics (${mode.name})`, () => {
    let net: TestInternet;
    let smtp: SmtpSink;
    let stripe: FakeStripe;
    let server: { child: Child; url: string };
    let call: Call;
    let cleanup = async () => {};

    beforeAll(async () => {
      net = await startTestInternet({ sites: SITES });
      serveEmailChecks(net.internet, checks).register(REGISTERED);
      smtp = await startSmtpSink();
      stripe = await startFakeStripe();
      let shared: Record<string, string> = {};
      if (mode.scale) {
        const database = await createTestDatabase();
        const prefix = `hound-test-${randomBytes(4).toString('hex')}`;
        shared = { DATABASE_URL: database.url, REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix };
        cleanup = async () => {
          await database.drop();
          await deleteRedisPrefix(prefix);
        };
      }
      server = await startMain({
        ...shared,
        ...stripe.settings,
        HOUND_CATALOGUES: net.catalogueFile,
        HOUND_PROXY: net.internet.proxyUrl,
        HOUND_CA_FILE: net.internet.caFile,
        SMTP_URL: smtp.url,
        METRICS_TOKEN: TOKEN,
        // The most the log ever says: the token must not be in it even then.
        LOG_LEVEL: 'trace',
        SSE_HEARTBEAT_SECONDS: '0.2',
      });
      call = socketClient(server.url);
    }, 180_000);
    afterAll(async () => {
      server?.child.process.kill('SIGTERM');
      await server?.child.exited;
      await cleanup();
      await stripe?.close();
      await smtp?.close();
      await net?.close();
    });

    const read = async (): Promise<Map<string, Family>> => {
      const answer = await scrape(server.url, `Bearer ${TOKEN}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return parsePrometheusText(answer.text);
    };

    it('answers every family in the text format, all named hound_*, process metrics included', async () => {
      const families = await read();
      for (const name of families.keys()) expect(name).toMatch(/^hound_/);
      for (const name of [
        'hound_searches_started_total',
        'hound_searches_ended_total',
        'hound_search_duration_seconds',
        'hound_checks_total',
        'hound_check_duration_seconds',
        'hound_job_wait_seconds',
        'hound_queue_depth',
        'hound_event_streams_open',
        'hound_email_searches_started_total',
        'hound_credits_granted',
        'hound_credits_spent',
        'hound_webhook_events_total',
        'hound_mails_sent_total',
        'hound_mail_attempts_failed_total',
        'hound_mails_failed_total',
        'hound_mail_outbox',
        'hound_catalogue_state',
        'hound_sites',
        'hound_process_cpu_user_seconds_total',
        'hound_process_resident_memory_bytes',
        'hound_nodejs_eventloop_lag_seconds',
      ]) {
        expect(families.has(name), name).toBe(true);
      }
      await waitFor(async () =>
        sampleSum(await read(), 'hound_catalogue_state', { state: 'ready' }) === 1 ? true : undefined,
      );
      const ready = await read();
      expect(sampleSum(ready, 'hound_catalogue_state', { state: 'loading' })).toBe(0);
      expect(sampleSum(ready, 'hound_sites')).toBe(SITES);
      expect(sampleSum(ready, 'hound_sites', { health: 'untested' })).toBe(SITES);
      expect(sampleSum(ready, 'hound_queue_depth')).toBe(0);
    }, 60_000);

    it('counts a username search: started, completed, its checks by verdict, its durations and wait', async () => {
      const before = await read();
      const start = await call('POST', '/api/search', { username: 'blue', device_id: 'metrics_device' });
      expect(start.json.status).toBe('started');
      const ended = await untilEnded(call, start.json.search_id, 30_000);
      expect(ended.status).toBe('completed');
      const after = await read();
      const moved = (name: string, labels: Record<string, string> = {}) =>
        sampleSum(after, name, labels) - sampleSum(before, name, labels);
      expect(moved('hound_searches_started_total')).toBe(1);
      expect(moved('hound_searches_ended_total', { status: 'completed' })).toBe(1);
      expect(moved('hound_searches_ended_total')).toBe(1);
      expect(moved('hound_search_duration_seconds_count', { status: 'completed' })).toBe(1);
      expect(moved('hound_job_wait_seconds_count')).toBe(1);
      expect(moved('hound_checks_total')).toBe(SITES);
      expect(moved('hound_check_duration_seconds_count')).toBe(SITES);
      // The verdicts the metrics count are the ones the search answered.
      const found = ended.result.total_found as number;
      expect(found).toBeGreaterThan(0);
      expect(moved('hound_checks_total', { verdict: 'found', reason: '' })).toBe(found);
      expect(moved('hound_checks_total', { verdict: 'not_found', reason: '' })).toBe(SITES - found);
    }, 60_000);

    it('counts a sign-up (mail sent, credits granted) and an email search (credit spent)', async () => {
      const before = await read();
      const sent = smtp.mails().length;
      await call('POST', '/auth/register/send-otp', {
        first_name: 'Mia',
        last_name: 'Tric',
        email: REGISTERED,
        date_of_birth: '1990-01-01',
      });
      const mail = await smtp.waitForMail({ to: REGISTERED, after: sent });
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      const verified = await call('POST', '/auth/register/verify-otp', { email: REGISTERED, code });
      expect(verified.status).toBe(200);
      const auth = { authorization: `Bearer ${verified.json.access_token}` };
      const search = await call('POST', '/api/email/search', { email: REGISTERED }, auth);
      expect(search.status).toBe(200);
      expect(search.json.accounts.length).toBeGreaterThan(0);

      const after = await read();
      const moved = (name: string, labels: Record<string, string> = {}) =>
        sampleSum(after, name, labels) - sampleSum(before, name, labels);
      expect(moved('hound_mails_sent_total')).toBe(1);
      expect(moved('hound_mail_attempts_failed_total')).toBe(0);
      expect(moved('hound_credits_granted', { kind: 'signup_grant' })).toBe(3);
      expect(moved('hound_credits_granted')).toBe(3);
      expect(moved('hound_credits_spent', { kind: 'reserve' })).toBe(1);
      expect(moved('hound_credits_spent')).toBe(1);
      expect(moved('hound_email_searches_started_total')).toBe(1);
      expect(sampleSum(after, 'hound_mail_outbox', { status: 'pending' })).toBe(0);
    }, 60_000);

    it('counts Stripe webhook deliveries by outcome: invalid, processed, duplicate', async () => {
      const before = await read();
      const payload = JSON.stringify({
        id: `evt_metrics_${mode.scale ? 'pg' : 'pglite'}`,
        object: 'event',
        type: 'ping',
        data: { object: {} },
      });
      const sdk = new Stripe(stripe.secretKey);
      const send = async (signature: string) => {
        const res = await request(`${server.url}/billing/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
        await res.body.dump();
        return res.statusCode;
      };
      expect(await send('t=1,v1=bad')).toBe(400);
      const good = () =>
        sdk.webhooks.generateTestHeaderString({ payload, secret: stripe.settings.STRIPE_WEBHOOK_SECRET });
      expect(await send(good())).toBe(200);
      expect(await send(good())).toBe(200);
      const after = await read();
      const moved = (outcome: string) =>
        sampleSum(after, 'hound_webhook_events_total', { outcome }) -
        sampleSum(before, 'hound_webhook_events_total', { outcome });
      expect([moved('invalid'), moved('processed'), moved('duplicate'), moved('failed')]).toEqual([1, 1, 1, 0]);
    }, 60_000);

    it('shows an open event stream and counts its search cancelled', async () => {
      for (const host of net.internet.hosts()) net.internet.fault(host, { kind: 'latency', ms: 20_000 });
      const before = await read();
      const start = await call('POST', '/api/search', { username: 'slowpoke', device_id: 'metrics_device' });
      expect(start.json.status).toBe('started');
      const id = start.json.search_id as string;
      const stream = await request(`${server.url}/api/search/${id}/events?device_id=metrics_device`);
      expect(stream.statusCode).toBe(200);
      const streams = async () => sampleSum(await read(), 'hound_event_streams_open');
      expect(await streams()).toBe(1);
      const cancelled = await call('DELETE', `/api/search/${id}?device_id=metrics_device`);
      expect(cancelled.json.status).toBe('cancelled');
      await stream.body.text();
      await waitFor(async () => ((await streams()) === 0 ? true : undefined));
      const after = await read();
      expect(
        sampleSum(after, 'hound_searches_ended_total', { status: 'cancelled' }) -
          sampleSum(before, 'hound_searches_ended_total', { status: 'cancelled' }),
      ).toBe(1);
      for (const host of net.internet.hosts()) net.internet.fault(host, null);
    }, 60_000);

    it('refuses a missing or wrong token with 401, and never logs the token', async () => {
      for (const authorization of [
        undefined,
        'Bearer wrong-token-of-some-length',
        `Basic ${TOKEN}`,
        `Bearer ${TOKEN}x`,
        TOKEN,
      ]) {
        const answer = await scrape(server.url, authorization);
        expect(answer.status, String(authorization)).toBe(401);
        expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(JSON.parse(answer.text).code).toBe('METRICS_UNAUTHORIZED');
        expect(answer.text).not.toContain('hound_');
      }
      expect(server.child.output()).toContain('"path":"/metrics"');
      expect(server.child.output()).not.toContain(TOKEN);
    });
  });
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is a 404, with or without a bearer token', async () => {
    const { child, url } = await startMain({ HOUND_PROXY: 'http://127.0.0.1:9' });
    for (const authorization of [undefined, 'Bearer anything-at-all-here']) {
      const answer = await scrape(url, authorization);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text).code).toBe('NOT_FOUND');
    }
    child.process.kill('SIGTERM');
    await child.exited;
  }, 180_000);

  it('refuses a token shorter than 16 characters at start, without echoing it', () => {
    expect(() => readConfig({ METRICS_TOKEN: 'short-secret' }, '/')).toThrow(/METRICS_TOKEN: must be at least 16/);
    try {
      readConfig({ METRICS_TOKEN: 'short-secret' }, '/');
    } catch (error) {
      expect((error as Error).message).not.toContain('short-secret');
    }
  });
});

const scale = MODES.find((m) => m.scale)!;

describe.skipIf(scale.skip)('worker metrics (PostgreSQL + Redis)', () => {
  let net: TestInternet;
  let api: Stack;

  beforeAll(async () => {
    net = await startTestInternet({ sites: SITES });
    api = await startStack(scale, { createEngine: net.createEngine(), runSearches: false });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await net?.close();
  });

  it('the API counts the BullMQ backlog; a worker serves its own /metrics with the searches it ran', async () => {
    const apiCall = injectClient(api.app);
    const start = await apiCall('POST', '/api/search', { username: 'blue', device_id: 'worker_metrics' });
    expect(start.json.status).toBe('started');
    const apiMetrics = parsePrometheusText(await api.services.metrics.registry.metrics());
    expect(sampleSum(apiMetrics, 'hound_queue_depth')).toBe(1);
    expect(sampleSum(apiMetrics, 'hound_searches_started_total')).toBe(1);

    const worker = runEntry('worker', { ...workerEnv(api, net, 'worker'), METRICS_TOKEN: TOKEN, METRICS_PORT: '0' });
    children.push(worker);
    await worker.waitForOutput('Hound worker ready', 60_000);
    const port = /"port":(\d+)[^\n]*worker metrics at \/metrics/.exec(worker.output())![1]!;
    const url = `http://127.0.0.1:${port}`;
    const ended = await untilEnded(apiCall, start.json.search_id, 30_000);
    expect(ended.status).toBe('completed');

    const answer = await scrape(url, `Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    const families = parsePrometheusText(answer.text);
    for (const name of families.keys()) expect(name).toMatch(/^hound_/);
    expect(sampleSum(families, 'hound_searches_ended_total', { status: 'completed' })).toBe(1);
    expect(sampleSum(families, 'hound_checks_total')).toBe(SITES);
    expect(sampleSum(families, 'hound_job_wait_seconds_count')).toBe(1);
    expect(sampleSum(families, 'hound_queue_depth')).toBe(0);
    expect(sampleSum(families, 'hound_process_resident_memory_bytes')).toBeGreaterThan(0);
    for (const authorization of [undefined, 'Bearer not-the-token-at-all']) {
      const refused = await scrape(url, authorization);
      expect(refused.status).toBe(401);
      expect(refused.text).not.toContain('hound_');
    }
    expect((await request(`${url}/other`)).statusCode).toBe(404);
    expect(worker.output()).not.toContain(TOKEN);
    worker.process.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 120_000);

  it('refuses METRICS_PORT without METRICS_TOKEN at start', () => {
    expect(() => readConfig({ METRICS_PORT: '9100' }, '/')).toThrow(/METRICS_PORT: it needs METRICS_TOKEN/);
  });
});

describe.skipIf(scale.skip)('GET /metrics with Redis away', () => {
  it('still answers, within a few seconds, with every family (the queue depth keeps its last value)', async () => {
    const target = new URL(REDIS_URL!);
    const relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 6379) });
    const prefix = `hound-test-${randomBytes(4).toString('hex')}`;
    try {
      const { child, url } = await startMain({
        HOUND_PROXY: 'http://127.0.0.1:9',
        REDIS_URL: `redis://127.0.0.1:${relay.port}`,
        REDIS_PREFIX: prefix,
        REDIS_TIMEOUT_SECONDS: '1',
        METRICS_TOKEN: TOKEN,
      });
      const scrapeTimed = async () => {
        const started = Date.now();
        const answer = await scrape(url, `Bearer ${TOKEN}`);
        return { ...answer, ms: Date.now() - started };
      };
      const before = await scrapeTimed();
      expect(before.status).toBe(200);
      expect(sampleSum(parsePrometheusText(before.text), 'hound_queue_depth')).toBe(0);
      relay.blackhole();
      const away = await scrapeTimed();
      expect(away.status).toBe(200);
      expect(away.ms).toBeLessThan(5000);
      const families = parsePrometheusText(away.text);
      expect(families.has('hound_queue_depth')).toBe(true);
      expect(families.has('hound_searches_started_total')).toBe(true);
      child.process.kill('SIGTERM');
      await child.exited;
    } finally {
      await relay.close();
      await deleteRedisPrefix(prefix);
    }
  }, 120_000);
});
