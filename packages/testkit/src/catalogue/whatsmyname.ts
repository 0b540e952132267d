import { TestkitError } from '../errors.ts';
import type { BodyTemplate } from '../site/body-pattern.ts';
import { exactStatus, requiredHeaders, type SiteEntry, stringList } from '../site/entry.ts';
import { USERNAME } from '../site/placeholder.ts';
import { isRecord, type LoadedCatalogue } from './loaded.ts';

/** The post_body as the site reads it: JSON or form when the Content-Type says so and it parses. */
function bodyTemplate(postBody: string, headers: Record<string, string>): BodyTemplate {
  const contentType = (headers['content-type'] ?? '').toLowerCase();
  const text = postBody.replaceAll('{account}', USERNAME);
  if (contentType.includes('json')) {
    try {
      return { kind: 'json', value: JSON.parse(text) };
    } catch {
      return { kind: 'raw', text };
    }
  }
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return { kind: 'form', params: [...new URLSearchParams(text)] };
  }
  return { kind: 'raw', text };
}

/**
 * WhatsMyName: found iff status == e_code and e_string in body; missing iff status == m_code and
 * m_string in body (an empty m_string means code only). Redirects are not followed. Each side also
 * keeps the other side's string out when it can (some clients treat "both" as a conflict).
 */
export function loadWhatsMyName(data: unknown): LoadedCatalogue {
  if (!isRecord(data) || !Array.isArray(data.sites)) {
    throw new TestkitError('CATALOGUE_INVALID', 'a WhatsMyName catalogue has a "sites" array');
  }
  const out: LoadedCatalogue = { entries: [], skipped: [] };
  for (const [index, site] of data.sites.entries()) {
    const name = isRecord(site) && typeof site.name === 'string' ? site.name : `#${index}`;
    if (!isRecord(site)) {
      out.skipped.push({ format: 'whatsmyname', name, reason: 'entry is not an object' });
      continue;
    }
    const { uri_check: uri, e_code: eCode, m_code: mCode, e_string: eString, m_string: mString } = site;
    if (
      typeof uri !== 'string' ||
      !Number.isInteger(eCode) ||
      !Number.isInteger(mCode) ||
      typeof eString !== 'string' ||
      typeof mString !== 'string'
    ) {
      out.skipped.push({
        format: 'whatsmyname',
        name,
        reason: 'uri_check, e_code, e_string, m_code, m_string are required',
      });
      continue;
    }
    const headers = requiredHeaders(site.headers);
    const strip = typeof site.strip_bad_char === 'string' ? [...site.strip_bad_char] : [];
    const entry: SiteEntry = {
      format: 'whatsmyname',
      name,
      method: typeof site.post_body === 'string' ? 'POST' : 'GET',
      url: uri.replaceAll('{account}', USERNAME),
      ...(typeof site.uri_pretty === 'string' ? { siteUrl: site.uri_pretty.replaceAll('{account}', USERNAME) } : {}),
      headers,
      claimed: stringList(site.known),
      followsRedirects: false,
      exists: {
        status: exactStatus(eCode as number),
        includeOneOf: eString ? [[eString]] : [],
        exclude: mString && !eString.includes(mString) ? [mString] : [],
        location: typeof site.uri_pretty === 'string' ? site.uri_pretty.replaceAll('{account}', USERNAME) : '/',
      },
      missing: {
        status: exactStatus(mCode as number),
        includeOneOf: mString ? [[mString]] : [],
        exclude: eString && !mString.includes(eString) ? [eString] : [],
        location: '/',
      },
    };
    if (typeof site.post_body === 'string') entry.body = bodyTemplate(site.post_body, headers);
    if (strip.length > 0) entry.transformUsername = (u) => [...u].filter((c) => !strip.includes(c)).join('');
    out.entries.push(entry);
  }
  return out;
}
