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

/**
 * Appends the lines that the text does not already hold, one per line, as many whole lines as fit in `max`
 * characters (a search on a well-used address can find more accounts than one report field holds);
 * `added` counts the lines appended, `left` those that did not fit.
 */
export function appendLines(
  text: string,
  lines: readonly string[],
  max = Number.POSITIVE_INFINITY,
): { text: string; added: number; left: number } {
  const present = new Set(text.split('\n').map((l) => l.trim()));
  const fresh = [...new Set(lines)].filter((l) => !present.has(l));
  let out = text.trimEnd();
  let added = 0;
  for (const line of fresh) {
    const next = out ? `${out}\n${line}` : line;
    if (next.length > max) break;
    out = next;
    added += 1;
  }
  return added === 0 ? { text, added, left: fresh.length } : { text: out, added, left: fresh.length - added };
}
