import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Internet, startInternet } from '../src/index.ts';
import { maigretFixture, sherlockFixture, whatsMyNameFixture } from './fixtures.ts';
import { curl, fetchWith, proxyAgent, randomUsername } from './helpers.ts';

let internet: Internet;
let proxy: ReturnType<typeof proxyAgent>;

beforeAll(async () => {
  internet = await startInternet({
    catalogues: [
      { format: 'sherlock', data: sherlockFixture },
      { format: 'whatsmyname', data: whatsMyNameFixture },
      { format: 'maigret', data: maigretFixture },
    ],
  });
  proxy = proxyAgent(internet);
});

afterAll(async () => {
  await proxy.close();
  await internet.close();
});

describe('served catalogue', () => {
  it('serves every routable entry and reports the others', () => {
    expect(internet.siteCount).toBe(9);
    expect(internet.skipped()).toEqual([
      { format: 'sherlock', name: 'Gopher', reason: 'protocol gopher: is not HTTP' },
      { format: 'maigret', name: 'Onion', reason: 'protocol tor is not HTTP' },
    ]);
    expect(internet.conflicts()).toEqual([]);
    expect(internet.hosts()).toEqual(
      expect.arrayContaining(['github.com', '{username}.shoply.test', 'forum.one.test']),
    );
    const github = internet.sites().find((s) => s.name === 'GitHub');
    expect(github).toMatchObject({ format: 'sherlock', host: 'github.com', claimed: ['octocat'], method: 'HEAD' });
  });
});

describe('Sherlock status_code site through the proxy', () => {
  it('curl: claimed → 200, random → 404', async () => {
    const claimed = await curl(internet, 'https://github.com/octocat');
    expect(claimed.status).toBe(200);
    expect(claimed.body).toContain('octocat');
    expect((await curl(internet, `https://github.com/${randomUsername()}`)).status).toBe(404);
  });

  it('undici ProxyAgent with HEAD (the method Sherlock uses) and GET', async () => {
    expect((await fetchWith(proxy, 'https://github.com/octocat', { method: 'HEAD' })).status).toBe(200);
    expect((await fetchWith(proxy, `https://github.com/${randomUsername()}`, { method: 'HEAD' })).status).toBe(404);
    expect((await fetchWith(proxy, 'https://github.com/octocat')).status).toBe(200);
  });

  it('the www. twin of a served host answers like the host itself', async () => {
    expect((await curl(internet, 'https://www.github.com/octocat')).status).toBe(200);
    expect((await curl(internet, `https://www.github.com/${randomUsername()}`)).status).toBe(404);
  });

  it('plain http: absolute-form (curl) and CONNECT-tunnelled (undici) requests reach the same handler', async () => {
    expect((await curl(internet, 'http://github.com/octocat')).status).toBe(200);
    expect((await curl(internet, `http://github.com/${randomUsername()}`)).status).toBe(404);
    expect((await fetchWith(proxy, 'http://github.com/octocat')).status).toBe(200);
    expect((await fetchWith(proxy, `http://github.com/${randomUsername()}`)).status).toBe(404);
  });

  it('register() adds a username; errorCode counts as missing', async () => {
    const name = randomUsername();
    internet.register('github.com', name);
    expect((await fetchWith(internet.dispatcher, `https://github.com/${name}`)).status).toBe(200);
    expect((await fetchWith(internet.dispatcher, 'https://slidey.test/deck')).status).toBe(200);
    expect((await fetchWith(internet.dispatcher, 'https://slidey.test/nobody1')).status).toBe(204);
  });
});

describe("a site's own headers", () => {
  it('every answer of a site carries its stack: the same server and header names, new per-request values', async () => {
    const answers = [
      await fetchWith(internet.dispatcher, 'https://github.com/octocat'),
      await fetchWith(internet.dispatcher, `https://github.com/${randomUsername()}`),
      await fetchWith(internet.dispatcher, `https://github.com/${randomUsername()}`, { method: 'HEAD' }),
      await fetchWith(internet.dispatcher, 'https://github.com/no/such/page'),
    ];
    const generic = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    const names = answers.map((a) =>
      Object.keys(a.headers)
        .filter((n) => !generic.has(n))
        .sort(),
    );
    // A stack never consists of the media type alone, and the found, missing, HEAD and 404 answers agree.
    expect(names[0]?.length).toBeGreaterThan(2);
    for (const n of names) expect(n).toEqual(names[0]);
    expect(new Set(answers.map((a) => a.headers.server)).size).toBe(1);
    // Something in it changes per request (a request id, a ray id, a cookie value), as on a real site.
    const values = answers.map((a) => JSON.stringify(Object.entries(a.headers).filter(([n]) => n !== 'date')));
    expect(new Set(values).size).toBeGreaterThan(2);
    // Every subdomain of a site is the same site: the same stack.
    const shop = await fetchWith(internet.dispatcher, 'https://bakery.shoply.test/');
    const other = await fetchWith(internet.dispatcher, `https://${randomUsername()}.shoply.test/`);
    expect(Object.keys(shop.headers).sort()).toEqual(Object.keys(other.headers).sort());
  });
});

