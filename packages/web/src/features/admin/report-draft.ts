import { REPORT_FIELDS, type Report, type ReportField } from '@hound/contracts';
import { useState } from 'react';

export const EMPTY_REPORT: Report = Object.fromEntries(REPORT_FIELDS.map((f) => [f, ''])) as Report;

export interface ReportDraft {
  report: Report;
  /** The report as the server last stored it (null: never saved). */
  saved: Report | null;
  /** Edits not yet saved. */
  dirty: boolean;
  set(field: ReportField, value: string): void;
  markSaved(report: Report): void;
}

/** The report being written, kept apart from the order's reads (which repeat while a search runs). */
export function useReportDraft(initial: Report | null): ReportDraft {
  const [report, setReport] = useState<Report>(() => ({ ...EMPTY_REPORT, ...initial }));
  const [saved, setSaved] = useState<Report | null>(initial);
  return {
    report,
    saved,
    dirty: REPORT_FIELDS.some((f) => report[f] !== (saved?.[f] ?? '')),
    set: (field, value) => setReport((r) => ({ ...r, [field]: value })),
    markSaved: setSaved,
  };
}

/** The found accounts as report lines, `Site — url` (the domain when an account has no link). */
export function accountLines(accounts: readonly { siteName: string; domain: string; urls: readonly string[] }[]) {
  return accounts.flatMap((a) =>
    a.urls.length > 0 ? a.urls.map((url) => `${a.siteName} — ${url}`) : [`${a.siteName} — ${a.domain}`],
  );
}

/** Appends the lines that the text does not already hold, one per line; `added` counts them. */
export function appendLines(text: string, lines: readonly string[]): { text: string; added: number } {
  const present = new Set(text.split('\n').map((l) => l.trim()));
  const fresh = [...new Set(lines)].filter((l) => !present.has(l));
  if (fresh.length === 0) return { text, added: 0 };
  const head = text.trimEnd();
  return { text: head ? `${head}\n${fresh.join('\n')}` : fresh.join('\n'), added: fresh.length };
}
