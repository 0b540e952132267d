import { describe, expect, it } from 'vitest';
import type { SiteCheck } from '../model.ts';
import { prepareRequest } from '../rules/prepare-request.ts';
import { siteCheck } from '../test-support/site-check.ts';
import { isEmailLike } from './email.ts';
import { normaliseUsernameInput, UsernameInputError } from './input.ts';
import { placeInBody } from './place-body.ts';
import { placeInUrl } from './place-url.ts';

const CRAFTED = [
  'a.evil.test',
  'x/../y',
  'x?y',
  'x#y',
  'x@y',
  'ünï',
  '..',
  '.',
  'a\\b',
  'x%2e%2e',
  'x:80',
  'a'.repeat(1024),
];

function check(url: string, extra: Partial<SiteCheck> = {}): SiteCheck {
  return siteCheck({ profileUrl: url, knownClaimed: ['a'], ...extra });
}

describe('normaliseUsernameInput', () => {
  it('trims and NFC-normalises', () => {
    expect(normaliseUsernameInput('  e\u0301lise ')).toBe('\u00e9lise');
  });
  it.each([
    ['', 'empty_username'],
    ['   ', 'empty_username'],
    ['a'.repeat(257), 'username_too_long'],
    ['a\nb', 'username_control_characters'],
    ['a\u202eb', 'username_control_characters'],
  ])('rejects %j with %s', (input, code) => {
    expect(() => normaliseUsernameInput(input)).toThrowError(UsernameInputError);
    try {
      normaliseUsernameInput(input);
    } catch (error) {
      expect((error as UsernameInputError).code).toBe(code);
    }
  });
});

describe('isEmailLike', () => {
  it.each(['alice@example.com', ' bob.smith+x@mail.co.uk '])('%j is email-like', (s) =>
    expect(isEmailLike(s)).toBe(true),
  );
  it.each(['alice', 'x@y', '@alice', 'alice@', 'a b@c.de'])('%j is not', (s) => expect(isEmailLike(s)).toBe(false));
});

describe('placeInUrl: the username never leaves its place', () => {
  it.each(CRAFTED)('path segment %j stays one segment on the same host', (name) => {
    const placed = placeInUrl('https://site.test/user/{username}/about', name);
    if (!placed.ok) {
      expect(['.', '..']).toContain(name);
      return;
    }
    const url = new URL(placed.value);
    expect(url.host).toBe('site.test');
    expect(url.search).toBe('');
    expect(url.hash).toBe('');
    const segments = url.pathname.split('/');
    expect(segments).toHaveLength(4);
    expect(segments[1]).toBe('user');
    expect(segments[3]).toBe('about');
    expect(decodeURIComponent(segments[2]!)).toBe(name);
  });

  it.each(CRAFTED)('query value %j stays one value', (name) => {
    const placed = placeInUrl('https://site.test/search?q={username}&x=1', name);
    expect(placed.ok).toBe(true);
    const url = new URL((placed as { value: string }).value);
    expect(url.host).toBe('site.test');
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe(name);
    expect(url.searchParams.get('x')).toBe('1');
    expect([...url.searchParams.keys()]).toEqual(['q', 'x']);
    expect(url.hash).toBe('');
  });

  it.each(CRAFTED)('host label %j is refused unless it is a plain DNS label', (name) => {
    const placed = placeInUrl('https://{username}.site.test/', name);
    expect(placed.ok).toBe(false);
  });

  it('accepts a plain host label and lowercases it', () => {
    expect(placeInUrl('https://{username}.site.test/', 'Good-Name1')).toEqual({
      ok: true,
      value: 'https://good-name1.site.test/',
    });
  });

  it('refuses a label over 63 characters', () => {
    expect(placeInUrl('https://{username}.site.test/', 'a'.repeat(64)).ok).toBe(false);
  });

  it('encodes spaces, percent and unicode in a path segment', () => {
    expect(placeInUrl('https://site.test/@{username}', 'a b%c/é')).toEqual({
      ok: true,
      value: 'https://site.test/@a%20b%25c%2F%C3%A9',
    });
  });

  it('refuses a dot segment but allows dots inside a segment', () => {
    expect(placeInUrl('https://site.test/{username}', '..').ok).toBe(false);
    expect(placeInUrl('https://site.test/{username}/x', '.').ok).toBe(false);
    expect(placeInUrl('https://site.test/u/{username}.json', '..')).toEqual({
      ok: true,
      value: 'https://site.test/u/...json',
    });
  });

  it('refuses a placeholder in userinfo or port', () => {
    expect(placeInUrl('https://{username}@site.test/', 'a').ok).toBe(false);
    expect(placeInUrl('https://site.test:{username}/', '80').ok).toBe(false);
  });
});

