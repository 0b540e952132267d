/**
 * Issue 37 (decision 130), per kind of email rule: a page that is not the site's own answer — its markers
 * hidden where no reader sees them, JSON where the site answers with a page and back, a host's 404 with an
 * error field, an empty or placeholder id — gives neither "registered" nor "not registered", with or
 * without the address echoed; the site's own answers keep their verdicts.
 */
import { describe, expect, it } from 'vitest';
import type { CheckResponse } from '../model.ts';
import { type EmailCheck, EmailCheckSchema, type Signal } from './catalogue-format.ts';
import { isPresent, judgeEmail } from './judge-email.ts';

const ADDRESS = 'someone@example.com';

function response(status: number, body: string, type: string, extra: Record<string, string> = {}): CheckResponse {
  return {
    status,
    headers: { 'content-type': type, ...extra },
    body,
    finalUrl: 'https://site.example/check',
    redirects: 0,
    truncated: false,
  };
}

const html = (body: string, status = 200) => response(status, body, 'text/html; charset=utf-8');
const json = (value: unknown, status = 200) => response(status, JSON.stringify(value), 'application/json');

interface Kind {
  name: string;
  found: Signal[];
  notFound: Signal[];
  own: { registered: CheckResponse; unregistered: CheckResponse };
}

const page = (text: string) => `<!DOCTYPE html><html><body><main><p>${text}</p></main></body></html>`;

const KINDS: Kind[] = [
  {
    name: 'a phrase on a page',
    found: [{ bodyContains: 'is already registered' }],
    notFound: [{ bodyContains: 'Email is available' }],
    own: {
      registered: html(page('This email is already registered.')),
      unregistered: html(page('Email is available!')),
    },
  },
  {
    name: 'a markup marker (raw)',
    found: [{ bodyContains: 'class="taken"', raw: true }],
    notFound: [{ bodyContains: 'class="free"', raw: true }],
    own: {
      registered: html(page('<span class="taken">x</span>')),
      unregistered: html(page('<span class="free">x</span>')),
    },
  },
  {
    name: 'a phrase in JSON',
    found: [{ bodyContains: 'EMAIL_IN_USE' }],
    notFound: [{ bodyContains: 'EMAIL_FREE' }],
    own: { registered: json({ code: 'EMAIL_IN_USE' }, 400), unregistered: json({ code: 'EMAIL_FREE' }, 400) },
  },
  {
    name: 'a field and its value',
    found: [{ jsonPath: 'account.exists', equals: true }],
    notFound: [{ jsonPath: 'account.exists', equals: false }],
    own: { registered: json({ account: { exists: true } }), unregistered: json({ account: { exists: false } }) },
  },
  {
    name: 'a field present (an id)',
    found: [{ status: [200] }, { jsonPath: 'user.id', exists: true }],
    notFound: [{ status: [404] }, { jsonPath: 'error.code', equals: 'USER_NOT_FOUND' }],
    own: {
      registered: json({ user: { id: 'u_81723' } }),
      unregistered: json({ error: { code: 'USER_NOT_FOUND' } }, 404),
    },
  },
  {
    name: 'an exact body',
    found: [{ status: [200] }, { bodyEquals: 'exists' }],
    notFound: [{ status: [200] }, { bodyEquals: 'free' }],
    own: {
      registered: response(200, 'exists', 'text/plain'),
      unregistered: response(200, 'free', 'text/plain'),
    },
  },
  {
    name: 'a redirect',
    found: [{ locationContains: '/password/reset/done' }],
    notFound: [{ status: [200] }, { bodyContains: 'No such user' }],
    own: {
      registered: response(302, '', 'text/html', { location: 'https://site.example/password/reset/done/' }),
      unregistered: html(page('No such user.')),
    },
  },
];

function checkOf(kind: Kind): EmailCheck {
  const answer = (r: CheckResponse) => ({
    status: r.status,
    contentType: r.headers['content-type']!,
    body: r.body,
    ...(r.headers.location ? { location: r.headers.location } : {}),
  });
  return EmailCheckSchema.parse({
    id: 'site',
    name: 'Site',
    domain: 'site.example',
    category: 'test',
    method: 'register',
    requests: [{ url: 'https://site.example/check?email={email}' }],
    found: kind.found,
    notFound: kind.notFound,
    answers: { registered: [answer(kind.own.registered)], unregistered: [answer(kind.own.unregistered)] },
  });
}

