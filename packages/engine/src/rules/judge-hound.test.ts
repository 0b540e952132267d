import { describe, expect, it } from 'vitest';
import { CatalogueError } from '../catalogue/errors.ts';
import { loadHound } from '../catalogue/load-hound.ts';
import type { CheckResponse } from '../model.ts';
import { judge } from './judge.ts';

function res(status: number, body = '', headers: Record<string, string> = {}): CheckResponse {
  return { status, body, headers, finalUrl: 'https://h.test/u/x', redirects: 0, truncated: false };
}

const base = { name: 'H', profileUrl: 'https://h.test/u/{username}', knownClaimed: ['alice'] };

describe('Hound format', () => {
  it('loads a two-sided rule and judges it', () => {
    const [check] = loadHound({
      format: 'hound',
      version: 1,
      sites: [{ ...base, found: { status: ['2xx'], bodyIncludesAll: ['"user":'] }, notFound: { status: [404] } }],
    });
    expect(check).toMatchObject({
      format: 'hound',
      request: { method: 'GET', url: 'https://h.test/u/{username}', followRedirects: true },
    });
    expect(judge(check!, res(200, '{"user":1}'))).toMatchObject({ verdict: 'found' });
    expect(judge(check!, res(404))).toMatchObject({ verdict: 'not_found' });
    expect(judge(check!, res(200, 'soft 404'))).toMatchObject({ verdict: 'unknown', reason: 'unexpected_response' });
    expect(judge(check!, res(403))).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
  });
  it('expresses one-sided rules with "otherwise", redirects and site errors', () => {
    const [check] = loadHound({
      format: 'hound',
      version: 1,
      sites: [
        {
          ...base,
          request: { followRedirects: false },
          found: 'otherwise',
          notFound: { status: ['3xx'], redirectTo: 'https://h.test/missing?u={username}' },
          errors: { 'maintenance mode': 'site under maintenance' },
        },
      ],
    });
    expect(judge(check!, res(302, '', { location: '/missing?u=bob' }), 'bob')).toMatchObject({ verdict: 'not_found' });
    expect(judge(check!, res(200, 'hi'), 'bob')).toMatchObject({ verdict: 'found' });
    expect(judge(check!, res(200, 'maintenance mode'), 'bob')).toMatchObject({
      reason: 'site_error',
      detail: 'site under maintenance',
    });
  });
  it('a matcher may accept an explicit 403', () => {
    const [check] = loadHound({
      format: 'hound',
      version: 1,
      sites: [{ ...base, found: { status: [200] }, notFound: { status: [403] } }],
    });
    expect(judge(check!, res(403))).toMatchObject({ verdict: 'not_found' });
  });
  it('rejects bad catalogues with every problem listed', () => {
    const bad = {
      format: 'hound',
      version: 1,
      sites: [{ ...base, found: 'otherwise', notFound: 'otherwise', extra: 1 }, { name: 'x' }],
    };
    expect(() => loadHound(bad)).toThrowError(CatalogueError);
    try {
      loadHound(bad);
    } catch (error) {
      expect((error as CatalogueError).code).toBe('invalid_catalogue');
      expect((error as Error).message).toMatch(/sites\.0/);
      expect((error as Error).message).toMatch(/sites\.1/);
    }
    expect(() =>
      loadHound({ format: 'hound', version: 1, sites: [{ ...base, found: {}, notFound: 'otherwise' }] }),
    ).toThrowError(/at least one condition/);
    expect(() =>
      loadHound({
        format: 'hound',
        version: 1,
        sites: [{ ...base, found: { bodyMatches: '(' }, notFound: 'otherwise' }],
      }),
    ).toThrowError(/regular expression/);
  });
});
