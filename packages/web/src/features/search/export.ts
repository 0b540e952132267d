/** Export of a search's results as JSON or CSV, made in the browser (spec 000 §7). */
import { isWebLink } from '../../lib/web-link.ts';
import { entryCategory } from './filters.ts';
import type { ResultEntry } from './search-state.ts';

function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export type ExportExtension = 'json' | 'csv' | 'xlsx' | 'html';

/**
 * `{brand}-{username}-{date}.{ext}` (spec 000 §2) for every result, `…-shown.{ext}` for what the filters show,
 * so the two never overwrite each other in a downloads folder; anything unsafe in a file name is replaced.
 */
export function exportFileName(
  brand: string,
  username: string,
  date: Date,
  ext: ExportExtension,
  scope: 'all' | 'shown' = 'all',
): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_') || '_';
  return `${safe(brand.toLowerCase())}-${safe(username)}-${isoDate(date)}${scope === 'shown' ? '-shown' : ''}.${ext}`;
}

export interface ExportInput {
  brand: string;
  username: string;
  searchId: string | null;
  entries: readonly ResultEntry[];
  exportedAt: Date;
}

export function rows(entries: readonly ResultEntry[]) {
  return entries.map(({ platform, result }) => ({
    platform,
    site_id: result.site_id,
    url: isWebLink(result.url) ? result.url : '',
    found: result.found,
    status: result.status,
    verdict: result.verdict,
    reason: result.reason ?? null,
    category: entryCategory({ platform, result }),
    username: result.username,
    evidence: result.evidence,
  }));
}

export function toExportJson(input: ExportInput): string {
  const list = rows(input.entries);
  const count = (verdict: string) => list.filter((r) => r.verdict === verdict).length;
  return `${JSON.stringify(
    {
      tool: input.brand,
      username: input.username,
      search_id: input.searchId,
      exported_at: input.exportedAt.toISOString(),
      summary: {
        checked: list.length,
        found: count('found'),
        not_found: count('not_found'),
        unknown: count('unknown'),
        invalid: count('invalid'),
      },
      results: list,
    },
    null,
    2,
  )}\n`;
}

export const CSV_COLUMNS = [
  'platform',
  'url',
  'verdict',
  'status',
  'reason',
  'category',
  'http_status',
  'rule',
  'elapsed_ms',
] as const;

/** One CSV cell; cells that a spreadsheet would run as a formula are defused with a leading quote. */
function csvCell(value: string | number | undefined | null): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Byte-order mark: spreadsheets read the file as UTF-8 (non-ASCII names and reasons stay intact). */
export const BOM = '\uFEFF';

/** The cells of one CSV/XLSX row, in CSV_COLUMNS order. */
export function rowCells(r: ReturnType<typeof rows>[number]): Array<string | number | undefined | null> {
  return [
    r.platform,
    r.url,
    r.verdict,
    r.status,
    r.reason,
    r.category,
    r.evidence.status,
    r.evidence.rule,
    r.evidence.elapsed_ms,
  ];
}

export function toCsv(entries: readonly ResultEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows(entries)) lines.push(rowCells(r).map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Hands a file to the browser's download machinery. */
export function downloadFile(name: string, type: string, content: string | Uint8Array<ArrayBuffer>): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