/** Every text a rule of the kind looks for, as a hostile page would carry it. */
function markers(kind: Kind): string[] {
  return [...kind.found, ...kind.notFound].flatMap((s) => {
    if ('bodyContains' in s) return [s.bodyContains];
    if ('bodyEquals' in s) return [s.bodyEquals];
    if ('jsonPath' in s) return [`"${s.jsonPath.split('.').pop()}":${JSON.stringify(s.equals ?? 'u_1')}`];
    return [];
  });
}

/** Pages that are not the site's answer, built from the kind's own markers. */
function hostile(kind: Kind, echo: string): Array<[string, CheckResponse]> {
  const out: Array<[string, CheckResponse]> = [];
  for (const rule of [kind.found, kind.notFound]) {
    const texts = markers({ ...kind, found: rule, notFound: [] });
    const status = rule.find((s): s is { status: number[] } => 'status' in s)?.status[0] ?? 200;
    const hide = (wrap: (t: string) => string) =>
      html(`<html><head>${texts.map(wrap).join('')}</head><body><p>Loading…${echo}</p></body></html>`, status);
    out.push(['markers in a script', hide((t) => `<script>var m = \`${t}\`;</script>`)]);
    out.push(['markers in a comment', hide((t) => `<!-- ${t} -->`)]);
    out.push(['markers in a style', hide((t) => `<style>/* ${t} */</style>`)]);
    out.push(['markers as JSON', json({ message: `${texts.join(' ')}${echo}` }, status)]);
    out.push(['markers on a page', html(page(`${texts.join(' ')}${echo}`), status)]);
  }
  out.push(['a 404 with an error field', json({ error: 'Not Found', email: echo || undefined }, 404)]);
  out.push(['a host error page', html(page(`404 Not Found${echo}`), 404)]);
  out.push(['an empty id', json({ user: { id: '' }, email: echo || undefined })]);
  out.push(['a placeholder id', json({ user: { id: 'unknown' }, email: echo || undefined })]);
  out.push(['a zero id', json({ user: { id: 0 } })]);
  return out;
}

describe('email rules read only the site’s own answers', () => {
  for (const kind of KINDS) {
    const check = checkOf(kind);
    it(`${kind.name}: the site's own answers keep their verdicts`, () => {
      expect(judgeEmail(check, kind.own.registered).verdict).toBe('found');
      expect(judgeEmail(check, kind.own.unregistered).verdict).toBe('not_found');
    });

    it(`${kind.name}: a page not the site's own decides nothing, echoed or not`, () => {
      const decided: string[] = [];
      for (const echo of ['', ` ${ADDRESS}`])
        for (const [name, answer] of hostile(kind, echo)) {
          // The site's own answer, rebuilt by chance (a JSON phrase in JSON), is not hostile.
          const own = [kind.own.registered, kind.own.unregistered].some(
            (o) => o.body === answer.body && o.status === answer.status,
          );
          const { verdict } = judgeEmail(check, answer);
          if (!own && (verdict === 'found' || verdict === 'not_found'))
            decided.push(`${name}${echo ? ' (echoed)' : ''} → ${verdict}`);
        }
      // The kind's phrases shown plainly in the very kind of body the site answers with are the site's words
      // as far as any reader can tell: only those may decide. Any other kind of body may not.
      const types = [kind.own.registered, kind.own.unregistered].map((o) => o.headers['content-type']!);
      const same = (d: string) =>
        (d.startsWith('markers on a page') && types.some((t) => t.includes('html'))) ||
        (d.startsWith('markers as JSON') && types.some((t) => t.includes('json')));
      expect(decided.filter((d) => !same(d))).toEqual([]);
    });
  }

  it('needs a present, well-formed value for a presence rule', () => {
    for (const value of ['', '  ', 'unknown', 'null', 'None', '0', 0, null, [], {}, undefined])
      expect([value, isPresent(value)]).toEqual([value, false]);
    for (const value of ['u_1', 17, true, ['a'], { a: 1 }]) expect([value, isPresent(value)]).toEqual([value, true]);
  });

  it('reads entities in a marker as the page shows them', () => {
    const check = checkOf({
      ...KINDS[0]!,
      found: [{ bodyContains: 'can&#39;t use this address' }],
      own: { ...KINDS[0]!.own, registered: html(page('You can&#39;t use this address')) },
    });
    expect(judgeEmail(check, html(page('You can&#39;t use this address'))).verdict).toBe('found');
    expect(judgeEmail(check, html(page("You can't use this address"))).verdict).toBe('found');
  });
});
