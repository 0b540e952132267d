import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Internet, startInternet } from '../src/index.ts';
import { sherlockFixture } from './fixtures.ts';
import { eventually, fetchWith, proxyAgent } from './helpers.ts';

let internet: Internet;

beforeAll(async () => {
  internet = await startInternet({ catalogues: [{ format: 'sherlock', data: sherlockFixture }] });
});
afterAll(() => internet.close());

describe('request log', () => {
  it('records method, absolute URL, headers and timestamps per host', async () => {
    internet.log.reset();
    const before = Date.now();
    const agent = new Agent({ connect: internet.connect });
    await fetchWith(agent, 'https://github.com/octocat', {
      method: 'HEAD',
      headers: { 'user-agent': 'hound-test/1' },
    });
    await fetchWith(agent, 'https://linky.test/@ann');
    await agent.close();
    expect(internet.log.count()).toBe(2);
    expect(internet.log.count('github.com')).toBe(1);
    expect(internet.log.count('GitHub.com')).toBe(1);
    expect(internet.log.count('elsewhere.test')).toBe(0);
    const [entry] = internet.log.requests('github.com');
    expect(entry).toMatchObject({ host: 'github.com', method: 'HEAD', url: 'https://github.com/octocat' });
    expect(entry?.headers['user-agent']).toBe('hound-test/1');
    expect(entry?.startedAt).toBeGreaterThanOrEqual(before);
    expect(entry?.endedAt).toBeGreaterThanOrEqual(entry?.startedAt ?? Number.POSITIVE_INFINITY);
    expect(internet.log.requests().map((r) => r.host)).toEqual(['github.com', 'linky.test']);
  });

  it('peak concurrency counts requests in flight at the same time, per host', async () => {
    internet.log.reset();
    internet.fault('slidey.test', { kind: 'latency', ms: 200 });
    const agent = new Agent({ connect: internet.connect, connections: 20 });
    await Promise.all(Array.from({ length: 12 }, (_, i) => fetchWith(agent, `https://slidey.test/user${i}`)));
    await fetchWith(agent, 'https://github.com/octocat');
    await fetchWith(agent, 'https://github.com/octocat');
    expect(internet.log.count('slidey.test')).toBe(12);
    expect(internet.log.peakConcurrency('slidey.test')).toBe(12);
    expect(internet.log.peakConcurrency('github.com')).toBe(1);
    expect(internet.log.peakConcurrency('never.test')).toBe(0);
    internet.fault('slidey.test', null);
    await agent.close();
  });

  it('counts the sockets currently open, proxy tunnels included', async () => {
    // Every earlier test closed its clients; wait for the server to see the last FIN.
    expect(await eventually(() => internet.log.openConnections() === 0)).toBe(true);
    const agent = new Agent({ connect: internet.connect, connections: 5 });
    internet.fault('slidey.test', { kind: 'latency', ms: 100 });
    await Promise.all(Array.from({ length: 5 }, (_, i) => fetchWith(agent, `https://slidey.test/n${i}`)));
    expect(internet.log.openConnections()).toBe(5); // kept alive by the agent
    await agent.close();
    expect(await eventually(() => internet.log.openConnections() === 0)).toBe(true);
    const proxy = proxyAgent(internet);
    await fetchWith(proxy, 'https://github.com/octocat');
    expect(internet.log.openConnections()).toBe(1); // one CONNECT tunnel
    await proxy.close();
    expect(await eventually(() => internet.log.openConnections() === 0)).toBe(true);
    internet.fault('slidey.test', null);
  });

  it('keeps at most logLimit entries but exact counts', async () => {
    const small = await startInternet({ catalogues: [{ format: 'sherlock', data: sherlockFixture }], logLimit: 3 });
    for (let i = 0; i < 10; i++) await fetchWith(small.dispatcher, `https://github.com/u${i}`);
    expect(small.log.count('github.com')).toBe(10);
    expect(small.log.requests().map((r) => r.url)).toEqual([
      'https://github.com/u7',
      'https://github.com/u8',
      'https://github.com/u9',
    ]);
    await small.close();
  });
});
