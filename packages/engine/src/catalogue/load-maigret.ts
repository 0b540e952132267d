import { TextDecoder } from 'node:util';
import type { CheckMirror, CheckRequest, SiteCheck } from '../model.ts';
import type { MaigretCheckType, MaigretRule } from '../rules/types.ts';
import { formEncode } from '../username/place-body.ts';
import { USERNAME_PLACEHOLDER } from '../username/place-url.ts';
import {
  headersOf,
  headerValue,
  isRecord,
  MALFORMED,
  stringList,
  unsupportedCheck,
  usernamePatternOf,
} from './entry.ts';
import { CatalogueError } from './errors.ts';

const CHECK_TYPES = new Set<string>(['message', 'status_code', 'response_url']);
const METHODS: Record<string, CheckRequest['method']> = { get: 'GET', post: 'POST', head: 'HEAD' };
const NSFW_TAGS = new Set(['porn', 'erotic', 'webcam']);
const NOT_HTTP_PROTOCOLS: Record<string, string> = {
  dns: 'a DNS lookup, not an HTTP check',
  tor: 'a Tor onion site (needs a Tor gateway)',
  i2p: 'an I2P site (needs an I2P gateway)',
};

/**
 * Maigret's `update_from_engine`: for each key of the engine's `site` template, a list is appended to the
 * site's list, a dict is merged into the site's dict (engine keys win), any other value overwrites.
 */
export function mergeEngine(site: Record<string, unknown>, template: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...site };
  for (const [key, value] of Object.entries(template)) {
    const own = merged[key];
    if (Array.isArray(value)) merged[key] = [...(Array.isArray(own) ? own : []), ...value];
    else if (isRecord(value)) merged[key] = { ...(isRecord(own) ? own : {}), ...value };
    else merged[key] = value;
  }
  return merged;
}

/**
 * Python `str.format` for the fields Maigret passes: known `{field}`s are replaced, `{{`/`}}` unescaped,
 * and `{username}` is kept as Hound's placeholder.
 */
export function pythonFormat(text: string, fields: Record<string, string>): string | undefined {
  let failed = false;
  const out = text.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (all, field: string | undefined) => {
    if (all === '{{') return '{';
    if (all === '}}') return '}';
    if (field === 'username') return USERNAME_PLACEHOLDER;
    const value = field === undefined ? undefined : fields[field];
    if (value === undefined) failed = true;
    return value ?? '';
  });
  return failed ? undefined : out;
}

/**
 * Loads Maigret's `data.json` (research/sherlock-maigret.md §2): engine templates merged, every site kept.
 * @throws CatalogueError `invalid_catalogue` when `sites` is not an object.
 */
export function loadMaigret(data: unknown, source?: string): SiteCheck[] {
  if (!isRecord(data) || !isRecord(data.sites)) {
    throw new CatalogueError('invalid_catalogue', 'A Maigret catalogue must be an object with a "sites" object.');
  }
  const engines = isRecord(data.engines) ? data.engines : {};
  return Object.entries(data.sites).map(([name, entry]) => loadEntry(name, entry, engines, source));
}

