/**
 * An independent, minimal reading of each upstream format's detection rules, written for this test
 * only (it shares no code with the testkit): how a client builds the request and judges the answer.
 */

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
      ? [v]
      : []
    : Array.isArray(v)
      ? v.filter((s): s is string => typeof s === 'string' && s !== '')
      : [];

export interface Probe {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  follow: boolean;
}

export interface Answer {
  status: number;
  body: string;
}

export type Verdict = 'exists' | 'missing' | 'other';

export interface Case {
  format: 'sherlock' | 'whatsmyname' | 'maigret';
  name: string;
  claimed?: string;
  /** Whether the claimed username passes the site's regexCheck (Python → JS, `{,n}` fixed). */
  claimedAllowed: boolean;
  probe(username: string): Probe;
  judge(answer: Answer): Verdict;
}

function regexAllows(pattern: unknown, username: string): boolean {
  if (typeof pattern !== 'string') return true;
  try {
    return new RegExp(pattern.replace(/\{,(\d+)\}/g, '{0,$1}')).test(username);
  } catch {
    return true;
  }
}

function deepReplace(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.replaceAll(from, to);
  if (Array.isArray(value)) return value.map((v) => deepReplace(v, from, to));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepReplace(v, from, to)]));
  return value;
}

const ok2xx = (s: number) => s >= 200 && s < 300;
const SHERLOCK_WAF = [
  '<span id="challenge-error-text">',
  'AwsWafIntegration.forceRefreshToken',
  'perimeterxIdentifiers',
];

export function sherlockCases(data: Json): Case[] {
  return Object.entries(data)
    .filter(([name, site]) => name !== '$schema' && isRecord(site))
    .map(([name, raw]) => {
      const site = raw as Json;
      const types = strings(site.errorType);
      const method = String(site.request_method ?? (site.errorType === 'status_code' ? 'HEAD' : 'GET'));
      return {
        format: 'sherlock' as const,
        name,
        claimed: site.username_claimed as string,
        claimedAllowed: regexAllows(site.regexCheck, site.username_claimed as string),
        probe: (username) => ({
          method,
          url: String(site.urlProbe ?? site.url).replaceAll('{}', username),
          headers: (site.headers as Record<string, string>) ?? {},
          ...(site.request_payload ? { body: JSON.stringify(deepReplace(site.request_payload, '{}', username)) } : {}),
          follow: !types.includes('response_url'),
        }),
        judge: ({ status, body }) => {
          if (SHERLOCK_WAF.some((w) => body.includes(w))) return 'other';
          let claimed = true;
          if (types.includes('message') && strings(site.errorMsg).some((m) => body.includes(m))) claimed = false;
          const codes = Array.isArray(site.errorCode) ? site.errorCode : [site.errorCode];
          if (types.includes('status_code') && (!ok2xx(status) || codes.includes(status))) claimed = false;
          if (types.includes('response_url') && !ok2xx(status)) claimed = false;
          return claimed ? 'exists' : 'missing';
        },
      };
    });
}

export function whatsMyNameCases(data: Json): Case[] {
  return (data.sites as Json[]).map((site) => {
    const strip = typeof site.strip_bad_char === 'string' ? [...site.strip_bad_char] : [];
    const clean = (u: string) => [...u].filter((c) => !strip.includes(c)).join('');
    const known = strings(site.known)[0];
    return {
      format: 'whatsmyname' as const,
      name: site.name as string,
      ...(known ? { claimed: known } : {}),
      claimedAllowed: true,
      probe: (username) => ({
        method: typeof site.post_body === 'string' ? 'POST' : 'GET',
        url: String(site.uri_check).replace('{account}', clean(username)),
        headers: (site.headers as Record<string, string>) ?? {},
        ...(typeof site.post_body === 'string' ? { body: site.post_body.replace('{account}', clean(username)) } : {}),
        follow: false,
      }),
      judge: ({ status, body }) => {
        if (status === site.e_code && body.includes(site.e_string as string)) return 'exists';
        if (status === site.m_code && body.includes(site.m_string as string)) return 'missing';
        return 'other';
      },
    };
  });
}

/** Python str.format with named fields, for Maigret templates. */
function format(template: string, fields: Record<string, string>): string {
  return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (m, name: string | undefined) =>
    m === '{{' ? '{' : m === '}}' ? '}' : (fields[name ?? ''] ?? m),
  );
}

export function maigretCases(data: Json): Case[] {
  const engines = isRecord(data.engines) ? data.engines : {};
  const cases: Case[] = [];
  for (const [name, raw] of Object.entries(data.sites as Json)) {
    let site = raw as Json;
    if (typeof site.engine === 'string') {
      const template = (engines[site.engine] as Json).site as Json;
      site = { ...site };
      for (const [key, value] of Object.entries(template)) {
        const own = (raw as Json)[key];
        if (Array.isArray(value)) site[key] = [...(Array.isArray(own) ? own : []), ...value];
        else if (isRecord(value)) site[key] = { ...(isRecord(own) ? own : {}), ...value };
        else site[key] = value;
      }
    }
    if (['dns', 'tor', 'i2p'].includes(String(site.protocol))) continue;
    const checkType = String(site.checkType);
    const presence = strings(site.presenseStrs);
    const absence = strings(site.absenceStrs);
    const errors = Object.keys(isRecord(site.errors) ? site.errors : {});
    const headers = (site.headers as Record<string, string>) ?? {};
    const declared = String(site.requestMethod ?? 'get').toLowerCase();
    const method =
      declared === 'post'
        ? 'POST'
        : declared === 'head' || (checkType === 'status_code' && site.requestHeadOnly)
          ? 'HEAD'
          : 'GET';
    const fields = (username: string) => ({
      urlMain: String(site.urlMain ?? ''),
      urlSubpath: String(site.urlSubpath ?? ''),
      username,
    });
    cases.push({
      format: 'maigret',
      name,
      ...(typeof site.usernameClaimed === 'string' ? { claimed: site.usernameClaimed } : {}),
      claimedAllowed: typeof site.usernameClaimed === 'string' && regexAllows(site.regexCheck, site.usernameClaimed),
      probe: (username) => {
        const url =
          typeof site.urlProbe === 'string'
            ? format(site.urlProbe, fields(username))
            : format(String(site.url), fields(encodeURIComponent(username))).replace(/(?<!:)\/+/g, '/');
        const payload =
          method === 'POST' && isRecord(site.requestPayload)
            ? Object.fromEntries(
                Object.entries(site.requestPayload).map(([k, v]) => [
                  k,
                  typeof v === 'string' ? format(v, { username }) : v,
                ]),
              )
            : undefined;
        const contentType = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
        const form = contentType === 'application/x-www-form-urlencoded';
        return {
          method,
          url,
          headers,
          ...(payload
            ? {
                body: form
                  ? new URLSearchParams(payload as Record<string, string>).toString()
                  : JSON.stringify(payload),
              }
            : {}),
          follow: checkType !== 'response_url',
        };
      },
      judge: ({ status, body }) => {
        if (errors.some((e) => body.includes(e))) return 'other';
        if ((status === 403 && !site.ignore403) || status >= 500) return 'other';
        const present = presence.length === 0 ? body !== '' : presence.some((p) => body.includes(p));
        if (checkType === 'message') return present && !absence.some((a) => body.includes(a)) ? 'exists' : 'missing';
        if (checkType === 'status_code') return ok2xx(status) ? 'exists' : 'missing';
        return ok2xx(status) && present ? 'exists' : 'missing';
      },
    });
  }
  return cases;
}
