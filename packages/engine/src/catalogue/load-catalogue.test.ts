import { describe, expect, it } from 'vitest';
import { detectCatalogueFormat } from './detect-format.ts';
import { CatalogueError } from './errors.ts';
import { loadCatalogue } from './load-catalogue.ts';

const sherlock = {
  $schema: 'data.schema.json',
  GitHub: {
    url: 'https://github.com/{}',
    urlMain: 'https://github.com/',
    errorType: 'status_code',
    username_claimed: 'blue',
  },
};
const wmn = {
  license: [],
  authors: [],
  categories: [],
  sites: [
    {
      name: 'X',
      uri_check: 'https://x.test/{account}',
      e_code: 200,
      e_string: 'a',
      m_code: 404,
      m_string: 'b',
      known: ['a'],
      cat: 'social',
    },
  ],
};
const maigret = {
  sites: { Y: { url: 'https://y.test/{username}', checkType: 'status_code', usernameClaimed: 'a' } },
  engines: {},
  tags: [],
};
const hound = { format: 'hound', version: 1, sites: [] };

describe('loadCatalogue', () => {
  it('detects every format from content', () => {
    expect(detectCatalogueFormat(sherlock)).toBe('sherlock');
    expect(detectCatalogueFormat(wmn)).toBe('whatsmyname');
    expect(detectCatalogueFormat(maigret)).toBe('maigret');
    expect(detectCatalogueFormat(hound)).toBe('hound');
    expect(detectCatalogueFormat([1])).toBeUndefined();
  });
  it('loads text or data and records the source', () => {
    const checks = loadCatalogue(JSON.stringify(sherlock), { source: 'file.json' });
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      format: 'sherlock',
      name: 'GitHub',
      source: 'file.json',
      profileUrl: 'https://github.com/{username}',
    });
    expect(loadCatalogue(wmn)[0]?.format).toBe('whatsmyname');
    expect(loadCatalogue(maigret)[0]?.format).toBe('maigret');
  });
  it.each([
    ['not json', 'invalid_json', undefined],
    ['{"hello": 1}', 'unknown_catalogue_format', undefined],
    [JSON.stringify(wmn), 'format_mismatch', 'maigret'],
  ] as const)('%j → %s', (text, code, format) => {
    try {
      loadCatalogue(text, format ? { format } : {});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CatalogueError);
      expect((error as CatalogueError).code).toBe(code);
    }
  });
  it('keeps entries whose URL template cannot hold a username, as unsupported', () => {
    const checks = loadCatalogue({
      Odd: {
        url: 'https://{}@odd.test/',
        urlMain: 'https://odd.test/',
        errorType: 'status_code',
        username_claimed: 'a',
      },
    });
    expect(checks[0]?.unsupported?.detail).toContain('URL template');
  });
});
