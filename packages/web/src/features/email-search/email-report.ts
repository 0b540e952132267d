/**
 * An email search's results as files, like the username results': JSON (every answer as the server sent it),
 * CSV and XLSX (one row per site asked), and a self-contained HTML report (no script, nothing loaded).
 * Made in the browser and loaded only when a visitor asks for one.
 */
import { countEmailResults, type EmailCheckResult } from '@hound/contracts';
import type { emailAnswersEn } from '../../i18n/email-answers-en.ts';
import type { Messages } from '../../i18n/messages.ts';
import { fill } from '../../lib/format.ts';
import { documentHead } from '../../lib/html-document.ts';
import { htmlText } from '../../lib/html-text.ts';
import { isWebLink } from '../../lib/web-link.ts';
import { categoryLabel } from '../search/categories.ts';
import { type SheetCell, xlsxSheet } from '../search/xlsx.ts';
import { howDecided } from './email-evidence.ts';
import { csvCell } from './email-export.ts';

export interface EmailReportInput {
  brand: string;
  email: string;
  searchId: string | null;
  results: readonly EmailCheckResult[];
  exportedAt: Date;
  locale: string;
  m: Messages;
  answers: typeof emailAnswersEn;
}

const VERDICT_ORDER = { found: 0, unknown: 1, not_found: 2, invalid: 3 } as const;

function sorted(input: EmailReportInput): EmailCheckResult[] {
  return [...input.results].sort(
    (a, b) => VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] || a.name.localeCompare(b.name, input.locale),
  );
}

export const EMAIL_COLUMNS = [
  'site',
  'domain',
  'category',
  'verdict',
  'reason',
  'how_decided',
  'url',
  'usernames',
  'http_status',
  'rule',
  'elapsed_ms',
] as const;

function table(input: EmailReportInput): SheetCell[][] {
  return sorted(input).map((r) => [
    r.name,
    r.domain,
    r.category,
    r.verdict,
    r.reason ?? '',
    howDecided(r, input.answers, input.m.reasons),
    isWebLink(r.url) ? r.url : '',
    (r.usernames ?? []).join(' '),
    r.evidence.status ?? '',
    r.evidence.rule,
    Math.round(r.evidence.elapsed_ms),
  ]);
}

export function toEmailJson(input: EmailReportInput): string {
  const doc = {
    tool: input.brand,
    email: input.email,
    search_id: input.searchId,
    exported_at: input.exportedAt.toISOString(),
    counts: countEmailResults(input.results),
    results: input.results,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function toEmailCsv(input: EmailReportInput): string {
  const lines = [[...EMAIL_COLUMNS], ...table(input)].map((row) =>
    row.map((cell) => csvCell(cell === undefined || cell === null ? '' : String(cell))).join(','),
  );
  // The BOM makes spreadsheets read the file as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function toEmailXlsx(input: EmailReportInput): Uint8Array<ArrayBuffer> {
  return xlsxSheet(input.email, [[...EMAIL_COLUMNS], ...table(input)], [24, 24, 14, 11, 18, 48, 40, 24, 11, 32, 11]);
}

export function toEmailHtml(input: EmailReportInput): string {
  const { m, locale, answers } = input;
  const r = answers.report;
  const counts = countEmailResults(input.results);
  const when = input.exportedAt.toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });
  const number = (n: number) => n.toLocaleString(locale);
  const verdict = (v: EmailCheckResult['verdict']) =>
    v === 'found' ? r.registered : v === 'not_found' ? r.notRegistered : r.couldNotCheck;
  const rows = sorted(input)
    .map((x) => {
      const href = isWebLink(x.url) ? htmlText(x.url) : '';
      return `<tr class="${x.verdict}">
<td>${htmlText(x.name)}<br><small>${htmlText(x.domain)}</small></td>
<td><span class="badge">${htmlText(verdict(x.verdict))}</span></td>
<td>${htmlText(categoryLabel(x.category, m.categoryNames))}</td>
<td>${htmlText(howDecided(x, answers, m.reasons))}${
        (x.usernames ?? []).length
          ? `<br><small>${htmlText(answers.usernames)}: ${htmlText(x.usernames!.join(', '))}</small>`
          : ''
      }</td>
<td class="url">${href ? `<a href="${href}" rel="noopener noreferrer nofollow">${href}</a>` : '—'}</td>
</tr>`;
    })
    .join('\n');
  return `${documentHead(locale, fill(r.title, { email: input.email, brand: input.brand }), "default-src 'none'; style-src 'unsafe-inline'")}
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; }
  body { margin: 0 auto; max-width: 60rem; padding: 2rem 1rem; line-height: 1.45; overflow-wrap: anywhere; }
  h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
  .meta { color: #475569; margin: 0 0 1rem; font-size: .9rem; }
  .summary { display: flex; flex-wrap: wrap; gap: .5rem; margin: 1rem 0 1.5rem; padding: 0; list-style: none; }
  .summary li { border: 1px solid #cbd5e1; border-radius: .5rem; padding: .4rem .75rem; }
  table { width: 100%; border-collapse: collapse; font-size: .875rem; }
  th, td { text-align: left; vertical-align: top; padding: .4rem .5rem; border-bottom: 1px solid #e2e8f0; }
  th { background: #f1f5f9; font-size: .75rem; text-transform: uppercase; letter-spacing: .03em; }
  td:first-child { font-weight: 600; }
  td small { font-weight: 400; color: #475569; }
  td.url a { color: #92400e; }
  .badge { display: inline-block; border-radius: 999px; padding: 0 .5rem; font-size: .75rem; font-weight: 600; background: #e2e8f0; white-space: nowrap; }
  tr.found .badge { background: #d1fae5; color: #065f46; }
  footer { margin-top: 2rem; color: #64748b; font-size: .8rem; }
  @media screen and (prefers-color-scheme: dark) {
    :root { color-scheme: dark; color: #e2e8f0; background: #0b0f17; }
    .meta, td small { color: #94a3b8; }
    td.url a { color: #fcd34d; }
    th { background: #1e293b; }
    th, td, .summary li { border-color: #334155; }
    .badge { background: #334155; color: #e2e8f0; }
    tr.found .badge { background: #064e3b; color: #a7f3d0; }
  }
  @media (max-width: 40rem) { thead { display: none; } tr { display: block; padding: .4rem 0; border-bottom: 1px solid #e2e8f0; } td { display: block; border: 0; padding: .1rem 0; } }
  @media print { body { padding: 0; max-width: none; } a { color: inherit; } tr { break-inside: avoid; } }
</style>
</head>
<body>
<h1>${htmlText(fill(r.heading, { email: input.email }))}</h1>
<p class="meta">${htmlText(fill(m.report.generated, { brand: input.brand, date: when }))}</p>
<ul class="summary">
<li>${htmlText(answers.counts.asked)}: <b>${number(counts.asked)}</b></li>
<li>${htmlText(answers.counts.found)}: <b>${number(counts.found)}</b></li>
<li>${htmlText(answers.counts.notFound)}: <b>${number(counts.notFound)}</b></li>
<li>${htmlText(answers.counts.unknown)}: <b>${number(counts.unknown)}</b></li>
</ul>
<table>
<thead><tr><th>${htmlText(m.report.site)}</th><th>${htmlText(r.answer)}</th><th>${htmlText(m.report.category)}</th><th>${htmlText(r.how)}</th><th>${htmlText(m.report.profile)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<footer>${htmlText(fill(r.footer, { brand: input.brand }))}</footer>
</body>
</html>
`;
}
