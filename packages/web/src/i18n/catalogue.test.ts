import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { tr } from './tr.ts';

function paths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value))
    return [`${prefix}[${value.length}]`, ...value.flatMap((v, i) => paths(v, `${prefix}[${i}]`))];
  return Object.entries(value as object).flatMap(([k, v]) => paths(v, prefix ? `${prefix}.${k}` : k));
}

const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();

function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${prefix}[${i}]`));
  return Object.entries(value as object).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('catalogues', () => {
  it('Turkish has exactly the keys (and list lengths) of English', () => {
    expect(paths(tr)).toEqual(paths(en));
  });

  it('every Turkish string keeps the placeholders of its English string', () => {
    const turkish = new Map(leaves(tr));
    for (const [path, text] of leaves(en))
      expect([path, placeholders(turkish.get(path)!)]).toEqual([path, placeholders(text)]);
  });

  it('carries the spec strings', () => {
    expect(en.search.placeholder).toBe('Enter username to search...');
    expect(en.filters.statuses.found).toBe('Found only');
    expect(en.results.noMatch).toBe('No results match your current filters.');
    expect(en.article.notFoundTitle).toBe('Article Not Found');
    expect(en.article.notFoundText).toBe("The article you're looking for doesn't exist.");
    expect(tr.crash.title).toBe('Bir Hata Oluştu');
    expect(tr.crash.reload).toBe('Sayfayı Yenile');
  });
});
