import type { CatalogueFormat, SiteCheck } from '../model.ts';

export interface CatalogueSourceStats {
  format: CatalogueFormat;
  /** The source the checks came from (`SiteCheck.source`), or the format name when unknown. */
  source: string;
  total: number;
  /** Searched by default. */
  usable: number;
  disabled: number;
  /** Named by a published false-positive list (searched only when named). */
  excluded: number;
  unsupported: number;
  /** Unsupported entries by reason detail, most frequent first. */
  unsupportedByReason: Array<{ reason: string; count: number }>;
}

/** Each check counts once, in the first matching bucket: unsupported, disabled, excluded, usable. */
export function catalogueStats(checks: readonly SiteCheck[]): CatalogueSourceStats[] {
  const bySource = new Map<string, { stats: CatalogueSourceStats; reasons: Map<string, number> }>();
  for (const check of checks) {
    const source = check.source ?? check.format;
    const key = `${check.format}\u0000${source}`;
    let entry = bySource.get(key);
    if (!entry) {
      entry = {
        stats: {
          format: check.format,
          source,
          total: 0,
          usable: 0,
          disabled: 0,
          excluded: 0,
          unsupported: 0,
          unsupportedByReason: [],
        },
        reasons: new Map(),
      };
      bySource.set(key, entry);
    }
    const { stats, reasons } = entry;
    stats.total++;
    if (check.unsupported) {
      stats.unsupported++;
      const reason = reasonGroup(check.unsupported.detail);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    } else if (check.disabled) stats.disabled++;
    else if (check.excluded) stats.excluded++;
    else stats.usable++;
  }
  return [...bySource.values()].map(({ stats, reasons }) => ({
    ...stats,
    unsupportedByReason: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  }));
}

/** Groups details that differ only in a quoted value, e.g. every `identifier type "…" is not a username`. */
function reasonGroup(detail: string): string {
  if (detail.startsWith('identifier type ')) return 'identifier type is not a username';
  if (detail.startsWith('activation flow ')) return 'activation flow is not implemented';
  if (detail.startsWith('regexCheck cannot be used')) return 'regexCheck cannot be used';
  return detail;
}
