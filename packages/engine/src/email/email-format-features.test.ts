/**
 * Decision 115's format features, each on its own: a prefetch that is a call (method, headers, body), a rule
 * on a redirect's Location, and an anti-JSON prefix. Refused when declared wrongly, deciding only on their
 * positive marker, and unknown for hostile answers; the prefetch call and the Location through the testkit.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Internet, type RouteResponse, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueError } from '../catalogue/errors.ts';
import { createEngine } from '../engine.ts';
import type { CheckResponse, EmailResult } from '../model.ts';
import { tempDir } from '../search/test-helpers.ts';
import { judgeEmail } from './judge-email.ts';
import { lintEmailCheck } from './lint-email-check.ts';
import { parseEmailCatalogue } from './load-email-catalogue.ts';

const base = {
  id: 'site',
  name: 'Site',
  domain: 'site.example',
  category: 'test',
  method: 'register',
  requests: [{ method: 'POST', url: 'https://site.example/check', body: { json: { email: '{email}' } } }],
  found: [{ jsonPath: 'account.taken', equals: true }],
  notFound: [{ jsonPath: 'account.taken', equals: false }],
};
const load = (checks: unknown[]) => parseEmailCatalogue({ format: 'hound-email', version: 1, checks }, 'test.json');
const one = (check: unknown) => load([check])[0]!;

function response(status: number, body: string, headers: Record<string, string> = {}): CheckResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    finalUrl: 'https://site.example/check',
    redirects: 0,
    truncated: false,
  };
}

describe('loading the new declarations', () => {
  it('accepts a POST prefetch with headers and a body, a Location rule and an anti-JSON prefix', () => {
    const check = one({
      ...base,
      prefetch: {
        method: 'POST',
        url: 'https://site.example/token?op=anon',
        headers: { 'x-app': 'web' },
        body: { json: { device: '{email_md5}' } },
        token: { jsonPath: 'data.token' },
      },
      requests: [{ url: 'https://site.example/reset', headers: { authorization: '{token}' } }],
      found: [{ locationContains: '/reset/done/' }],
      notFound: [{ jsonPath: 'account.taken', equals: false }],
      jsonPrefix: ")]}'",
    });
    expect(check.prefetch).toMatchObject({ method: 'POST', body: { json: { device: '{email_md5}' } } });
    expect(check.jsonPrefix).toBe(")]}'");
    // A prefetch without a method stays the GET it always was.
    expect(one({ ...base, prefetch: { url: 'https://site.example/', token: { cookie: 'c' } } }).prefetch!.method).toBe(
      'GET',
    );
  });

  it('refuses a body without POST, tokens sent by the prefetch that yields them, and empty markers', () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        { ...base, prefetch: { url: 'https://site.example/', body: { json: {} }, token: { cookie: 'c' } } },
        /prefetch\.body: a body needs `method: "POST"`/,
      ],
      [{ ...base, requests: [{ url: 'https://site.example/', body: { form: { e: '{email}' } } }] }, /a body needs/],
      [
        {
          ...base,
          prefetch: {
            method: 'POST',
            url: 'https://site.example/',
            body: { raw: '{token}', contentType: 'text/plain' },
            token: { cookie: 'c' },
          },
        },
        /prefetch\.raw uses \{token\}, which the prefetch itself yields/,
      ],
      [
        {
          ...base,
          prefetch: { url: 'https://site.example/?t={token2}', token: { cookie: 'c' }, token2: { cookie: 'd' } },
        },
        /prefetch\.url uses \{token2\}/,
      ],
      [
        { ...base, prefetch: { method: 'PUT', url: 'https://site.example/', token: { cookie: 'c' } } },
        /prefetch\.method/,
      ],
      [
        { ...base, prefetch: { url: 'https://{local}.site.example/', token: { cookie: 'c' } } },
        /prefetch\.url has a placeholder in its host/,
      ],
      [{ ...base, found: [{ locationContains: '' }] }, /found/],
      [{ ...base, jsonPrefix: '' }, /jsonPrefix/],
    ];
    for (const [check, message] of cases) {
      expect(() => load([check])).toThrow(CatalogueError);
      expect(() => load([check])).toThrow(message);
    }
  });
});

describe('a rule on a redirect Location', () => {
  const check = one({
    ...base,
    found: [{ locationContains: '/password/reset/done/' }],
    notFound: [{ status: [200] }, { bodyContains: 'No such user.' }],
  });

  it('decides only on a redirect whose Location carries the marker', () => {
    expect(judgeEmail(check, response(302, '', { location: '/password/reset/done/' })).verdict).toBe('found');
    expect(judgeEmail(check, response(303, '', { location: 'https://site.example/password/reset/done/' })).rule).toBe(
      'redirect to a Location containing "/password/reset/done/"',
    );
    expect(judgeEmail(check, response(200, '<p>No such user.</p>')).verdict).toBe('not_found');
  });

  it('is unknown for a redirect elsewhere, a bare redirect, and a 200 that merely carries the header', () => {
    for (const hostile of [
      response(302, '', { location: '/login?next=/password/reset/' }),
      response(302, ''),
      response(301, '', { location: '/' }),
      response(200, '', { location: '/password/reset/done/' }),
      response(200, '<html>Sign in</html>'),
    ])
      expect(judgeEmail(check, hostile).verdict).toBe('unknown');
  });

  it('is flagged by the lint when the target is what any redirect carries', () => {
    const weak = one({ ...base, found: [{ locationContains: '/login' }] });
    expect(lintEmailCheck(weak)).toContainEqual(expect.objectContaining({ severity: 'weak', code: 'weak_text' }));
    expect(lintEmailCheck(check).filter((f) => f.code !== 'no_answers' && f.code !== 'no_source')).toEqual([]);
  });
});

describe('an anti-JSON prefix', () => {
  const check = one({ ...base, jsonPrefix: '\'"])}while(1);</x>//' });
  const guarded = (json: string) => `'"])}while(1);</x>//${json}`;

  it('is stripped before the JSON paths read the answer; without the declaration the answer is no JSON', () => {
    expect(judgeEmail(check, response(200, guarded('{"account":{"taken":true}}'))).verdict).toBe('found');
    expect(judgeEmail(check, response(200, guarded('{"account":{"taken":false}}'))).verdict).toBe('not_found');
    const undeclared = one(base);
    expect(judgeEmail(undeclared, response(200, guarded('{"account":{"taken":true}}'))).verdict).toBe('unknown');
  });

  it('leaves hostile answers unknown, guarded or not', () => {
    for (const body of [guarded('{}'), guarded(''), guarded('{"status":"ok"}'), '<html>challenge</html>', ")]}'\n{}"])
      expect(judgeEmail(check, response(200, body)).verdict).toBe('unknown');
  });
});

describe('through the testkit', () => {
  let internet: Internet;
  beforeAll(async () => {
    internet = await startInternet({ catalogues: [] });
  });
  afterAll(async () => {
    await internet?.close();
  });

  async function runOwn(checks: unknown[], email: string): Promise<EmailResult> {
    const dir = await tempDir();
    const file = path.join(dir, 'own.json');
    await writeFile(file, JSON.stringify({ format: 'hound-email', version: 1, checks }));
    const engine = await createEngine({
      checks: [],
      emailCatalogues: [file],
      connect: internet.connect,
      allowPrivateAddresses: true,
      retries: 0,
      dataDir: dir,
    });
    try {
      for await (const { result } of engine.searchEmail(email, { loud: true })) return result;
      throw new Error('no result');
    } finally {
      await engine.close();
    }
  }

  it('sends the prefetch as declared (method, headers, body) and the probe with the token it handed out', async () => {
    const seen: Array<{ method: string; url: string; body: string; header?: unknown }> = [];
    internet.route('call.test', '/gw', (request) => {
      const body = request.body.toString('utf8');
      seen.push({ method: request.method, url: request.url, body, header: request.headers['x-app'] });
      if (request.url.includes('op=token'))
        return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":{"token":"T0k3n"}}' };
      const ok = request.headers.authorization === 'Bearer T0k3n';
      const taken = body.includes('call.person@example.com');
      return ok
        ? { status: 200, headers: { 'content-type': 'application/json' }, body: `{"account":{"taken":${taken}}}` }
        : { status: 401, headers: { 'content-type': 'text/plain' }, body: 'no token' };
    });
    const result = await runOwn(
      [
        {
          ...base,
          domain: 'call.test',
          prefetch: {
            method: 'POST',
            url: 'https://call.test/gw?op=token',
            headers: { 'x-app': 'web' },
            body: { json: { app: 'Test', device: '{email_md5}' } },
            token: { jsonPath: 'data.token' },
          },
          requests: [
            {
              method: 'POST',
              url: 'https://call.test/gw?op=check',
              headers: { authorization: 'Bearer {token}' },
              body: { json: { email: '{email}' } },
            },
          ],
        },
      ],
      'call.person@example.com',
    );
    expect(result).toMatchObject({ verdict: 'found' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/gw?op=token', header: 'web' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ app: 'Test', device: expect.stringMatching(/^[0-9a-f]{32}$/) });
    // The probe, and the never-registered control (decision 131) with the same token.
    expect(seen.slice(1).map((s) => s.url)).toEqual(['/gw?op=check', '/gw?op=check']);
  });

  it('decodes a page that names its charset only in <meta> (windows-1251) before reading its markers', async () => {
    // windows-1251: а–я are 0xE0–0xFF, А–Я 0xC0–0xDF.
    const cp1251 = (text: string) =>
      Buffer.from(
        [...text].map((c) => {
          const code = c.charCodeAt(0);
          if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
          return code;
        }),
      );
    const pageOf = (words: string) =>
      cp1251(
        `<html><head><meta charset="windows-1251"><title>Регистрация</title></head><body><p>${words}</p></body></html>`,
      );
    internet.route('ru.test', '/join', (request) => ({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: request.body.toString('utf8').includes(encodeURIComponent('ivan@example.com'))
        ? pageOf('Этот адрес уже зарегистрирован')
        : pageOf('Адрес свободен'),
    }));
    const answers = {
      registered: [{ status: 200, contentType: 'text/html', body: '<p>Этот адрес уже зарегистрирован</p>' }],
      unregistered: [{ status: 200, contentType: 'text/html', body: '<p>Адрес свободен</p>' }],
    };
    const check = {
      ...base,
      domain: 'ru.test',
      requests: [{ method: 'POST', url: 'https://ru.test/join', body: { form: { email: '{email}' } } }],
      found: [{ bodyContains: 'уже зарегистрирован' }],
      notFound: [{ bodyContains: 'Адрес свободен' }],
      answers,
    };
    expect(await runOwn([check], 'ivan@example.com')).toMatchObject({ verdict: 'found' });
    expect(await runOwn([check], 'olga@example.com')).toMatchObject({ verdict: 'not_found' });
  });

  it('reads a Location without following it, wherever it points', async () => {
    internet.route(
      'reset.test',
      '/reset',
      (request): RouteResponse =>
        request.body.toString('utf8').includes(encodeURIComponent('reset.person@example.com'))
          ? {
              status: 302,
              headers: { location: 'https://done.test/password/reset/done/', 'content-type': 'text/html' },
              body: '',
            }
          : { status: 200, headers: { 'content-type': 'text/html' }, body: '<p>No such user.</p>' },
    );
    internet.route('done.test', '/password/reset/done/', () => ({ status: 200, body: 'followed' }));
    internet.log.reset();
    const result = await runOwn(
      [
        {
          ...base,
          domain: 'reset.test',
          requests: [{ method: 'POST', url: 'https://reset.test/reset', body: { form: { email: '{email}' } } }],
          found: [{ locationContains: '/password/reset/done/' }],
          notFound: [{ status: [200] }, { bodyContains: 'No such user.' }],
        },
      ],
      'reset.person@example.com',
    );
    expect(result).toMatchObject({ verdict: 'found', evidence: { status: 302 } });
    // The probe and its never-registered control; the Location is never fetched.
    expect(internet.log.requests().map((r) => new URL(r.url).hostname)).toEqual(['reset.test', 'reset.test']);
  });
});
