import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Internet, startInternet } from '../src/index.ts';
import { fetchWith } from './helpers.ts';

const data = {
  Alpha: {
    errorType: 'message',
    errorMsg: 'No such user',
    url: 'https://alpha.test/u/{}',
    urlMain: 'https://alpha.test/',
    username_claimed: 'alice',
  },
  Beta: {
    errorType: 'status_code',
    url: 'https://beta.test/{}',
    urlMain: 'https://beta.test/',
    username_claimed: 'bob',
  },
};

let internet: Internet;
beforeAll(async () => {
  internet = await startInternet({ catalogues: [{ format: 'sherlock', data }] });
});
afterAll(() => internet.close());

/** A control call over HTTP, as another process (a server under test) makes it. */
async function control(path: string, body: unknown) {
  const direct = new Agent();
  const response = await request(`http://127.0.0.1:${internet.port}${path}`, {
    dispatcher: direct,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.body.text();
  await direct.close();
  return { status: response.statusCode, json: JSON.parse(text) as Record<string, unknown> };
}

const status = async (url: string) => (await fetchWith(internet.dispatcher, url)).status;

describe('run-time accounts', () => {
  it('register and unregister in process: an account appears and goes', async () => {
    expect(await status('https://beta.test/carol')).toBe(404);
    internet.register('beta.test', 'carol');
    expect(await status('https://beta.test/carol')).toBe(200);
    internet.unregister('beta.test', 'carol');
    expect(await status('https://beta.test/carol')).toBe(404);
  });

  it("unregister removes the catalogue's own known account too", async () => {
    expect(await status('https://beta.test/bob')).toBe(200);
    internet.unregister('beta.test', 'bob');
    expect(await status('https://beta.test/bob')).toBe(404);
    internet.register('beta.test', 'bob');
  });

  it('over HTTP: /_fake/register and /_fake/unregister', async () => {
    expect(await control('/_fake/register', { host: 'alpha.test', username: 'dave' })).toEqual({
      status: 200,
      json: { ok: true },
    });
    const found = await fetchWith(internet.dispatcher, 'https://alpha.test/u/dave');
    expect(found.body).not.toContain('No such user');
    expect((await control('/_fake/unregister', { host: 'alpha.test', username: 'dave' })).status).toBe(200);
    expect((await fetchWith(internet.dispatcher, 'https://alpha.test/u/dave')).body).toContain('No such user');
  });

  it('bad control calls change nothing and say why', async () => {
    expect(await control('/_fake/register', { host: 'nowhere.test', username: 'x' })).toMatchObject({ status: 400 });
    expect(await control('/_fake/register', { host: 'alpha.test' })).toMatchObject({ status: 400 });
    expect(await control('/_fake/register', 'not json')).toMatchObject({ status: 400 });
    expect(await control('/_fake/fault', { host: 'alpha.test', fault: { kind: 'nonsense' } })).toMatchObject({
      status: 400,
    });
    expect(await control('/_fake/nothing', { host: 'alpha.test' })).toMatchObject({ status: 404 });
    expect(await status('https://alpha.test/u/alice')).toBe(200);
  });

  it('a fake site never answers the controls: they live on the testkit address only', async () => {
    const answer = await fetchWith(internet.dispatcher, 'https://beta.test/_fake/register', {
      method: 'POST',
      body: JSON.stringify({ host: 'beta.test', username: 'eve' }),
    });
    expect(answer.body).not.toContain('"ok"');
    expect(await status('https://beta.test/eve')).toBe(404);
  });
});

describe('flapping sites', () => {
  it('a flap alternates between the real answer and the block page, seeded per request', async () => {
    expect(
      (
        await control('/_fake/fault', {
          host: 'beta.test',
          fault: { kind: 'flap', fault: { kind: 'waf', vendor: 'cloudflare' } },
        })
      ).status,
    ).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push(await status('https://beta.test/bob'));
    const blocked = statuses.filter((s) => s === 403 || s === 503).length;
    const real = statuses.filter((s) => s === 200).length;
    expect(blocked + real).toBe(40);
    expect(blocked).toBeGreaterThan(5);
    expect(real).toBeGreaterThan(5);
    internet.fault('beta.test', null);
  });

  it('share 0 never blocks and share 1 always does; a flap inside a flap is refused', async () => {
    internet.fault('beta.test', { kind: 'flap', share: 0, fault: { kind: 'status', status: 503 } });
    for (let i = 0; i < 5; i++) expect(await status('https://beta.test/bob')).toBe(200);
    internet.fault('beta.test', { kind: 'flap', share: 1, fault: { kind: 'status', status: 503 } });
    for (let i = 0; i < 5; i++) expect(await status('https://beta.test/bob')).toBe(503);
    expect(() =>
      internet.fault('beta.test', { kind: 'flap', fault: { kind: 'flap', fault: { kind: 'hang' } } }),
    ).toThrow(/other than flap/);
    internet.fault('beta.test', null);
  });
});
