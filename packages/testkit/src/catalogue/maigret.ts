import { TestkitError } from '../errors.ts';
import type { BodyTemplate } from '../site/body-pattern.ts';
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
import { pythonFormat } from './python-format.ts';

const CHECK_TYPES = new Set(['message', 'status_code', 'response_url']);
const NON_HTTP = new Set(['dns', 'tor', 'i2p']);

/**
 * Maigret's `update_from_engine`: engine scalars overwrite, lists concatenate (site first), dicts merge
 * into the site's dict only when it has one. `errors` is merged either way (`errors_dict` at run time).
 */
export function mergeEngine(site: Record<string, unknown>, template: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...site };
  for (const [key, value] of Object.entries(template)) {
    const own = site[key];
    if (Array.isArray(value)) merged[key] = [...(Array.isArray(own) ? own : []), ...value];
    else if (isRecord(value)) {
      if (isRecord(own) || key === 'errors') merged[key] = { ...(isRecord(own) ? own : {}), ...value };
    } else merged[key] = value;
  }
  return merged;
}

/** `(?<!:)/+` → `/`, as Maigret collapses duplicate slashes in formatted `url`s. */
function collapseSlashes(url: string): string {
  return url.replace(/(?<!:)\/+/g, '/');
}

function payloadTemplate(payload: Record<string, unknown>, headers: Record<string, string>): BodyTemplate | string {
  const values: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value !== 'string') {
      values.push([key, value]);
      continue;
    }
    const formatted = pythonFormat(value, { username: USERNAME });
    if (typeof formatted !== 'string') return `requestPayload: ${formatted.error}`;
    values.push([key, formatted]);
  }
  // Maigret sends form data only for this exact Content-Type, JSON otherwise.
  if (headers['content-type'] === 'application/x-www-form-urlencoded') {
    return { kind: 'form', params: values.map(([k, v]) => [k, String(v)]) };
  }
  return { kind: 'json', value: Object.fromEntries(values) };
}

/**
 * Maigret verdicts: `errors`/COMMON_ERRORS hits, 403 (unless ignore403) and 5xx are UNKNOWN, so no
 * normal page uses them. message: presence (any presenseStrs, assumed when empty) and no absenceStrs;
 * status_code: 2xx; response_url: 2xx and presence, redirects not followed (followed otherwise).
 */
function rules(
  site: Record<string, unknown>,
  checkType: string,
): { exists: SideRule; missing: SideRule; followsRedirects: boolean } | string {
  // Upstream Maigret reads only the misspelt `presenseStrs`; Hound also honours `presenceStrs`, so the
  // "exists" page carries both (harmless for upstream's rule) and the "missing" page neither.
  const presence = stringList(site.presenseStrs);
  const correctlySpelt = stringList(site.presenceStrs);
  const absence = stringList(site.absenceStrs);
  const activation = isRecord(site.activation) ? stringList(site.activation.marks) : [];
  const never = [...Object.keys(isRecord(site.errors) ? site.errors : {}), ...activation];
  const followsRedirects = checkType !== 'response_url';
  const ok = (s: number) => s < 500 && (s !== 403 || site.ignore403 === true);
  if (checkType === 'message') {
    if (presence.length === 0 && correctlySpelt.length === 0 && absence.length === 0)
      return 'message check with no presenseStrs and no absenceStrs';
    return {
      followsRedirects,
      exists: {
        status: statusRule('below 500, not 403', [200], ok),
        includeOneOf: [presence, correctlySpelt].filter((group) => group.length > 0),
        exclude: [...absence, ...never],
      },
      missing: {
        status: statusRule('below 500, not 403', [200], ok),
        includeOneOf: absence.length > 0 ? [absence] : [],
        exclude: absence.length > 0 ? never : [...presence, ...correctlySpelt, ...never],
      },
    };
  }
  // A missing profile redirects to `errorUrl` when the entry names a usable one (Hound checks the target);
  // relative or filler values (the profile URL itself) fall back to the home page.
  const errorUrl =
    typeof site.errorUrl === 'string' && /^https?:\/\//.test(site.errorUrl) && site.errorUrl !== site.url
      ? site.errorUrl.replaceAll('{username}', USERNAME)
      : undefined;
  const urlMain = errorUrl ?? (typeof site.urlMain === 'string' ? site.urlMain : '/');
  return {
    followsRedirects,
    exists: {
      status: statusRule('2xx', [200], (s) => ok(s) && isSuccess(s)),
      includeOneOf: checkType === 'response_url' && presence.length > 0 ? [presence] : [],
      exclude: never,
    },
    missing: {
      status: statusRule(
        'non-2xx, below 500, not 403',
        checkType === 'response_url' ? [302] : [404],
        (s) => ok(s) && !isSuccess(s),
      ),
      includeOneOf: [],
      exclude: never,
      location: urlMain,
    },
  };
}

