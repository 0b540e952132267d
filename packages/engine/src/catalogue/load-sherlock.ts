import type { CheckRequest, SiteCheck } from '../model.ts';
import type { SherlockErrorType, SherlockRule } from '../rules/types.ts';
import { USERNAME_PLACEHOLDER } from '../username/place-url.ts';
import { headersOf, isRecord, MALFORMED, stringList, unsupportedCheck, usernamePatternOf } from './entry.ts';
import { CatalogueError } from './errors.ts';

const ERROR_TYPES = new Set<string>(['message', 'status_code', 'response_url']);
const METHODS = new Set<string>(['GET', 'POST', 'HEAD', 'PUT']);

const fill = (text: string) => text.split('{}').join(USERNAME_PLACEHOLDER);

/** Replaces `{}` in every string of a payload, recursively (Sherlock `interpolate_string`). */
function interpolate(value: unknown): unknown {
  if (typeof value === 'string') return fill(value);
  if (Array.isArray(value)) return value.map(interpolate);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v)]));
  return value;
}

/**
 * Loads Sherlock's `data.json` (research/sherlock-maigret.md §1). Every entry yields one check; entries
 * Hound cannot run are kept with `unsupported`.
 * @throws CatalogueError `invalid_catalogue` when the top level is not an object of entries.
 */
export function loadSherlock(data: unknown, source?: string): SiteCheck[] {
  if (!isRecord(data)) throw new CatalogueError('invalid_catalogue', 'A Sherlock catalogue must be a JSON object.');
  const checks: SiteCheck[] = [];
  for (const [name, entry] of Object.entries(data)) {
    if (name === '$schema') continue;
    checks.push(loadEntry(name, entry, source));
  }
  return checks;
}

function loadEntry(name: string, entry: unknown, source: string | undefined): SiteCheck {
  if (!isRecord(entry)) return unsupportedCheck('sherlock', name, `${MALFORMED}: not an object`, source);
  const base: Partial<SiteCheck> = {
    profileUrl: typeof entry.url === 'string' ? fill(entry.url) : '',
    ...(typeof entry.urlMain === 'string' ? { urlMain: entry.urlMain } : {}),
    tags: stringList(entry.tags),
    nsfw: entry.isNSFW === true,
    knownClaimed: typeof entry.username_claimed === 'string' ? [entry.username_claimed] : [],
  };
  const bad = (detail: string) => unsupportedCheck('sherlock', name, detail, source, base);

  if (typeof entry.url !== 'string') return bad(`${MALFORMED}: url is missing`);
  const errorTypes = stringList(entry.errorType);
  if (errorTypes.length === 0) return bad(`${MALFORMED}: errorType is missing`);
  const unknownType = errorTypes.find((t) => !ERROR_TYPES.has(t));
  if (unknownType !== undefined) return bad(`unknown errorType ${JSON.stringify(unknownType)}`);
  const headers = headersOf(entry.headers);
  if (!headers) return bad(`${MALFORMED}: headers must map names to strings`);
  const pattern = usernamePatternOf(entry.regexCheck);
  if (pattern.problem) return bad(pattern.problem);

  // Sherlock compares the raw field: only a single string selects HEAD / no redirects.
  const method =
    typeof entry.request_method === 'string'
      ? entry.request_method.toUpperCase()
      : entry.errorType === 'status_code'
        ? 'HEAD'
        : 'GET';
  if (!METHODS.has(method)) return bad(`request method ${JSON.stringify(entry.request_method)} is not supported`);

  const request: SiteCheck['request'] = {
    method: method as CheckRequest['method'],
    url: typeof entry.urlProbe === 'string' ? fill(entry.urlProbe) : fill(entry.url),
    headers,
    followRedirects: entry.errorType !== 'response_url',
  };
  if (entry.request_payload !== undefined && entry.request_payload !== null) {
    request.body = JSON.stringify(interpolate(entry.request_payload));
    request.bodyEncoding = 'json';
    // Sherlock sends the payload with `requests(json=…)`, which sets this header.
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) {
      request.headers = { ...headers, 'Content-Type': 'application/json' };
    }
  }
  const rule: SherlockRule = {
    kind: 'sherlock',
    errorTypes: errorTypes as SherlockErrorType[],
    errorMsgs: stringList(entry.errorMsg),
    errorCodes: (Array.isArray(entry.errorCode) ? entry.errorCode : [entry.errorCode]).filter(
      (c): c is number => typeof c === 'number',
    ),
    ...(typeof entry.errorUrl === 'string' ? { errorUrl: fill(entry.errorUrl) } : {}),
  };
  return {
    format: 'sherlock',
    name,
    profileUrl: fill(entry.url),
    ...(typeof entry.urlMain === 'string' ? { urlMain: entry.urlMain } : {}),
    request,
    rule,
    ...(pattern.pattern !== undefined ? { usernamePattern: pattern.pattern } : {}),
    category: '',
    tags: stringList(entry.tags),
    nsfw: entry.isNSFW === true,
    knownClaimed: typeof entry.username_claimed === 'string' ? [entry.username_claimed] : [],
    protection: [],
    disabled: false,
    ...(source === undefined ? {} : { source }),
  };
}
