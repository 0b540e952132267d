/**
 * Issue 25 item 15, on the real server over a socket: security headers and CSP on every page, HSTS only
 * for an https PUBLIC_URL, the browser session in an HttpOnly SameSite cookie with cross-site refusal, an
 * absolute session lifetime on the accounts clock, and only http(s) profile links in the API's results.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEngine } from '@hound/engine';
import { type SmtpSink, startInternet, startSmtpSink } from '@hound/testkit';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { appDeps } from '../src/services.ts';
import { untilEnded } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const embedded = MODES.find((m) => !m.scale)!;
const DAY = 24 * 3600_000;
const ADULT_DOB = '1990-04-02';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  json: any;
  text: string;
}

async function send(base: string, method: string, url: string, headers: Record<string, string> = {}, body?: unknown) {
  const res = await request(`${base}${url}`, {
    method: method as 'GET',
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, json, text } as Answer;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

function setCookies(answer: Answer): string[] {
  const value = answer.headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

let counter = 0;
const address = (label: string) => `${label}.${++counter}.${Date.now().toString(36)}@example.com`;

/** Registers through the mailed code; answers the whole verify-otp answer (JSON token and cookie). */
async function register(base: string, sink: SmtpSink, email: string): Promise<Answer> {
  const before = sink.mails().length;
  const sent = await send(
    base,
    'POST',
    '/auth/register/send-otp',
    {},
    {
      first_name: 'Ann',
      last_name: 'Lee',
      email,
      date_of_birth: ADULT_DOB,
    },
  );
  expect(sent.status).toBe(200);
  const mail = await sink.waitForMail({ to: email, after: before });
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  const verified = await send(base, 'POST', '/auth/register/verify-otp', {}, { email, code });
  expect(verified.status).toBe(200);
  return verified;
}