function loadEntry(
  name: string,
  raw: unknown,
  engines: Record<string, unknown>,
  source: string | undefined,
): SiteCheck {
  if (!isRecord(raw)) return unsupportedCheck('maigret', name, `${MALFORMED}: not an object`, source);
  let entry = raw;
  let engineProblem: string | undefined;
  if (typeof raw.engine === 'string') {
    const engine = engines[raw.engine];
    if (isRecord(engine) && isRecord(engine.site)) entry = mergeEngine(raw, engine.site);
    else engineProblem = `unknown engine ${JSON.stringify(raw.engine)}`;
  }

  const tags = stringList(entry.tags);
  const urlMain = typeof entry.urlMain === 'string' ? entry.urlMain : '';
  const fields = { urlMain, urlSubpath: typeof entry.urlSubpath === 'string' ? entry.urlSubpath : '' };
  const formatted = typeof entry.url === 'string' ? pythonFormat(entry.url, fields) : undefined;
  const profileUrl = formatted === undefined ? '' : collapseSlashes(formatted);
  const base: Partial<SiteCheck> = {
    profileUrl,
    ...(urlMain ? { urlMain } : {}),
    category: tags.find((t) => t.length > 2 && t !== 'global') ?? '',
    tags,
    nsfw: tags.some((t) => NSFW_TAGS.has(t)),
    knownClaimed: typeof entry.usernameClaimed === 'string' ? [entry.usernameClaimed] : [],
    ...(typeof entry.usernameUnclaimed === 'string' ? { knownUnclaimed: entry.usernameUnclaimed } : {}),
    protection: stringList(entry.protection),
    disabled: entry.disabled === true,
  };
  const bad = (detail: string) => unsupportedCheck('maigret', name, detail, source, base);

  if (engineProblem) return bad(engineProblem);
  const protocol = typeof entry.protocol === 'string' ? entry.protocol : '';
  if (protocol !== '' && protocol !== 'http' && protocol !== 'https') {
    return bad(`protocol ${JSON.stringify(protocol)}: ${NOT_HTTP_PROTOCOLS[protocol] ?? 'not HTTP'}`);
  }
  const type = typeof entry.type === 'string' ? entry.type : 'username';
  if (type !== 'username') return bad(`identifier type ${JSON.stringify(type)} is not a username`);
  if (isRecord(entry.activation)) {
    return bad(`activation flow ${JSON.stringify(entry.activation.method ?? '?')} is not implemented`);
  }
  if (base.protection?.includes('tls_fingerprint')) {
    return bad('needs a browser TLS fingerprint (protection tls_fingerprint)');
  }
  if (typeof entry.url !== 'string') return bad(`${MALFORMED}: url is missing`);
  if (formatted === undefined) return bad(`${MALFORMED}: url has an unknown {field}`);
  const checkType = typeof entry.checkType === 'string' ? entry.checkType : '';
  if (!CHECK_TYPES.has(checkType)) return bad(`unknown checkType ${JSON.stringify(entry.checkType)}`);
  const headers = headersOf(entry.headers);
  if (!headers) return bad(`${MALFORMED}: headers must map names to strings`);
  const pattern = usernamePatternOf(entry.regexCheck);
  if (pattern.problem) return bad(pattern.problem);

  let method: CheckRequest['method'] = checkType === 'status_code' && entry.requestHeadOnly ? 'HEAD' : 'GET';
  if (typeof entry.requestMethod === 'string') {
    const explicit = METHODS[entry.requestMethod.toLowerCase()];
    if (!explicit) return bad(`request method ${JSON.stringify(entry.requestMethod)} is not supported`);
    method = explicit;
  }
  let url = profileUrl;
  if (typeof entry.urlProbe === 'string') {
    const probe = pythonFormat(entry.urlProbe, fields);
    if (probe === undefined) return bad(`${MALFORMED}: urlProbe has an unknown {field}`);
    url = probe;
  }
  const request: SiteCheck['request'] = { method, url, headers, followRedirects: checkType !== 'response_url' };
  if (entry.encoding !== undefined) {
    const charset = typeof entry.encoding === 'string' ? entry.encoding.trim().toLowerCase() : '';
    if (!isKnownCharset(charset)) return bad(`response encoding ${JSON.stringify(entry.encoding)} is not supported`);
    request.responseCharset = charset;
  }
  if (method === 'POST' && isRecord(entry.requestPayload)) {
    const body = payloadBody(entry.requestPayload, headers);
    if (!body) return bad(`${MALFORMED}: requestPayload has an unknown {field}`);
    Object.assign(request, body);
  }

  const rule: MaigretRule = {
    kind: 'maigret',
    checkType: checkType as MaigretCheckType,
    presenceStrs: [...stringList(entry.presenseStrs), ...stringList(entry.presenceStrs)],
    absenceStrs: stringList(entry.absenceStrs),
    errors: Object.fromEntries(
      Object.entries(isRecord(entry.errors) ? entry.errors : {}).filter(
        (kv): kv is [string, string] => typeof kv[1] === 'string',
      ),
    ),
    ignore403: entry.ignore403 === true,
    ...(typeof entry.errorUrl === 'string' ? { errorUrl: pythonFormat(entry.errorUrl, fields) ?? entry.errorUrl } : {}),
    similarSearch: entry.similarSearch === true,
    ...(typeof raw.engine === 'string' ? { engine: raw.engine } : {}),
  };
  // A response_url rule compares the redirect with a URL on the main base, so it has no mirrors.
  const mirrors = checkType === 'response_url' ? [] : mirrorsOf(entry, fields, url);
  return {
    format: 'maigret',
    name,
    profileUrl,
    request,
    rule,
    ...(pattern.pattern !== undefined ? { usernamePattern: pattern.pattern } : {}),
    category: base.category ?? '',
    tags,
    nsfw: base.nsfw ?? false,
    knownClaimed: base.knownClaimed ?? [],
    protection: base.protection ?? [],
    disabled: entry.disabled === true,
    ...(urlMain ? { urlMain } : {}),
    ...(mirrors.length > 0 ? { mirrors } : {}),
    ...(base.knownUnclaimed !== undefined ? { knownUnclaimed: base.knownUnclaimed } : {}),
    ...(source === undefined ? {} : { source }),
  };
}

