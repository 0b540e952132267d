/**
 * The fake email-check sites share an address the way real sites do: several checks and a prefetch call at
 * one host and path, told apart by method and by the fixed query, form and JSON values each sends; checks
 * sending the very same request get one answer; a redirect answer carries its Location.
 */
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmailCheckEntry, type EmailSites, type Internet, serveEmailChecks, startInternet } from '../src/index.ts';
import { fetchWith } from './helpers.ts';

const json = 'application/json';
const answer = (body: string, status = 200) => ({ status, contentType: json, body });

const checks: EmailCheckEntry[] = [
  {
    // A token call and the probe at one address, told apart by the query (Deezer's gateway).
    id: 'gateway',
    prefetch: {
      method: 'POST',
      url: 'https://shared.test/gw?method=getToken&v=1',
      body: { json: { app: 'Shared' } },
      token: { jsonPath: 'results.checkForm' },
    },
    requests: [
      {
        method: 'POST',
        url: 'https://shared.test/gw?method=checkEmail&v=1&token={token}',
        body: { json: { app: 'Shared', email: '{email}' } },
      },
    ],
    found: [{ jsonPath: 'who', equals: 'gateway-taken' }],
    notFound: [{ jsonPath: 'who', equals: 'gateway-free' }],
    answers: { registered: [answer('{"who":"gateway-taken"}')], unregistered: [answer('{"who":"gateway-free"}')] },
  },
  {
    // Two checks at one path with different JSON bodies (an app name each).
    id: 'app-a',
    requests: [{ method: 'POST', url: 'https://shared.test/login', body: { json: { email: '{email}', app: 'A' } } }],
    found: [{ jsonPath: 'who', equals: 'a-taken' }],
    notFound: [{ jsonPath: 'who', equals: 'a-free' }],
    answers: { registered: [answer('{"who":"a-taken"}')], unregistered: [answer('{"who":"a-free"}')] },
  },
  {
    id: 'app-b',
    requests: [{ method: 'POST', url: 'https://shared.test/login', body: { json: { email: '{email}', app: 'B' } } }],
    found: [{ jsonPath: 'who', equals: 'b-taken' }],
    notFound: [{ jsonPath: 'who', equals: 'b-free' }],
    answers: { registered: [answer('{"who":"b-taken"}')], unregistered: [answer('{"who":"b-free"}')] },
  },
  {
    // The same request as app-b: the site gives one answer to it.
    id: 'app-b-again',
    requests: [{ method: 'POST', url: 'https://shared.test/login', body: { json: { email: '{email}', app: 'B' } } }],
    found: [{ jsonPath: 'who', equals: 'b-taken' }],
    notFound: [{ jsonPath: 'who', equals: 'b-free' }],
    answers: { registered: [answer('{"who":"b2-taken"}')], unregistered: [answer('{"who":"b2-free"}')] },
  },
  {
    // A GET page and a form POST at one address; the POST answers with a redirect.
    id: 'reset',
    prefetch: { url: 'https://shared.test/reset', token: { regex: 'name="csrf" value="([^"]+)"' } },
    requests: [
      { method: 'POST', url: 'https://shared.test/reset', body: { form: { csrf: '{token}', email: '{email}' } } },
    ],
    found: [{ locationContains: '/reset/done/' }],
    notFound: [{ bodyContains: 'No such user.' }],
    answers: {
      registered: [{ status: 302, contentType: 'text/html', body: '', location: '/reset/done/' }],
      unregistered: [{ status: 200, contentType: 'text/html', body: 'No such user.' }],
    },
  },
];

let internet: Internet;
let sites: EmailSites;
let client: Agent;
const TAKEN = 'taken.person@example.com';
const FREE = 'free.person@example.com';

beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  sites = serveEmailChecks(internet, checks);
  sites.register(TAKEN);
  sites.register('only.b@example.com', ['app-b']);
  client = new Agent({ connect: internet.connect });
});
afterAll(async () => {
  await client?.close();
  await internet?.close();
});

const post = (path: string, body: string, type = json) =>
  fetchWith(client, `https://shared.test${path}`, { method: 'POST', headers: { 'content-type': type }, body });

