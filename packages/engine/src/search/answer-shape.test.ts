import { describe, expect, it } from 'vitest';
import type { CheckResponse } from '../model.ts';
import { answerKind, answerShape, lengthClass, maskName, nameForms, sameAnswer } from './answer-shape.ts';

// docs/decisions/127: answers for two names are compared with each one's own name masked.

const page = (name: string, body: string, status = 404): CheckResponse => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body,
  finalUrl: `https://site.test/u/${encodeURIComponent(name)}`,
  redirects: 0,
  truncated: false,
  method: 'GET',
});

describe('maskName', () => {
  it('masks the name as typed, URL-encoded and HTML-escaped, in any case', () => {
    expect(maskName('We looked everywhere for @Alice (alice)', 'alice')).toBe('We looked everywhere for @{u} ({u})');
    expect(maskName('/search?q=o%27neil&x=O%27NEIL', "o'neil")).toBe('/search?q={u}&x={u}');
    expect(maskName('<b>o&#39;neil</b> <i>o&#x27;neil</i>', "o'neil")).toBe('<b>{u}</b> <i>{u}</i>');
    expect(nameForms('a')).toEqual([]);
  });
});

describe('answerShape and sameAnswer', () => {
  const template = (name: string) =>
    `<html><head><title>${name} hasn't posted yet</title></head><body><h1>@${name}</h1></body></html>`;
  it('two echoing pages of one template are the same answer once each name is masked', () => {
    const a = answerShape(page('carol', template('carol'), 200), 'carol');
    const b = answerShape(page('x7q2k', template('x7q2k'), 200), 'x7q2k');
    expect(sameAnswer(a, b)).toBe(true);
    expect(answerKind(a)).toBe(answerKind(b));
  });
  it('a profile and a not-found page are different answers, and different kinds', () => {
    const profile = answerShape(page('carol', '<title>carol · Site</title><p>12 followers</p>', 200), 'carol');
    const missing = answerShape(page('x7q2k', '<title>Site</title><p>User not found</p>'), 'x7q2k');
    expect(sameAnswer(profile, missing)).toBe(false);
    expect(answerKind(profile)).not.toBe(answerKind(missing));
  });
});

describe('a HEAD answer’s kind (decision 160)', () => {
  const head = (name: string, length: number, headers: Record<string, string> = {}): CheckResponse => ({
    ...page(name, '', 404),
    method: 'HEAD',
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': String(length), ...headers },
  });
  it('is the same for a site’s own 404s whose lengths differ by an echoed name', () => {
    expect(answerKind(answerShape(head('carol', 5_120), 'carol'))).toBe(
      answerKind(answerShape(head('nobody-zq7', 5_125), 'nobody-zq7')),
    );
  });
  it('differs for another page of the same status and type: another length class, or other headers', () => {
    const own = answerKind(answerShape(head('carol', 5_120, { server: 'nginx' }), 'carol'));
    expect(answerKind(answerShape(head('carol', 3_900, { server: 'nginx' }), 'carol'))).not.toBe(own);
    expect(answerKind(answerShape(head('carol', 5_120, { server: 'cloudflare', 'cf-ray': 'x' }), 'carol'))).not.toBe(
      own,
    );
    expect(lengthClass(150)).not.toBe(lengthClass(190));
    expect(lengthClass(0)).toBe('0');
  });
});