describe('Sherlock message, response_url and POST sites', () => {
  it('message site with the username in the host name', async () => {
    const found = await fetchWith(internet.dispatcher, 'https://bakery.shoply.test/');
    expect(found.status).toBe(200);
    expect(found.body).not.toContain('Shop not found');
    expect(found.body).not.toContain('This shop is closed');
    const missing = await fetchWith(internet.dispatcher, `https://${randomUsername()}.shoply.test/`);
    expect(missing.body).toContain('Shop not found');
  });

  it('response_url site redirects missing users to errorUrl', async () => {
    expect((await fetchWith(internet.dispatcher, 'https://linky.test/@ann')).status).toBe(200);
    const missing = await fetchWith(internet.dispatcher, `https://linky.test/@${randomUsername()}`);
    expect(missing.status).toBe(302);
    expect(missing.headers.location).toBe('https://linky.test/not-found');
  });

  it('POST with a JSON payload: the username is read from the body', async () => {
    const post = (username: string) =>
      fetchWith(internet.dispatcher, 'https://talky.test/api/v2/username-check', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username }),
      });
    expect((await post('bob')).body).not.toContain('{"taken":false}');
    expect((await post(randomUsername())).body).toContain('{"taken":false}');
  });

  it('a request without the required header is refused', async () => {
    const answer = await fetchWith(internet.dispatcher, 'https://talky.test/api/v2/username-check', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ username: 'bob' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('content-type');
  });
});

describe('WhatsMyName POST site', () => {
  const url = 'https://api.postbox.test/v1/users/lookup';
  const body = (handle: string) => `{"handle":"${handle}","exact":true}`;

  it('curl: known → e_code + e_string, random → m_code + m_string', async () => {
    const headers = ['--request', 'POST', '--header', 'Content-Type: application/json'];
    const known = await curl(internet, url, [...headers, '--data', body('mailman')]);
    expect(known.status).toBe(200);
    expect(known.body).toContain('"exists":true');
    expect(known.body).not.toContain('"error":"no such user"');
    const random = await curl(internet, url, [...headers, '--data', body(randomUsername())]);
    expect(random.status).toBe(404);
    expect(random.body).toContain('"error":"no such user"');
    expect(random.body).not.toContain('"exists":true');
  });

  it('undici ProxyAgent, JSON serialised differently', async () => {
    const send = (handle: string) =>
      fetchWith(proxy, url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `{ "handle": "${handle}", "exact": true }`,
      });
    expect((await send('courier')).status).toBe(200);
    expect((await send(randomUsername())).status).toBe(404);
  });

  it('strip_bad_char: clients remove the characters before sending', async () => {
    const known = await fetchWith(internet.dispatcher, 'https://redirecty.test/user/annlee?tab=about');
    expect(known.status).toBe(200);
    expect(known.body).toContain('Member since');
    const missing = await fetchWith(internet.dispatcher, `https://redirecty.test/user/${randomUsername()}?tab=about`);
    expect(missing.status).toBe(302);
    expect(missing.headers.location).toBeDefined();
  });
});

describe('Maigret engine-template (XenForo) site', () => {
  const url = (username: string) => `https://forum.one.test/community/members/?username=${username}`;

  it('curl: claimed page has presence and no absence; random page has absence', async () => {
    const claimed = await curl(internet, url('admin'));
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatch(/memberHeader-content|profilePage/);
    expect(claimed.body).not.toContain('The specified member cannot be found.');
    const random = await curl(internet, url(randomUsername()));
    expect(random.status).toBe(200);
    expect(random.body).toContain('The specified member cannot be found.');
  });

  it('error strings never appear in normal pages', async () => {
    for (const username of ['admin', randomUsername()]) {
      const answer = await fetchWith(proxy, url(username));
      expect(answer.body).not.toContain('You are being rate limited by this board');
    }
  });

  it('status_code site: 2xx vs non-2xx (never 403 or 5xx)', async () => {
    expect((await fetchWith(proxy, 'https://statusy.test/people/carol')).status).toBe(200);
    expect((await fetchWith(proxy, 'https://statusy.test/people/noonewouldeverusethis7')).status).toBe(404);
  });
});

describe('host resolution', () => {
  it('unknown hosts fail like DNS through the connector', async () => {
    await expect(fetchWith(internet.dispatcher, 'https://nowhere.invalid/')).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });

  it('the proxy answers 502 with Proxy-Status dns_error', async () => {
    const answer = await curl(internet, 'http://nowhere.invalid/x');
    expect(answer.status).toBe(502);
    expect(answer.body).toContain('ENOTFOUND');
    await expect(fetchWith(proxy, 'https://nowhere.invalid/')).rejects.toThrow(/502/);
  });

  it('custom routes answer on any host', async () => {
    internet.route('catalogues.test', '/data.json', () => ({ status: 200, body: '{"ok":true}' }));
    const answer = await fetchWith(internet.dispatcher, 'https://catalogues.test/data.json');
    expect(answer).toMatchObject({ status: 200, body: '{"ok":true}' });
  });

  it('register() rejects hosts it does not serve', () => {
    expect(() => internet.register('nowhere.invalid', 'x')).toThrow(expect.objectContaining({ code: 'NO_SUCH_SITE' }));
  });
});
