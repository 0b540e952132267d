/** Export of one email search as JSON or CSV (cells safe against formula injection). */
import type { EmailAccount } from '@hound/contracts';

export interface ExportableSearch {
  searchId: string;
  email: string;
  timestamp: string;
  status: string;
  accounts: EmailAccount[];
}

/** A spreadsheet runs a cell starting with =, +, -, @, tab or CR as a formula: prefix it with '. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(search: ExportableSearch): string {
  const rows = [['site', 'domain', 'category', 'links', 'email', 'search_id', 'time']];
  for (const a of search.accounts)
    rows.push([
      a.siteName,
      a.domain,
      a.category ?? '',
      a.urls.join(' '),
      search.email,
      search.searchId,
      search.timestamp,
    ]);
  // The BOM makes spreadsheets read the file as UTF-8.
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function toJson(search: ExportableSearch): string {
  return `${JSON.stringify(search, null, 2)}\n`;
}

export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