/** `name=value` of the session cookie a sign-in answer set. */
function sessionCookie(answer: Answer): string {
  const cookie = setCookies(answer).find((c) => /session=/.test(c));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

describe('security headers on the real server', () => {
  let net: TestInternet;
  let stack: Stack;
  let plain: FastifyInstance;
  let secure: FastifyInstance;
  let plainBase: string;
  let secureBase: string;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    net = await startTestInternet({ sites: 2 });
    stack = await startStack(embedded, { createEngine: net.createEngine(), noApp: true });
    const deps = appDeps(stack.services, stack.config);
    plain = await buildApp({ ...deps, options: { ...deps.options, webDistDir: dist } });
    secure = await buildApp({
      ...deps,
      options: { ...deps.options, webDistDir: dist, publicUrl: 'https://hound.example' },
    });
    plainBase = await listen(plain);
    secureBase = await listen(secure);
  });
  afterAll(async () => {
    await plain?.close();
    await secure?.close();
    await stack?.close();
    await net?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  function policy(answer: Answer): Map<string, string> {
    const header = String(answer.headers['content-security-policy'] ?? '');
    return new Map(
      header
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)]),
    );
  }

  it.each(['/', '/library/what-is-osint', '/dashboard', '/api/docs/'])(
    'the page %s has a strict CSP (no inline or eval scripts, no framing) and the other headers',
    async (url) => {
      const page = await send(plainBase, 'GET', url, { accept: 'text/html' });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = policy(page);
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('default-src')).toBe("'self'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-frame-options']).toBe('DENY');
      // PUBLIC_URL is http here: no HSTS.
      expect(page.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('a 304 revalidating a page carries no policy, so the cached page keeps its own', async () => {
    const page = await send(plainBase, 'GET', '/', { accept: 'text/html' });
    const etag = String(page.headers.etag);
    const again = await send(plainBase, 'GET', '/', { accept: 'text/html', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it('JSON answers, assets and errors get a policy that allows nothing', async () => {
    for (const url of ['/api/config', '/healthz', '/assets/app-1.js', '/api/nope']) {
      const answer = await send(plainBase, 'GET', url);
      expect(policy(answer).get('default-src'), url).toBe("'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('HSTS when PUBLIC_URL is https, on pages and API answers alike', async () => {
    for (const url of ['/', '/api/config']) {
      const answer = await send(secureBase, 'GET', url, { accept: 'text/html' });
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    }
  });
});

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`the browser session cookie (${mode.name})`, () => {
    let net: TestInternet;
    let sink: SmtpSink;
    let stack: Stack;
    let secureApp: FastifyInstance;
    let base: string;
    let secureBase: string;
    let clock = Date.now();

    beforeAll(async () => {
      net = await startTestInternet({ sites: 2 });
      sink = await startSmtpSink();
      stack = await startStack(mode, {
        createEngine: net.createEngine(),
        env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://hound.example' },
        authLimits: { codesPerIpPerHour: 10_000 },
        now: () => new Date(clock),
      });
      base = await listen(stack.app);
      const deps = appDeps(stack.services, stack.config);
      deps.now = () => new Date(clock);
      secureApp = await buildApp({ ...deps, options: { ...deps.options, publicUrl: 'https://hound.example' } });
      secureBase = await listen(secureApp);
    });
    afterAll(async () => {
      await secureApp?.close();
      await stack?.close();
      await sink?.close();
      await net?.close();
    });

    it('verify-otp sets an HttpOnly, SameSite=Strict cookie that alone signs the browser in', async () => {
      const verified = await register(base, sink, address('cookie'));
      expect(verified.json.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [cookie] = setCookies(verified);
      expect(cookie).toMatch(/^hound_session=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/');
      expect(cookie).toMatch(/Max-Age=2592000\b/);
      expect(cookie).not.toContain('Secure'); // http PUBLIC_URL: a Secure cookie would never come back
      expect(verified.headers['cache-control']).toBe('no-store');

      const me = await send(base, 'GET', '/auth/me', { cookie: sessionCookie(verified) });
      expect(me.status).toBe(200);
      expect(me.json.email).toMatch(/^cookie\./);
      // The JSON token still works as a bearer for API clients.
      const bearer = await send(base, 'GET', '/auth/me', { authorization: `Bearer ${verified.json.access_token}` });
      expect(bearer.status).toBe(200);
    });

    it('is Secure and __Host- prefixed when PUBLIC_URL is https', async () => {
      const verified = await register(secureBase, sink, address('secure'));
      const [cookie] = setCookies(verified);
      expect(cookie).toMatch(/^__Host-hound_session=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toContain('; Secure');
      const me = await send(secureBase, 'GET', '/auth/me', { cookie: sessionCookie(verified) });
      expect(me.status).toBe(200);
    });

    it('refuses a cookie-authenticated state change from another site, and changes nothing', async () => {
      const verified = await register(base, sink, address('csrf'));
      const cookie = sessionCookie(verified);
      const forged: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'http://hound.example', 'sec-fetch-site': 'same-site' },
        { origin: 'null' },
        {}, // neither header: not a browser page of ours
      ];
      for (const headers of forged) {
        const answer = await send(base, 'POST', '/auth/logout-all', { cookie, ...headers });
        expect(answer.status, JSON.stringify(headers)).toBe(403);
        expect(answer.json).toMatchObject({ code: 'AUTH_CROSS_SITE' });
      }
      // Also for a route with a body, before it is read.
      const patch = await send(
        base,
        'PATCH',
        '/me/profile',
        { cookie, origin: 'https://evil.example' },
        { first_name: 'Eve' },
      );
      expect(patch.status).toBe(403);
      // Nothing changed: the session still works and the name is the same.
      const me = await send(base, 'GET', '/auth/me', { cookie });
      expect(me.status).toBe(200);
      expect(me.json.first_name).toBe('Ann');

      // The same request from this site's own pages goes through.
      const own = await send(base, 'POST', '/auth/logout-all', { cookie, 'sec-fetch-site': 'same-origin' });
      expect(own.status).toBe(204);
    });

    it('accepts an Origin of PUBLIC_URL or of the requested host from a browser without Sec-Fetch-Site', async () => {
      for (const origin of ['http://hound.example', base]) {
        const verified = await register(base, sink, address('origin'));
        const answer = await send(base, 'POST', '/auth/logout', { cookie: sessionCookie(verified), origin });
        expect(answer.status, origin).toBe(204);
      }
    });

    it('a bearer token needs no origin check (API clients send no cookie)', async () => {
      const verified = await register(base, sink, address('bearer'));
      const answer = await send(base, 'POST', '/auth/logout', {
        authorization: `Bearer ${verified.json.access_token}`,
        origin: 'https://elsewhere.example',
      });
      expect(answer.status).toBe(204);
    });

    it('logout clears the cookie and ends the session; a dead cookie is cleared too', async () => {
      const verified = await register(base, sink, address('logout'));
      const cookie = sessionCookie(verified);
      const out = await send(base, 'POST', '/auth/logout', { cookie, 'sec-fetch-site': 'same-origin' });
      expect(out.status).toBe(204);
      expect(setCookies(out)[0]).toMatch(/^hound_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict/);
      const after = await send(base, 'GET', '/auth/me', { cookie });
      expect(after.status).toBe(401);
      expect(setCookies(after)[0]).toMatch(/^hound_session=; .*Max-Age=0/);
    });

    it('a session ends 30 days after sign-in however busy it is (idle expiry still applies)', async () => {
      const start = clock;
      const busy = sessionCookie(await register(base, sink, address('busy')));
      const idle = sessionCookie(await register(base, sink, address('idle')));
      // Used every day for 29 days: still signed in.
      for (let day = 1; day <= 29; day++) {
        clock = start + day * DAY;
        expect((await send(base, 'GET', '/auth/me', { cookie: busy })).status, `day ${day}`).toBe(200);
      }
      clock = start + 30 * DAY - 60_000;
      expect((await send(base, 'GET', '/auth/me', { cookie: busy })).status).toBe(200);
      clock = start + 30 * DAY + 60_000;
      const late = await send(base, 'GET', '/auth/me', { cookie: busy });
      expect(late.status).toBe(401);
      // The other session, never used since sign-in, ended by the idle rule as before.
      expect((await send(base, 'GET', '/auth/me', { cookie: idle })).status).toBe(401);
      clock = Date.now();
    });
  });
}

describe('profile links are http(s) only', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-links-'));
  let internet: Awaited<ReturnType<typeof startInternet>>;
  let stack: Stack;
  let base: string;

  beforeAll(async () => {
    // A third-party catalogue whose display address is a script; the check itself asks a real page.
    const data = {
      Evil: {
        // `//evil.example/` is a comment to the script; %0A ends it and the alert runs.
        url: 'javascript://evil.example/%0Aalert(document.domain)//{}',
        urlProbe: 'https://evil.example/{}',
        urlMain: 'https://evil.example/',
        errorType: 'status_code',
        username_claimed: 'blue',
      },
      Data: {
        url: 'data://data.example/text/html,<script>alert(1)</script>{}',
        urlProbe: 'https://data.example/{}',
        urlMain: 'https://data.example/',
        errorType: 'status_code',
        username_claimed: 'blue',
      },
      Good: {
        url: 'https://good.example/{}',
        urlMain: 'https://good.example/',
        errorType: 'status_code',
        username_claimed: 'blue',
      },
    };
    const file = path.join(dir, 'sherlock.json');
    fs.writeFileSync(file, JSON.stringify(data));
    internet = await startInternet({ catalogues: [{ format: 'sherlock', data }], dir });
    stack = await startStack(embedded, {
      createEngine: () =>
        createEngine({
          catalogues: [file],
          dataDir: path.join(dir, 'engine'),
          connect: internet.connect,
          allowPrivateAddresses: true,
        }),
    });
    base = await listen(stack.app);
  });
  afterAll(async () => {
    await stack?.close();
    await internet?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a javascript: or data: catalogue address never reaches the API output', async () => {
    const started = await send(base, 'POST', '/api/search', {}, { username: 'blue', device_id: 'device_links' });
    expect(started.status).toBe(200);
    const call = async (method: string, url: string) => send(base, method, url);
    const final = await untilEnded(call, started.json.search_id);
    expect(final.status).toBe('completed');
    const results = final.result.results;
    expect(results.Good).toMatchObject({ found: true, url: 'https://good.example/blue' });
    expect(results.Evil.found).toBe(true);
    expect(results.Evil.url).toBe('');
    expect(results.Data.url).toBe('');
    expect(JSON.stringify(final)).not.toMatch(/javascript:|data:\/\//);
    // The stream replays the stored results: the same addresses.
    const events = await send(base, 'GET', `/api/search/${started.json.search_id}/events`);
    expect(events.text).toContain('https://good.example/blue');
    expect(events.text).not.toMatch(/javascript:|data:\/\//);
  });
});
