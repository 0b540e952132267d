/**
 * More searches at once than the old fixed cap of 25 on the default single process (issue 41 item 12,
 * decision 152): every admitted search runs at once, sharing the engine's per-host limits in turn — none
 * waits in line for another to finish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectClient, untilEnded } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const SEARCHES = 40;
const SITES = 20;
const PER_HOST = 2;
const inProcess = MODES[0]!;

describe(`${SEARCHES} searches at once on ${inProcess.name}, WORKER_CONCURRENCY unset`, () => {
  let net: TestInternet;
  let stack: Stack;
  beforeAll(async () => {
    // Every answer takes a while: a search lasts several rounds of every host's limit.
    net = await startTestInternet({ sites: SITES, latency: { medianMs: 80, p99Ms: 150 } });
    stack = await startStack(inProcess, {
      createEngine: net.createEngine({ perHostConcurrency: PER_HOST }),
      env: {
        LIMIT_ACTIVE_PER_IP: '1000',
        LIMIT_ACTIVE_PER_DEVICE: '1',
        LIMIT_DAILY_PER_IP: '100000',
        LIMIT_DAILY_PER_DEVICE: '1',
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
    await net?.close();
  });

  it('runs them all at once: every search starts before any completes', async () => {
    expect(stack.config.workerConcurrency).toBe(stack.config.limits.activeGlobal);
    const call = injectClient(stack.app);
    const answers = await Promise.all(
      Array.from({ length: SEARCHES }, (_, i) =>
        call('POST', '/api/search', { username: `fair${i}`, device_id: `device_f${i}` }),
      ),
    );
    const ids: string[] = answers.map((a) => a.json.search_id);
    expect(answers.every((a) => a.json.status === 'started')).toBe(true);
    const finals = await Promise.all(ids.map((id) => untilEnded(call, id, 120_000)));
    expect(finals.map((f) => f.status)).toEqual(Array(SEARCHES).fill('completed'));
    // When each was claimed by the worker (its first result follows) and when each completed: with a
    // fixed cap below 40, the searches past it start only once an earlier one has completed.
    const lastStart = Math.max(...finals.map((f) => Date.parse(f.started_at)));
    const firstEnd = Math.min(...finals.map((f) => Date.parse(f.finished_at)));
    expect(lastStart).toBeLessThan(firstEnd);
    for (const host of net.internet.hosts()) {
      expect(net.internet.log.peakConcurrency(host), host).toBeLessThanOrEqual(PER_HOST);
    }
  }, 180_000);
});
