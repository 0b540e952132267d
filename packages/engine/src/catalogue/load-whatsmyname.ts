import type { SiteCheck } from '../model.ts';
import type { WhatsMyNameRule } from '../rules/types.ts';
import { USERNAME_PLACEHOLDER } from '../username/place-url.ts';
import { headersOf, headerValue, isRecord, MALFORMED, stringList, unsupportedCheck } from './entry.ts';
import { CatalogueError } from './errors.ts';

const fill = (text: string) => text.split('{account}').join(USERNAME_PLACEHOLDER);

/**
 * Loads WhatsMyName's `wmn-data.json` (research/wmn-email.md §a): code AND string rules, redirects never
 * followed, POST bodies sent with the entry's headers, `strip_bad_char` applied, `valid:false` disabled.
 * @throws CatalogueError `invalid_catalogue` when `sites` is not an array.
 */
export function loadWhatsMyName(data: unknown, source?: string): SiteCheck[] {
  if (!isRecord(data) || !Array.isArray(data.sites)) {
    throw new CatalogueError('invalid_catalogue', 'A WhatsMyName catalogue must be an object with a "sites" array.');
  }
  return data.sites.map((entry, i) => loadEntry(entry, i, source));
}

function loadEntry(entry: unknown, index: number, source: string | undefined): SiteCheck {
  if (!isRecord(entry)) return unsupportedCheck('whatsmyname', `#${index}`, `${MALFORMED}: not an object`, source);
  const name = typeof entry.name === 'string' && entry.name !== '' ? entry.name : `#${index}`;
  const category = typeof entry.cat === 'string' ? entry.cat : '';
  const uriCheck = typeof entry.uri_check === 'string' ? fill(entry.uri_check) : '';
  const base: Partial<SiteCheck> = {
    profileUrl: typeof entry.uri_pretty === 'string' ? fill(entry.uri_pretty) : uriCheck,
    category,
    tags: category ? [category] : [],
    nsfw: category === 'xx NSFW xx',
    knownClaimed: stringList(entry.known),
    protection: stringList(entry.protection),
    disabled: entry.valid === false,
  };
  const bad = (detail: string) => unsupportedCheck('whatsmyname', name, detail, source, base);

  if (!uriCheck) return bad(`${MALFORMED}: uri_check is missing`);
  const { e_code: eCode, m_code: mCode, e_string: eString, m_string: mString } = entry;
  if (typeof eCode !== 'number' || typeof mCode !== 'number') return bad(`${MALFORMED}: e_code/m_code missing`);
  if (typeof eString !== 'string' || typeof mString !== 'string') {
    return bad(`${MALFORMED}: e_string/m_string missing`);
  }
  if (eCode === mCode && eString === mString) {
    return bad('e_code/e_string and m_code/m_string are identical, so found and missing cannot be told apart');
  }
  const headers = headersOf(entry.headers);
  if (!headers) return bad(`${MALFORMED}: headers must map names to strings`);

  const request: SiteCheck['request'] = { method: 'GET', url: uriCheck, headers, followRedirects: false };
  if (typeof entry.post_body === 'string') {
    const contentType = headerValue(headers, 'Content-Type')?.toLowerCase() ?? '';
    request.method = 'POST';
    request.body = fill(entry.post_body);
    request.bodyEncoding = contentType.includes('json')
      ? 'json'
      : contentType.startsWith('application/x-www-form-urlencoded')
        ? 'form'
        : 'raw';
  }
  const rule: WhatsMyNameRule = { kind: 'whatsmyname', eCode, eString, mCode, mString };
  return {
    format: 'whatsmyname',
    name,
    profileUrl: base.profileUrl ?? uriCheck,
    request,
    rule,
    ...(typeof entry.strip_bad_char === 'string' && entry.strip_bad_char !== ''
      ? { stripChars: entry.strip_bad_char }
      : {}),
    category,
    tags: base.tags ?? [],
    nsfw: base.nsfw ?? false,
    knownClaimed: base.knownClaimed ?? [],
    protection: base.protection ?? [],
    disabled: entry.valid === false,
    ...(source === undefined ? {} : { source }),
  };
}