/** Maigret collapses duplicate slashes in the formatted profile URL (not in urlProbe). */
function collapseSlashes(url: string): string {
  return url.replace(/(?<!:)\/+/g, '/');
}

function isKnownCharset(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/**
 * The entry's `mirrors` (other `urlMain` values, tried upstream on retry) as full templates: each base
 * that yields a different http(s) request URL, in catalogue order, without repeats.
 */
function mirrorsOf(entry: Record<string, unknown>, fields: Record<string, string>, mainUrl: string): CheckMirror[] {
  const mirrors: CheckMirror[] = [];
  for (const base of stringList(entry.mirrors)) {
    const onMirror = { ...fields, urlMain: base };
    const formatted = pythonFormat(entry.url as string, onMirror);
    if (formatted === undefined) continue;
    const profileUrl = collapseSlashes(formatted);
    const url = typeof entry.urlProbe === 'string' ? pythonFormat(entry.urlProbe, onMirror) : profileUrl;
    if (url === undefined || url === mainUrl || !/^https?:\/\//i.test(url)) continue;
    if (mirrors.some((mirror) => mirror.url === url)) continue;
    mirrors.push({ base, url, profileUrl });
  }
  return mirrors;
}

/**
 * Maigret formats string values of `requestPayload` with the username and sends it as a form when
 * Content-Type is exactly `application/x-www-form-urlencoded`, otherwise as JSON.
 */
function payloadBody(
  payload: Record<string, unknown>,
  headers: Record<string, string>,
): Pick<SiteCheck['request'], 'body' | 'bodyEncoding' | 'headers'> | undefined {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value !== 'string') {
      values[key] = value;
      continue;
    }
    const formatted = pythonFormat(value, {});
    if (formatted === undefined) return undefined;
    values[key] = formatted;
  }
  if (headerValue(headers, 'Content-Type') === 'application/x-www-form-urlencoded') {
    const body = Object.entries(values)
      .map(
        ([k, v]) =>
          `${formEncode(k)}=${String(v).split(USERNAME_PLACEHOLDER).map(formEncode).join(USERNAME_PLACEHOLDER)}`,
      )
      .join('&');
    return { body, bodyEncoding: 'form', headers };
  }
  const withType = headerValue(headers, 'Content-Type') ? headers : { ...headers, 'Content-Type': 'application/json' };
  return { body: JSON.stringify(values), bodyEncoding: 'json', headers: withType };
}
