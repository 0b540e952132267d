import type { CatalogueFormat, SiteCheck } from '../model.ts';
import { translatePythonRegex } from './python-regex.ts';

/** Detail prefix of entries whose shape is wrong (as opposed to checks Hound cannot run). */
export const MALFORMED = 'malformed entry';

export function isMalformed(check: SiteCheck): boolean {
  return check.unsupported?.detail.startsWith(MALFORMED) ?? false;
}

/** A check Hound keeps and reports but cannot run. */
export function unsupportedCheck(
  format: CatalogueFormat,
  name: string,
  detail: string,
  source: string | undefined,
  partial: Partial<SiteCheck> = {},
): SiteCheck {
  return {
    format,
    name,
    profileUrl: '',
    request: { method: 'GET', url: '', headers: {}, followRedirects: false },
    rule: undefined,
    category: '',
    tags: [],
    nsfw: false,
    knownClaimed: [],
    protection: [],
    disabled: false,
    ...partial,
    ...(source === undefined ? {} : { source }),
    unsupported: { reason: 'unsupported_check', detail },
  };
}

/** Translates an upstream `regexCheck`; an untranslatable one makes the entry unsupported. */
export function usernamePatternOf(regexCheck: unknown): { pattern?: string; problem?: string } {
  if (typeof regexCheck !== 'string' || regexCheck === '') return {};
  const translated = translatePythonRegex(regexCheck);
  return translated.ok
    ? { pattern: translated.source }
    : { problem: `regexCheck cannot be used: ${translated.detail}` };
}

/** Only string→string header maps are sent; anything else is a malformed entry. */
export function headersOf(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') return undefined;
    out[k] = v;
  }
  return out;
}

export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.entries(headers).find(([k]) => k.toLowerCase() === lower)?.[1];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
