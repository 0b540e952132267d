import { describe, expect, it } from 'vitest';
import { adminEn } from './admin-en.ts';
import { adminTr } from './admin-tr.ts';
import { apiEn } from './api-en.ts';
import { apiTr } from './api-tr.ts';
import { billingEn } from './billing-en.ts';
import { billingTr } from './billing-tr.ts';
import { creditsEn } from './credits-en.ts';
import { creditsTr } from './credits-tr.ts';
import { emailAnswersEn } from './email-answers-en.ts';
import { emailAnswersTr } from './email-answers-tr.ts';
import { en } from './en.ts';
import { legalEn } from './legal-en.ts';
import { legalTr } from './legal-tr.ts';
import { tr } from './tr.ts';

/** The page catalogue and the features' own catalogues (loaded with their pages, decision 156): each pair checked alike. */
const CATALOGUES: Array<[string, unknown, unknown]> = [
  ['pages', en, tr],
  ['admin', adminEn, adminTr],
  ['api', apiEn, apiTr],
  ['billing', billingEn, billingTr],
  ['credits', creditsEn, creditsTr],
  ['emailAnswers', emailAnswersEn, emailAnswersTr],
  ['legal', legalEn, legalTr],
];

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
  for (const [name, english, turkishCatalogue] of CATALOGUES) {
    it(`${name}: Turkish has exactly the keys (and list lengths) of English`, () => {
      expect(paths(turkishCatalogue)).toEqual(paths(english));
    });

    it(`${name}: every Turkish string keeps the placeholders of its English string`, () => {
      const turkish = new Map(leaves(turkishCatalogue));
      for (const [path, text] of leaves(english))
        expect([path, placeholders(turkish.get(path)!)]).toEqual([path, placeholders(text)]);
    });
  }

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
