/**
 * The reports a visitor hands over, made in the browser and loaded only when asked for: a
 * self-contained HTML page (printable to PDF by the browser) and an XLSX workbook written without a
 * dependency (a stored ZIP of five small XML files).
 */
import type { ProfileFact } from '@hound/contracts';
import type { Messages } from '../../i18n/messages.ts';
import { fill } from '../../lib/format.ts';
import { documentHead } from '../../lib/html-document.ts';
import { htmlText } from '../../lib/html-text.ts';
import { isWebLink } from '../../lib/web-link.ts';
import { categoryLabel } from './categories.ts';
import { CSV_COLUMNS, type ExportInput, rowCells, rows } from './export.ts';
import { summarize } from './filters.ts';
import { conflictSummary, reasonText } from './result-card.tsx';
import { xlsxSheet } from './xlsx.ts';

/** Only http(s) links are made clickable. */
const safeHref = (url: string) => (isWebLink(url) ? htmlText(url) : '');

export interface ReportInput extends ExportInput {
  /** The address that reopens the search (`…/search/{id}`), when it has one. */
  link: string | null;
  /** "all results" or the active filters, said in words. */
  scope: string;
  locale: string;
  m: Messages;
}

const VERDICT_ORDER = { found: 0, unknown: 1, not_found: 2, invalid: 3 } as const;

/**
 * The facts a result carries (issue 29), read defensively: results stored before facts existed have none, and
 * anything that is not a list of `{kind, value, source}` strings is left out rather than trusted.
 */
export function resultFacts(result: object): ProfileFact[] {
  const facts = (result as { facts?: unknown }).facts;
  if (!Array.isArray(facts)) return [];
  return facts.filter(
    (f): f is ProfileFact =>
      !!f &&
      typeof f === 'object' &&
      typeof (f as ProfileFact).kind === 'string' &&
      typeof (f as ProfileFact).value === 'string' &&
      typeof (f as ProfileFact).source === 'string',
  );
}

/** "Facts": per found profile, what its page states, each with the page it was read from. */
function factsSection(entries: ReportInput['entries'], m: Messages): string {
  const g = m.graph;
  const profiles = entries
    // Only a found profile's page speaks for its owner: facts of any other verdict are never shown (issue 29).
    .filter((e) => e.result.verdict === 'found')
    .map((e) => ({ platform: e.platform, url: e.result.url, facts: resultFacts(e.result) }))
    .filter((p) => p.facts.length > 0);
  if (!profiles.length) return '';
  const kindName = (kind: string) => (g.factKinds as Record<string, string | undefined>)[kind] ?? kind;
  const items = profiles.map((p) => {
    const href = safeHref(p.url);
    const facts = p.facts
      .map((f) => {
        const source = safeHref(f.source);
        return `<dt>${htmlText(kindName(f.kind))}</dt><dd>${htmlText(f.value)}${
          source
            ? ` <small>(<a href="${source}" rel="noopener noreferrer nofollow">${htmlText(g.report.source)}</a>${f.via ? `, ${htmlText(f.via)}` : ''})</small>`
            : ''
        }</dd>`;
      })
      .join('');
    return `<article class="profile"><h3>${htmlText(p.platform)}${
      href ? ` <a href="${href}" rel="noopener noreferrer nofollow">${htmlText(p.url)}</a>` : ''
    }</h3><dl>${facts}</dl></article>`;
  });
  return `<section class="facts">
<h2>${htmlText(g.report.facts)}</h2>
<p class="meta">${htmlText(g.report.intro)}</p>
${items.join('\n')}
</section>`;
}

