import { describe, expect, it } from 'vitest';
import { resolveCatalogueHost } from './get-favicon.ts';

describe('resolveCatalogueHost', () => {
  const hosts = new Set(['github.com', 'www.reddit.com', 'tumblr.com', 'co.uk.example']);

  it('maps a profile host to the catalogue host it belongs to', () => {
    expect(resolveCatalogueHost(hosts, 'github.com')).toBe('github.com');
    expect(resolveCatalogueHost(hosts, 'blue.tumblr.com')).toBe('tumblr.com');
    expect(resolveCatalogueHost(hosts, 'a.b.tumblr.com')).toBe('tumblr.com');
    expect(resolveCatalogueHost(hosts, 'reddit.com')).toBe('www.reddit.com');
  });

  it('answers nothing for any other host, so none is ever fetched', () => {
    expect(resolveCatalogueHost(hosts, 'evil.example')).toBeUndefined();
    expect(resolveCatalogueHost(hosts, 'githubXcom')).toBeUndefined();
    expect(resolveCatalogueHost(hosts, 'github.com.evil.example')).toBeUndefined();
    expect(resolveCatalogueHost(hosts, 'com')).toBeUndefined();
    expect(resolveCatalogueHost(hosts, '169.254.169.254')).toBeUndefined();
  });
});
