import type { CatalogueFormat } from '../model.ts';
import { isRecord } from './entry.ts';

/** Recognises a parsed catalogue's format from its shape, or undefined. */
export function detectCatalogueFormat(data: unknown): CatalogueFormat | undefined {
  if (!isRecord(data)) return undefined;
  if (data.format === 'hound') return 'hound';
  if (Array.isArray(data.sites)) {
    const first = data.sites.find(isRecord);
    if (first === undefined || 'uri_check' in first || 'e_code' in first) return 'whatsmyname';
    return undefined;
  }
  if (isRecord(data.sites)) return 'maigret';
  const entries = Object.entries(data).filter(([key]) => key !== '$schema');
  if (
    entries.length > 0 &&
    entries.every(([, v]) => isRecord(v)) &&
    entries.some(([, v]) => 'errorType' in (v as object))
  ) {
    return 'sherlock';
  }
  return undefined;
}