function entryFor(name: string, site: Record<string, unknown>): SiteEntry | string {
  if (typeof site.protocol === 'string' && NON_HTTP.has(site.protocol)) return `protocol ${site.protocol} is not HTTP`;
  const checkType = site.checkType;
  if (typeof checkType !== 'string' || !CHECK_TYPES.has(checkType))
    return `unknown checkType ${JSON.stringify(checkType)}`;
  if (typeof site.url !== 'string') return 'no url';
  const fields: Record<string, string> = { username: USERNAME };
  if (typeof site.urlMain === 'string') fields.urlMain = site.urlMain;
  fields.urlSubpath = typeof site.urlSubpath === 'string' ? site.urlSubpath : '';
  const url = pythonFormat(site.url, fields);
  if (typeof url !== 'string') return `url: ${url.error}`;
  let requested = collapseSlashes(url);
  if (typeof site.urlProbe === 'string') {
    const probe = pythonFormat(site.urlProbe, fields);
    if (typeof probe !== 'string') return `urlProbe: ${probe.error}`;
    requested = probe;
  }
  const sideRules = rules(site, checkType);
  if (typeof sideRules === 'string') return sideRules;
  const declared = String(site.requestMethod ?? 'get').toLowerCase();
  let method: SiteEntry['method'] = declared === 'post' ? 'POST' : declared === 'head' ? 'HEAD' : 'GET';
  if (method === 'GET' && checkType === 'status_code' && site.requestHeadOnly) method = 'HEAD';
  const headers = requiredHeaders(site.headers);
  const entry: SiteEntry = {
    format: 'maigret',
    name,
    method,
    url: requested,
    siteUrl: collapseSlashes(url),
    headers,
    claimed: typeof site.usernameClaimed === 'string' ? [site.usernameClaimed] : [],
    ...sideRules,
  };
  if (method === 'POST' && isRecord(site.requestPayload)) {
    const body = payloadTemplate(site.requestPayload, headers);
    if (typeof body === 'string') return body;
    entry.body = body;
  }
  const pattern = compileUsernamePattern(site.regexCheck);
  if (pattern) entry.usernamePattern = pattern;
  return entry;
}

export function loadMaigret(data: unknown): LoadedCatalogue {
  if (!isRecord(data) || !isRecord(data.sites)) {
    throw new TestkitError('CATALOGUE_INVALID', 'a Maigret catalogue has a "sites" object');
  }
  const engines = isRecord(data.engines) ? data.engines : {};
  const out: LoadedCatalogue = { entries: [], skipped: [] };
  for (const [name, raw] of Object.entries(data.sites)) {
    const skip = (reason: string) => out.skipped.push({ format: 'maigret', name, reason });
    if (!isRecord(raw)) {
      skip('entry is not an object');
      continue;
    }
    let site = raw;
    if (typeof raw.engine === 'string') {
      const engine = engines[raw.engine];
      if (!isRecord(engine) || !isRecord(engine.site)) {
        skip(`unknown engine ${raw.engine}`);
        continue;
      }
      site = mergeEngine(raw, engine.site);
    }
    const entry = entryFor(name, site);
    if (typeof entry === 'string') skip(entry);
    else out.entries.push(entry);
  }
  return out;
}
