import { describe, expect, it } from 'vitest';
import { matchUrl, parseUrlPattern, type UrlPattern } from './url-pattern.ts';

function pattern(template: string): UrlPattern {
  const parsed = parseUrlPattern(template);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

describe('URL patterns', () => {
  it('captures the username from path segments and query values, percent-decoded', () => {
    const p = pattern('https://example.test/users/{username}/about?tab=1&name={username}');
    expect(matchUrl(p, 'example.test', '/users/j%20doe/about?tab=1&name=j doe')).toEqual(['j doe', 'j doe']);
    expect(matchUrl(p, 'example.test', '/users/jo/about?tab=2&name=jo')).toBeNull();
    expect(matchUrl(p, 'other.test', '/users/jo/about?tab=1&name=jo')).toBeNull();
    expect(matchUrl(p, 'example.test', '/users/a/b/about?tab=1&name=a')).toBeNull();
  });

  it('treats a trailing slash as optional and literal text around the username as part of the segment', () => {
    const p = pattern('https://example.test/@{username}/');
    expect(matchUrl(p, 'example.test', '/@ann')).toEqual(['ann']);
    expect(matchUrl(p, 'example.test', '/@ann/')).toEqual(['ann']);
    expect(matchUrl(p, 'example.test', '/ann')).toBeNull();
    expect(pattern('https://example.test/@{username}').key).toBe(p.key);
  });

  it('handles the username in the host name, case-insensitively', () => {
    const p = pattern('https://{username}.shop.test/');
    expect(p.host).toBe('{username}.shop.test');
    expect(p.hostSuffix).toBe('shop.test');
    expect(matchUrl(p, 'bakery.shop.test', '/')).toEqual(['bakery']);
    expect(matchUrl(p, 'shop.test', '/')).toBeNull();
  });

  it('rejects what cannot be served', () => {
    expect(parseUrlPattern('gopher://x.test/{username}')).toBe('protocol gopher: is not HTTP');
    expect(parseUrlPattern('not a url {username}')).toBe('URL does not parse');
    expect(parseUrlPattern('https://{username}/')).toBe('username is the top-level domain');
  });

  it('prefers literal characters when ranking routes', () => {
    expect(pattern('https://a.test/about').specificity).toBeGreaterThan(
      pattern('https://a.test/{username}').specificity,
    );
  });
});