describe('email-check sites at a shared address', () => {
  it('serves every check', () => {
    expect(sites.served).toEqual(checks.map((c) => c.id));
    expect(sites.skipped).toEqual([]);
  });

  it('tells a token call from the probe by the query, and wants the token back', async () => {
    const page = await post('/gw?method=getToken&v=1', '{"app":"Shared"}');
    const token = JSON.parse(page.body).results.checkForm as string;
    expect(token).toMatch(/^tok/);
    const probe = (email: string, t: string) =>
      post(`/gw?method=checkEmail&v=1&token=${t}`, JSON.stringify({ app: 'Shared', email }));
    expect((await probe(TAKEN, token)).body).toBe('{"who":"gateway-taken"}');
    expect((await probe(FREE, token)).body).toBe('{"who":"gateway-free"}');
    expect((await probe(TAKEN, 'stale')).status).toBe(403);
    // A query no check sends is no check's request.
    expect((await post('/gw?method=other&v=1', '{"app":"Shared"}')).status).toBe(404);
  });

  it('tells two checks at one path apart by their bodies', async () => {
    const login = (email: string, app: string) => post('/login', JSON.stringify({ email, app }));
    expect((await login(TAKEN, 'A')).body).toBe('{"who":"a-taken"}');
    // app-b-again sends the very same request: the first such check's answer, not its own `b2-…`.
    expect((await login(TAKEN, 'B')).body).toBe('{"who":"b-taken"}');
    expect((await login(FREE, 'A')).body).toBe('{"who":"a-free"}');
    expect((await login(FREE, 'B')).body).toBe('{"who":"b-free"}');
    // Registered on app-b only: app-a's request does not know it.
    expect((await login('only.b@example.com', 'A')).body).toBe('{"who":"a-free"}');
    expect((await login('only.b@example.com', 'B')).body).toBe('{"who":"b-taken"}');
    expect((await login(TAKEN, 'C')).status).toBe(404);
  });

  it('tells the page from the form post by the method, and answers the post with its Location', async () => {
    const page = await fetchWith(client, 'https://shared.test/reset');
    const token = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(token).toMatch(/^tok/);
    const form = (email: string) =>
      post('/reset', new URLSearchParams({ csrf: token!, email }).toString(), 'application/x-www-form-urlencoded');
    const taken = await form(TAKEN);
    expect([taken.status, taken.headers.location]).toEqual([302, '/reset/done/']);
    expect((await form(FREE)).body).toBe('No such user.');
  });
});

describe('email checks and username sites at one host and path (issue 41 item 8)', () => {
  // Duolingo's shape: the username probe and the email check ask one path, told apart by the query key;
  // here also by the value alone (one key, a name or an address) and by a JSON body's value.
  const usernameSites = {
    'Lingo Probe': {
      errorType: 'message',
      errorMsg: '"users":[]',
      url: 'https://www.lingo.test/profile/{}',
      urlProbe: 'https://www.lingo.test/2017-06-30/users?username={}',
      urlMain: 'https://www.lingo.test/',
      username_claimed: 'blue',
    },
    'Lingo Search': {
      errorType: 'status_code',
      url: 'https://search.lingo.test/find?q={}',
      urlMain: 'https://search.lingo.test/',
      username_claimed: 'blue',
    },
    'Lingo Post': {
      errorType: 'status_code',
      url: 'https://post.lingo.test/u/{}',
      urlProbe: 'https://post.lingo.test/api/check',
      urlMain: 'https://post.lingo.test/',
      request_method: 'POST',
      request_payload: { login: '{}' },
      headers: { 'Content-Type': 'application/json' },
      username_claimed: 'blue',
    },
  };
  const emailCheck = (id: string, request: EmailCheckEntry['requests'][number]): EmailCheckEntry => ({
    id,
    requests: [request],
    found: [{ jsonPath: 'who', equals: `${id}-taken` }],
    notFound: [{ jsonPath: 'who', equals: `${id}-free` }],
    answers: { registered: [answer(`{"who":"${id}-taken"}`)], unregistered: [answer(`{"who":"${id}-free"}`)] },
  });
  let shared: Internet;
  let agent: Agent;
  beforeAll(async () => {
    shared = await startInternet({ catalogues: [{ format: 'sherlock', data: usernameSites }] });
    serveEmailChecks(shared, [
      emailCheck('by-key', { url: 'https://www.lingo.test/2017-06-30/users?email={email}' }),
      emailCheck('by-value', { url: 'https://search.lingo.test/find?q={email}' }),
      emailCheck('by-body', {
        method: 'POST',
        url: 'https://post.lingo.test/api/check',
        body: { json: { login: '{email}' } },
      }),
    ]).register(TAKEN);
    agent = new Agent({ connect: shared.connect });
  });
  afterAll(async () => {
    await agent?.close();
    await shared?.close();
  });

  it('answers each request as the site it is for: the username site, or the email check', async () => {
    const get = async (url: string) => {
      const { status, body } = await fetchWith(agent, url);
      return [status, body.includes('"users":[]') ? 'no users' : body.startsWith('{"who"') ? body : 'page'];
    };
    const users = 'https://www.lingo.test/2017-06-30/users';
    expect(await get(`${users}?username=blue`)).toEqual([200, 'page']);
    expect(await get(`${users}?username=nobody-here`)).toEqual([200, 'no users']);
    expect(await get(`${users}?email=${TAKEN}`)).toEqual([200, '{"who":"by-key-taken"}']);
    expect(await get(`${users}?email=${FREE}`)).toEqual([200, '{"who":"by-key-free"}']);
    const find = 'https://search.lingo.test/find';
    expect((await get(`${find}?q=blue`))[0]).toBe(200);
    expect((await get(`${find}?q=nobody-here`))[0]).toBe(404);
    expect(await get(`${find}?q=${encodeURIComponent(TAKEN)}`)).toEqual([200, '{"who":"by-value-taken"}']);
    const post = (login: string) =>
      fetchWith(agent, 'https://post.lingo.test/api/check', {
        method: 'POST',
        headers: { 'content-type': json },
        body: JSON.stringify({ login }),
      });
    expect((await post('blue')).status).toBe(200);
    expect((await post('nobody-here')).status).toBe(404);
    expect((await post(FREE)).body).toBe('{"who":"by-body-free"}');
  });
});
