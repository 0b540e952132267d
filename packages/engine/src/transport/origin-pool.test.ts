import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, startFixtureServer } from './fixture-server.ts';
import { OriginPool } from './origin-pool.ts';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({
    '/ok': (_req, res) => res.writeHead(200).end('ok'),
    '/slow': (_req, res) => setTimeout(() => res.writeHead(200).end('slow'), 150),
    '/hang': () => {},
  });
});
afterAll(() => server.close());

const agent = (connections: number, keepAliveMs = 2_000) =>
  new Agent({
    connections,
    keepAliveTimeout: keepAliveMs,
    keepAliveMaxTimeout: keepAliveMs,
    factory: (origin, opts) => new OriginPool(origin, opts),
  });

async function get(dispatcher: Agent, path: string): Promise<string> {
  const res = await request(`${server.url}${path}`, { dispatcher });
  return res.body.text();
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('OriginPool as the Agent’s per-origin dispatcher', () => {
  it('sends requests one after another over one connection', async () => {
    const dispatcher = agent(4);
    const before = server.connections();
    for (let i = 0; i < 5; i++) {
      expect(await get(dispatcher, '/ok')).toBe('ok');
      await nextTurn();
    }
    expect(server.connections() - before).toBe(1);
    await dispatcher.close();
  });

  it('opens up to `connections` sockets for concurrent requests, then shares them', async () => {
    const dispatcher = agent(2);
    const before = server.connections();
    const bodies = await Promise.all(Array.from({ length: 6 }, () => get(dispatcher, '/slow')));
    expect(bodies).toEqual(Array(6).fill('slow'));
    expect(server.connections() - before).toBe(2);
    expect(server.peak('/slow')).toBeLessThanOrEqual(2);
    await dispatcher.close();
  });

  it('lets the Agent drop an origin whose connections timed out, and serves it again later', async () => {
    const dispatcher = agent(4, 100);
    expect(await get(dispatcher, '/ok')).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.openSockets()).toBe(0);
    expect(await get(dispatcher, '/ok')).toBe('ok');
    await dispatcher.close();
  });

  it('destroy fails what is in flight and refuses new requests', async () => {
    const pool = new OriginPool(server.url, { connections: 2 });
    const hanging = request(`${server.url}/hang`, { dispatcher: pool });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.destroy(new Error('shutting down'));
    await expect(hanging).rejects.toThrow();
    expect(pool.destroyed).toBe(true);
    expect(() => pool.dispatch({ origin: server.url, path: '/ok', method: 'GET' }, {})).toThrow(/closed/);
  });
});
