import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, loadCatalogue } from './load-catalogue.ts';
import { loadMaigret, mergeEngine } from './maigret.ts';
import { pythonFormat } from './python-format.ts';
import { loadSherlock } from './sherlock.ts';
import { loadWhatsMyName } from './whatsmyname.ts';

describe('format detection', () => {
  it('recognises each format by shape', () => {
    expect(detectFormat({ sites: {}, engines: {}, tags: [] })).toBe('maigret');
    expect(detectFormat({ sites: [], license: [] })).toBe('whatsmyname');
    expect(detectFormat({ $schema: 'x', A: { url: 'https://a/{}', errorType: 'status_code' } })).toBe('sherlock');
    expect(detectFormat({ hello: 'world' })).toBeUndefined();
    expect(detectFormat([1, 2])).toBeUndefined();
  });

  it('reports unreadable, non-JSON and unknown files with stable codes', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'hound-cat-'));
    await writeFile(path.join(dir, 'bad.json'), '{nope');
    await writeFile(path.join(dir, 'odd.json'), '{"hello":"world"}');
    await expect(loadCatalogue({ path: path.join(dir, 'missing.json') })).rejects.toMatchObject({
      code: 'CATALOGUE_UNREADABLE',
    });
    await expect(loadCatalogue({ path: path.join(dir, 'bad.json') })).rejects.toMatchObject({
      code: 'CATALOGUE_INVALID',
    });
    await expect(loadCatalogue({ path: path.join(dir, 'odd.json') })).rejects.toMatchObject({
      code: 'CATALOGUE_FORMAT_UNKNOWN',
    });
    expect(() => loadWhatsMyName({ sites: {} })).toThrow(expect.objectContaining({ code: 'CATALOGUE_INVALID' }));
  });
});

describe('Python str.format', () => {
  it('replaces named fields and unescapes doubled braces', () => {
    expect(pythonFormat('{urlMain}/u/{username}', { urlMain: 'https://a', username: 'x' })).toBe('https://a/u/x');
    expect(pythonFormat('{{ user(name: "{username}") {{ id }} }}', { username: 'x' })).toBe(
      '{ user(name: "x") { id } }',
    );
    expect(pythonFormat('{nope}', {})).toEqual({ error: 'unknown field {nope} in template' });
    expect(pythonFormat('a}b', {})).toEqual({ error: 'single "}" in template' });
  });
});

describe('Sherlock loader', () => {
  it('derives method, probe URL, body and the two sides', () => {
    const { entries, skipped } = loadSherlock({
      A: { errorType: 'status_code', url: 'https://a.test/{}', urlMain: 'https://a.test', username_claimed: 'x' },
      B: {
        errorType: 'message',
        errorMsg: 'gone',
        url: 'https://b.test',
        urlProbe: 'https://b.test/api',
        urlMain: 'https://b.test',
        request_method: 'POST',
        request_payload: { q: ['{}'] },
        username_claimed: 'y',
      },
      C: { errorType: 'magic', url: 'https://c.test/{}', urlMain: 'x', username_claimed: 'z' },
      D: {
        errorType: 'status_code',
        url: 'https://d.test/{}',
        urlMain: 'x',
        username_claimed: 'z',
        request_method: 'TRACE',
      },
    });
    expect(entries.map((e) => [e.name, e.method, e.url])).toEqual([
      ['A', 'HEAD', 'https://a.test/{username}'],
      ['B', 'POST', 'https://b.test/api'],
    ]);
    expect(entries[1]?.body).toEqual({ kind: 'json', value: { q: ['{username}'] } });
    expect(entries[0]?.missing.status.accepts(404)).toBe(true);
    expect(entries[0]?.exists.status.accepts(404)).toBe(false);
    expect(skipped.map((s) => s.name)).toEqual(['C', 'D']);
  });
});

describe('WhatsMyName loader', () => {
  it('POST bodies by Content-Type, strip_bad_char, both sides exclusive', () => {
    const { entries } = loadWhatsMyName({
      sites: [
        {
          name: 'P',
          uri_check: 'https://p.test/check',
          post_body: 'user={account}&x=1',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          strip_bad_char: '.',
          e_code: 200,
          e_string: 'taken',
          m_code: 200,
          m_string: 'free',
          known: ['a.b'],
        },
      ],
    });
    const [p] = entries;
    expect(p?.body).toEqual({
      kind: 'form',
      params: [
        ['user', '{username}'],
        ['x', '1'],
      ],
    });
    expect(p?.transformUsername?.('a.b.c')).toBe('abc');
    expect(p?.exists).toMatchObject({ includeOneOf: [['taken']], exclude: ['free'] });
    expect(p?.missing).toMatchObject({ includeOneOf: [['free']], exclude: ['taken'] });
  });
});

describe('Maigret loader', () => {
  it('merges engines as update_from_engine does', () => {
    const merged = mergeEngine(
      { url: 'site', presenseStrs: ['s'], headers: { a: '1' }, tags: ['x'] },
      { url: 'engine', presenseStrs: ['e'], headers: { b: '2' }, cookies: { c: '3' }, errors: { oops: 'E' } },
    );
    expect(merged).toEqual({
      url: 'engine',
      presenseStrs: ['s', 'e'],
      headers: { a: '1', b: '2' },
      tags: ['x'],
      errors: { oops: 'E' },
    });
  });

  it('puts correctly spelt presenceStrs on the exists page and redirects missing profiles to errorUrl', () => {
    const { entries } = loadMaigret({
      engines: {},
      sites: {
        P: {
          checkType: 'message',
          url: 'https://p.test/{username}',
          presenceStrs: ['Profile of'],
          usernameClaimed: 'u',
        },
        R: {
          checkType: 'response_url',
          url: 'https://r.test/{username}',
          urlMain: 'https://r.test/',
          errorUrl: 'https://r.test/search?q={username}',
          usernameClaimed: 'u',
        },
        Filler: { checkType: 'response_url', url: 'https://f.test/{username}', errorUrl: 'https://f.test/{username}' },
      },
    });
    const [presence, redirect, filler] = entries;
    expect(presence?.exists.includeOneOf).toEqual([['Profile of']]);
    expect(presence?.missing.exclude).toContain('Profile of');
    expect(redirect?.missing.location).toBe('https://r.test/search?q={username}');
    expect(filler?.missing.location).toBe('/');
  });

  it('formats URLs, skips non-HTTP protocols, keeps errors out of pages', () => {
    const { entries, skipped } = loadMaigret({
      engines: {
        E: {
          site: {
            checkType: 'message',
            absenceStrs: ['none'],
            errors: { 'Bad gateway': 'x' },
            url: '{urlMain}{urlSubpath}//m/{username}',
          },
        },
      },
      sites: {
        F: { engine: 'E', urlMain: 'https://f.test', urlSubpath: '/forum', usernameClaimed: 'u' },
        T: { protocol: 'tor', checkType: 'status_code', url: 'http://t.onion/{username}' },
        X: { engine: 'Missing', url: 'x' },
      },
    });
    expect(entries[0]?.url).toBe('https://f.test/forum/m/{username}');
    expect(entries[0]?.exists.exclude).toEqual(['none', 'Bad gateway']);
    expect(entries[0]?.missing.status.accepts(403)).toBe(false);
    expect(entries[0]?.followsRedirects).toBe(true);
    expect(skipped).toEqual([
      { format: 'maigret', name: 'T', reason: 'protocol tor is not HTTP' },
      { format: 'maigret', name: 'X', reason: 'unknown engine Missing' },
    ]);
  });
});
