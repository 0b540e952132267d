import type { EmailCheckResult } from '@hound/contracts';
import { describe, expect, it } from 'vitest';
import { emailAnswersEn } from '../../i18n/email-answers-en.ts';
import { en } from '../../i18n/en.ts';
import { exportFileName } from '../search/export.ts';
import { EMAIL_COLUMNS, toEmailCsv, toEmailHtml, toEmailJson, toEmailXlsx } from './email-report.ts';

const result = (id: string, verdict: EmailCheckResult['verdict'], extra: Partial<EmailCheckResult> = {}) =>
  ({
    check_id: id,
    name: id,
    domain: `${id}.example`,
    category: 'social',
    url: '',
    method: 'register',
    verdict,
    evidence: { rule: 'status 200', elapsed_ms: 12.4, agreed: [], status: 200 },
    ...extra,
  }) as EmailCheckResult;

const input = {
  brand: 'Hound',
  email: 'ivy@example.com',
  searchId: 's1',
  results: [
    result('zeta', 'not_found'),
    result('alpha', 'found', { url: 'https://alpha.example/ivy', usernames: ['ivy_s'] }),
    result('evil', 'found', { name: '=HYPERLINK("x")<script>', url: 'javascript:alert(1)' }),
  ],
  exportedAt: new Date('2026-11-29T10:00:00Z'),
  locale: 'en-GB',
  m: en,
  answers: emailAnswersEn,
};

describe('email results exports', () => {
  it('names files after the brand, the address and the day', () => {
    expect(exportFileName('Hound', 'ivy@example.com', input.exportedAt, 'xlsx')).toBe(
      'hound-ivy_example.com-2026-11-29.xlsx',
    );
  });

  it('JSON carries every answer and the counts; CSV a row per site, found first, formulas defused', () => {
    const doc = JSON.parse(toEmailJson(input));
    expect(doc).toMatchObject({ tool: 'Hound', email: 'ivy@example.com', search_id: 's1', counts: { found: 2 } });
    expect(doc.results).toHaveLength(3);
    const lines = toEmailCsv(input).slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(EMAIL_COLUMNS.join(','));
    expect(lines.map((l) => l.split(',')[0])).toEqual(['site', `"'=HYPERLINK(""x"")<script>"`, 'alpha', 'zeta']);
    expect(lines[2]).toContain('https://alpha.example/ivy');
    // Only http(s) addresses are exported as links.
    expect(lines[1]).not.toContain('javascript:');
  });

  it('XLSX is a ZIP holding the sheet; HTML has no script and escapes what sites returned', () => {
    const xlsx = toEmailXlsx(input);
    expect([...xlsx.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const html = toEmailHtml(input);
    expect(html).toContain('Email search report: “ivy@example.com”');
    expect(html).not.toMatch(/<script|javascript:/);
    expect(html).toContain('=HYPERLINK(&quot;x&quot;)&lt;script&gt;');
    expect(html.match(/<tr class="found">/g)).toHaveLength(2);
  });
});