describe('placeInBody', () => {
  it('JSON-escapes a whole string value', () => {
    const placed = placeInBody('{"username":"{username}"}', 'json', 'a"},"admin":true,"x":"\\');
    expect(placed.ok).toBe(true);
    expect(JSON.parse((placed as { value: string }).value)).toEqual({ username: 'a"},"admin":true,"x":"\\' });
  });
  it('accepts only plain names when the placeholder is nested in a query string', () => {
    const template = '{"query":"query{User(name:\\"{username}\\"){id}}"}';
    expect(placeInBody(template, 'json', 'alice_1.x-y').ok).toBe(true);
    expect(placeInBody(template, 'json', 'a"){id} evil{x(').ok).toBe(false);
  });
  it('form-encodes in form bodies', () => {
    const placed = placeInBody('user={username}&x=1', 'form', 'a&b=c d');
    expect(placed).toEqual({ ok: true, value: 'user=a%26b%3Dc+d&x=1' });
    expect(new URLSearchParams((placed as { value: string }).value).get('user')).toBe('a&b=c d');
  });
  it('accepts only plain names in raw bodies', () => {
    expect(placeInBody('u={username}', 'raw', 'abc').ok).toBe(true);
    expect(placeInBody('u={username}', 'raw', 'a&b').ok).toBe(false);
  });
});

describe('prepareRequest', () => {
  it.each(CRAFTED)('never sends %j to another host or path', (name) => {
    for (const template of [
      'https://site.test/u/{username}',
      'https://{username}.site.test/',
      'https://site.test/?u={username}',
    ]) {
      const prepared = prepareRequest(check(template), name);
      if (!prepared.ok) {
        expect(prepared.reason).toBe('unsupported_username');
        continue;
      }
      const url = new URL(prepared.request.url);
      expect(url.hostname.endsWith('site.test')).toBe(true);
      if (template.startsWith('https://{username}')) expect(url.hostname.split('.')).toHaveLength(3);
      else expect(url.hostname).toBe('site.test');
      expect(url.pathname.split('/').length).toBe(
        new URL(template.replace('{username}', 'x')).pathname.split('/').length,
      );
      expect(url.hash).toBe('');
    }
  });

  it('rejects names failing the site pattern, with the pattern in the detail', () => {
    const prepared = prepareRequest(check('https://site.test/{username}', { usernamePattern: '^[a-z]+$' }), 'Abc');
    expect(prepared).toMatchObject({ ok: false, reason: 'unsupported_username' });
    expect((prepared as { detail: string }).detail).toContain('^[a-z]+$');
  });

  it('rejects names over the length limit', () => {
    expect(prepareRequest(check('https://site.test/{username}'), 'a'.repeat(257))).toMatchObject({
      ok: false,
      reason: 'unsupported_username',
    });
  });

  it('strips characters and fills url, profile and body', () => {
    const prepared = prepareRequest(
      check('https://site.test/{username}', {
        stripChars: '.',
        request: {
          method: 'POST',
          url: 'https://api.site.test/check',
          headers: { 'Content-Type': 'application/json' },
          body: '{"u":"{username}"}',
          bodyEncoding: 'json',
          followRedirects: false,
        },
      }),
      'j.doe',
    );
    expect(prepared).toEqual({
      ok: true,
      profileUrl: 'https://site.test/jdoe',
      request: {
        method: 'POST',
        url: 'https://api.site.test/check',
        headers: { 'Content-Type': 'application/json' },
        body: '{"u":"jdoe"}',
        followRedirects: false,
      },
    });
  });

  it('reports unsupported and disabled checks without a request', () => {
    expect(prepareRequest(check('https://a.test/{username}', { disabled: true }), 'x')).toMatchObject({
      ok: false,
      reason: 'disabled',
    });
    expect(
      prepareRequest(
        check('https://a.test/{username}', { unsupported: { reason: 'unsupported_check', detail: 'why' } }),
        'x',
      ),
    ).toEqual({ ok: false, reason: 'unsupported_check', detail: 'why' });
  });
});
