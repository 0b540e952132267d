import { TestkitError } from '../errors.ts';
import {
  compileUsernamePattern,
  isSuccess,
  requiredHeaders,
  type SideRule,
  type SiteEntry,
  statusRule,
  stringList,
} from '../site/entry.ts';
import { USERNAME } from '../site/placeholder.ts';
import { isRecord, type LoadedCatalogue } from './loaded.ts';

const ERROR_TYPES = new Set(['status_code', 'message', 'response_url']);
const METHODS = new Set(['GET', 'POST', 'HEAD', 'PUT']);

/** `{}` → `{username}` in every string of a request_payload (Sherlock interpolates recursively). */
function interpolate(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('{}', USERNAME);
  if (Array.isArray(value)) return value.map(interpolate);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v)]));
  return value;
}

function codes(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is number => Number.isInteger(v));
}

/**
 * Sherlock: requests follow redirects except for response_url; CLAIMED needs every listed errorType
 * check to pass (no errorMsg in the body; 2xx and not errorCode; 2xx without redirect), so the
 * "missing" page fails the first listed check.
 */
function rules(types: string[], site: Record<string, unknown>) {
  const errorMsgs = stringList(site.errorMsg);
  const errorCodes = codes(site.errorCode);
  const existsChecks: Array<(s: number) => boolean> = [];
  if (types.includes('status_code')) existsChecks.push((s) => isSuccess(s) && !errorCodes.includes(s));
  if (types.includes('response_url')) existsChecks.push(isSuccess);
  const exists: SideRule = {
    status: statusRule(`2xx per ${types.join('+')}`, [200], (s) => existsChecks.every((check) => check(s))),
    includeOneOf: [],
    exclude: types.includes('message') ? errorMsgs : [],
  };
  const first = types[0];
  let missing: SideRule;
  if (first === 'message') {
    missing = { status: statusRule('any', [200], () => true), includeOneOf: [errorMsgs], exclude: [] };
  } else if (first === 'status_code') {
    missing = {
      status: statusRule(
        `non-2xx or ${errorCodes.join('/') || 'errorCode'}`,
        [...errorCodes, 404],
        (s) => !isSuccess(s) || errorCodes.includes(s),
      ),
      includeOneOf: [],
      exclude: [],
    };
  } else {
    const errorUrl = typeof site.errorUrl === 'string' ? site.errorUrl.replaceAll('{}', USERNAME) : undefined;
    missing = {
      status: statusRule('non-2xx', [302], (s) => !isSuccess(s)),
      includeOneOf: [],
      exclude: [],
      location: errorUrl ?? (typeof site.urlMain === 'string' ? site.urlMain : '/'),
    };
  }
  return { exists, missing, followsRedirects: !types.includes('response_url') };
}

export function loadSherlock(data: unknown): LoadedCatalogue {
  if (!isRecord(data)) throw new TestkitError('CATALOGUE_INVALID', 'a Sherlock catalogue is a JSON object of sites');
  const out: LoadedCatalogue = { entries: [], skipped: [] };
  for (const [name, site] of Object.entries(data)) {
    if (name === '$schema') continue;
    const skip = (reason: string) => out.skipped.push({ format: 'sherlock', name, reason });
    if (!isRecord(site)) {
      skip('entry is not an object');
      continue;
    }
    const { url, urlMain, username_claimed: claimed } = site;
    if (typeof url !== 'string' || typeof urlMain !== 'string' || typeof claimed !== 'string') {
      skip('url, urlMain and username_claimed are required');
      continue;
    }
    const types = Array.isArray(site.errorType) ? site.errorType : [site.errorType];
    const unknownType = types.find((t) => typeof t !== 'string' || !ERROR_TYPES.has(t));
    if (types.length === 0 || unknownType !== undefined) {
      skip(`unknown errorType ${JSON.stringify(unknownType)}`);
      continue;
    }
    if (types.includes('message') && stringList(site.errorMsg).length === 0) {
      skip('errorType message without errorMsg');
      continue;
    }
    const method = String(site.request_method ?? (site.errorType === 'status_code' ? 'HEAD' : 'GET')).toUpperCase();
    if (!METHODS.has(method)) {
      skip(`request_method ${method} is not supported`);
      continue;
    }
    const probe = typeof site.urlProbe === 'string' ? site.urlProbe : url;
    const hasPayload = site.request_payload !== undefined && (method === 'POST' || method === 'PUT');
    const entry: SiteEntry = {
      format: 'sherlock',
      name,
      method: method as SiteEntry['method'],
      url: probe.replaceAll('{}', USERNAME),
      siteUrl: url.replaceAll('{}', USERNAME),
      headers: requiredHeaders(site.headers),
      claimed: [claimed],
      ...rules(types as string[], site),
    };
    // Sherlock sends request_payload as JSON whatever the headers say.
    if (hasPayload) entry.body = { kind: 'json', value: interpolate(site.request_payload) };
    const pattern = compileUsernamePattern(site.regexCheck);
    if (pattern) entry.usernamePattern = pattern;
    out.entries.push(entry);
  }
  return out;
}