export function toHtmlReport(input: ReportInput): string {
  const { m, locale } = input;
  const r = m.report;
  const summary = summarize(input.entries);
  const when = input.exportedAt.toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });
  const sorted = [...input.entries].sort(
    (a, b) =>
      VERDICT_ORDER[a.result.verdict] - VERDICT_ORDER[b.result.verdict] || a.platform.localeCompare(b.platform, locale),
  );
  const row = ({ platform, result }: (typeof sorted)[number], category: string) => {
    const note =
      result.reason === 'conflict'
        ? fill(m.result.conflict, { summary: conflictSummary(result, m) })
        : reasonText(result.reason, m.reasons);
    const href = safeHref(result.url);
    return `<tr class="${result.verdict}">
<td>${htmlText(platform)}</td>
<td><span class="badge">${htmlText(m.verdicts[result.verdict])}</span></td>
<td>${htmlText(categoryLabel(category, m.categoryNames))}</td>
<td class="url">${href ? `<a href="${href}" rel="noopener noreferrer nofollow">${htmlText(result.url)}</a>` : '—'}</td>
<td>${note ? htmlText(note) : ''}</td>
</tr>`;
  };
  const table = rows(sorted)
    .map((x, i) => row(sorted[i]!, x.category))
    .join('\n');
  const number = (n: number) => n.toLocaleString(locale);
  return `${documentHead(locale, fill(r.title, { username: input.username, brand: input.brand }))}
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; }
  body { margin: 0 auto; max-width: 60rem; padding: 2rem 1rem; line-height: 1.45; }
  h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
  .meta { color: #475569; margin: 0 0 1rem; font-size: .9rem; }
  .meta a { color: #92400e; word-break: break-all; }
  .summary { display: flex; flex-wrap: wrap; gap: .5rem; margin: 1rem 0 1.5rem; padding: 0; list-style: none; }
  .summary li { border: 1px solid #cbd5e1; border-radius: .5rem; padding: .4rem .75rem; }
  .summary b { font-variant-numeric: tabular-nums; }
  table { width: 100%; border-collapse: collapse; font-size: .875rem; }
  th, td { text-align: left; vertical-align: top; padding: .4rem .5rem; border-bottom: 1px solid #e2e8f0; }
  th { background: #f1f5f9; font-size: .75rem; text-transform: uppercase; letter-spacing: .03em; }
  td:first-child { font-weight: 600; }
  td.url { overflow-wrap: anywhere; min-width: 14rem; }
  td.url a { color: #92400e; }
  .badge { display: inline-block; border-radius: 999px; padding: 0 .5rem; font-size: .75rem; font-weight: 600; background: #e2e8f0; white-space: nowrap; }
  tr.found .badge { background: #d1fae5; color: #065f46; }
  tr.unknown .badge { background: #fef3c7; color: #92400e; }
  footer { margin-top: 2rem; color: #64748b; font-size: .8rem; }
  .facts h2 { font-size: 1.2rem; margin: 2rem 0 .25rem; }
  .facts h3 { font-size: 1rem; margin: 1rem 0 .25rem; overflow-wrap: anywhere; }
  .facts h3 a { font-weight: 400; font-size: .85rem; color: #92400e; }
  .facts dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .75rem; margin: 0; font-size: .875rem; }
  .facts dt { font-weight: 600; }
  .facts dd { margin: 0; overflow-wrap: anywhere; }
  .facts small a { color: #92400e; }
  .facts article { break-inside: avoid; }
  @media screen and (prefers-color-scheme: dark) {
    :root { color-scheme: dark; color: #e2e8f0; background: #0b0f17; }
    .meta { color: #94a3b8; }
    .meta a, td.url a { color: #fcd34d; }
    .summary li { border-color: #334155; }
    th { background: #1e293b; }
    th, td { border-color: #1e293b; }
    .badge { background: #334155; color: #e2e8f0; }
    tr.found .badge { background: #064e3b; color: #a7f3d0; }
    tr.unknown .badge { background: #78350f; color: #fde68a; }
    footer { color: #94a3b8; }
    .facts h3 a, .facts small a { color: #fcd34d; }
  }
  @media (max-width: 40rem) {
    td.url { min-width: 0; }
    thead { display: none; }
    tr { display: block; border-bottom: 1px solid #e2e8f0; padding: .4rem 0; }
    td { display: block; border: 0; padding: .1rem 0; }
  }
  @media print {
    body { padding: 0; max-width: none; }
    a { color: inherit; }
    tr { break-inside: avoid; }
  }
</style>
</head>
<body>
<h1>${htmlText(fill(r.heading, { username: input.username }))}</h1>
<p class="meta">${htmlText(fill(r.generated, { brand: input.brand, date: when }))}<br>${htmlText(input.scope)}${
    input.link ? `<br>${htmlText(r.reopen)} <a href="${safeHref(input.link)}">${htmlText(input.link)}</a>` : ''
  }</p>
<ul class="summary">
<li>${htmlText(r.found)}: <b>${number(summary.found)}</b></li>
<li>${htmlText(r.notFound)}: <b>${number(summary.notFound)}</b></li>
<li>${htmlText(r.unknown)}: <b>${number(summary.unknown + summary.conflict + summary.invalid)}</b></li>
<li>${htmlText(r.checked)}: <b>${number(summary.checked)}</b></li>
</ul>
<table>
<thead><tr><th>${htmlText(r.site)}</th><th>${htmlText(r.verdict)}</th><th>${htmlText(r.category)}</th><th>${htmlText(r.profile)}</th><th>${htmlText(r.note)}</th></tr></thead>
<tbody>
${table}
</tbody>
</table>
${factsSection(sorted, m)}
<footer>${htmlText(fill(r.footer, { brand: input.brand }))}</footer>
</body>
</html>
`;
}

/** One worksheet: the CSV's columns, numbers as numbers, text as inline strings; a frozen, filterable header. */
export function toXlsx(input: ExportInput): Uint8Array<ArrayBuffer> {
  return xlsxSheet(
    input.username || 'results',
    [[...CSV_COLUMNS], ...rows(input.entries).map(rowCells)],
    [28, 48, 11, 11, 18, 16, 11, 40, 11],
  );
}
