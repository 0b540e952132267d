/**
 * Runs one email check for one address: loud and keyed checks are refused up front, the prefetch step
 * (when any) yields the token, then each request is sent in turn until one decides. A found answer's
 * details, records and usernames are kept.
 */
import type { CheckResponse, EmailResult, Evidence, RuleOutcome } from '../model.ts';
import type { SendOptions, Transport } from '../transport/index.ts';
import { addressVariables } from './address.ts';
import { buildRequest, fillUrl, type Variables } from './build-request.ts';
import { type EmailCheck, loudReason, type TokenSource } from './catalogue-format.ts';
import type { ControlAnswer, EmailControls } from './email-controls.ts';
import { parseJsonBody, readJsonPath } from './json-path.ts';
import { judgeEmail } from './judge-email.ts';

export interface EmailRunContext {
  transport: Transport;
  /** `timeoutMs` is the whole check's budget (prefetch and every request), not each request's. */
  send: SendOptions;
  loud: boolean;
  keys: Record<string, string | undefined>;
  /** The engine's never-registered controls: a `registered` stands only when its control is not registered. */
  controls?: EmailControls;
}

/** Sends one request within the check's budget: the transport's answer, or a timeout when none is left. */
type Send = (
  request: Parameters<Transport['send']>[0],
) => Promise<Awaited<ReturnType<Transport['send']>> | { ok: false; error: { code: 'timeout'; detail: string } }>;

/** Cookies of a response as one `Cookie` header value (undici joins several Set-Cookie with ", "). */
function cookiesOf(response: CheckResponse): string {
  const raw = response.headers['set-cookie'];
  if (!raw) return '';
  return raw
    .split(/,(?=\s*[A-Za-z0-9_.-]+=)/)
    .map((c) => c.trim().split(';')[0]!)
    .filter((c) => c.includes('='))
    .join('; ');
}

function tokenOf(source: TokenSource, response: CheckResponse, jsonPrefix?: string): string | undefined {
  if ('regex' in source) return new RegExp(source.regex).exec(response.body)?.[1];
  if ('jsonPath' in source) {
    const value = readJsonPath(parseJsonBody(response.body, jsonPrefix), source.jsonPath);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  }
  const cookie = cookiesOf(response)
    .split('; ')
    .find((c) => c.startsWith(`${source.cookie}=`));
  return cookie?.slice(source.cookie.length + 1);
}

/**
 * A linked account as a profile answer lists it (Gravatar's `verified_accounts`: `{service_label, url}`):
 * "Label: URL", the URL alone, or nothing for an object without one.
 */
function linkedAccount(value: Record<string, unknown>): string | undefined {
  const url = typeof value.url === 'string' ? value.url : undefined;
  if (!url) return undefined;
  const label = [value.service_label, value.label, value.name].find((v) => typeof v === 'string' && v !== '');
  return label ? `${label}: ${url}` : url;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map((v) => text(v))
      .filter(Boolean)
      .join(', ');
  if (value && typeof value === 'object') return linkedAccount(value as Record<string, unknown>);
  return undefined;
}

/** Details, records and usernames from a found answer's JSON. */
function extract(check: EmailCheck, response: CheckResponse): Pick<EmailResult, 'details' | 'records' | 'usernames'> {
  const json = parseJsonBody(response.body, check.jsonPrefix);
  if (json === undefined) return {};
  const out: Pick<EmailResult, 'details' | 'records' | 'usernames'> = {};
  const details: Record<string, string> = {};
  for (const d of check.details) {
    const value = text(readJsonPath(json, d.jsonPath));
    if (value) details[d.label] = value.slice(0, 500);
  }
  if (Object.keys(details).length > 0) out.details = details;
  if (check.records) {
    const list = readJsonPath(json, check.records.jsonPath);
    if (Array.isArray(list)) {
      const fields = check.records.fields;
      out.records = list.slice(0, 500).map((item) => ({
        type: check.records!.type,
        data: fields
          .map((f) => text(readJsonPath(item, f)))
          .filter(Boolean)
          .join(' · ')
          .slice(0, 1000),
      }));
    }
  }
  const names = check.usernames.flatMap((path) => {
    const value = readJsonPath(json, path);
    return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
  });
  if (names.length > 0) out.usernames = [...new Set(names)].slice(0, 20);
  return out;
}

export async function runEmailCheck(
  check: EmailCheck,
  base: Variables,
  context: EmailRunContext,
): Promise<EmailResult> {
  const started = Date.now();
  const result = (outcome: RuleOutcome, response?: CheckResponse, extra: Partial<EmailResult> = {}): EmailResult => {
    const evidence: Evidence = {
      rule: outcome.rule,
      elapsedMs: Date.now() - started,
      agreed: outcome.verdict === 'found' || outcome.verdict === 'not_found' ? ['hound'] : [],
      ...(response ? { status: response.status, finalUrl: response.finalUrl } : {}),
      ...(outcome.detail ? { detail: outcome.detail } : {}),
    };
    return {
      checkId: check.id,
      name: check.name,
      domain: check.domain,
      category: check.category,
      url: check.profileUrl && outcome.verdict === 'found' ? fillUrl(check.profileUrl, base) : '',
      method: check.method,
      verdict: outcome.verdict,
      ...(outcome.reason ? { reason: outcome.reason } : {}),
      evidence,
      ...extra,
    };
  };
  const invalid = (reason: 'disabled' | 'missing_key', rule: string) =>
    result({ format: 'hound', verdict: 'invalid', reason, rule });

  if (check.loud && !context.loud)
    return invalid(
      'disabled',
      `${loudReason(check)}; loud checks are off (turn them on with HOUND_EMAIL_LOUD=true, or --loud in the CLI)`,
    );
  // One budget for the whole check: each request gets what is left of it (a two-request check at 6 s
  // ends within 6 s, not 12).
  const deadline = started + (context.send.timeoutMs ?? context.transport.options.timeoutMs);
  const send: Send = (request) => {
    const left = deadline - Date.now();
    if (left <= 0)
      return Promise.resolve({
        ok: false as const,
        error: { code: 'timeout' as const, detail: 'the check ran out of time before this request' },
      });
    return context.transport.send(request, { ...context.send, timeoutMs: left });
  };
  const values: Variables = { ...base };
  if (check.needs) {
    const key = context.keys[check.needs];
    if (!key) return invalid('missing_key', `needs an API key: set ${check.needs}`);
    values.key = key;
  }
  const headers: Record<string, string> = {};
  if (check.prefetch) {
    let prefetch: ReturnType<typeof buildRequest>;
    try {
      prefetch = buildRequest(check.prefetch, values);
    } catch (error) {
      return invalid('disabled', `the prefetch cannot be built: ${(error as Error).message}`);
    }
    // A page or a call that hands out a token may sit behind the site's own redirects (to a locale, a
    // session): followed, through the transport's guard against private addresses (decision 096).
    const page = await send({ ...prefetch, followRedirects: true });
    if (!page.ok)
      return result({
        format: 'hound',
        verdict: 'unknown',
        reason: page.error.code,
        rule: `prefetch: ${page.error.detail}`,
      });
    const token = tokenOf(check.prefetch.token, page.response, check.jsonPrefix);
    const token2 = check.prefetch.token2 ? tokenOf(check.prefetch.token2, page.response, check.jsonPrefix) : undefined;
    const missing = !token ? 'token' : check.prefetch.token2 && !token2 ? 'second token' : undefined;
    if (missing)
      return result(
        {
          format: 'hound',
          verdict: 'unknown',
          reason: 'unexpected_response',
          rule: `prefetch: the page carried no ${missing}`,
        },
        page.response,
      );
    values.token = token!;
    if (token2) values.token2 = token2;
    if (check.prefetch.forwardCookies) {
      const cookies = cookiesOf(page.response);
      if (cookies) headers.cookie = cookies;
    }
  }
  const decided = await probe(check, values, headers, send);
  if (decided.outcome.verdict !== 'found') return result(decided.outcome, decided.response);
  // A found stands only when a never-registered address (same token and cookies) is not found too: asked
  // now, or remembered from an earlier search. Founds are few, so the control costs few requests.
  const answered = await context.controls
    ?.answer(check.id, base.domain ?? check.domain, (address) =>
      probe(check, { ...values, ...addressVariables(address) }, headers, send).then(
        ({ outcome, response }): ControlAnswer => ({
          address,
          verdict: outcome.verdict,
          rule: outcome.rule,
          ...(response ? { status: response.status } : {}),
        }),
      ),
    )
    .catch(() => undefined);
  if (answered?.verdict === 'found')
    return result(
      {
        format: 'hound',
        verdict: 'unknown',
        reason: 'indistinguishable',
        rule: `${decided.outcome.rule}; but a never-registered address ("${answered.address}") is answered the same way: ${answered.rule}`,
        detail: `the address: status ${decided.response?.status ?? '—'}; the control: status ${answered.status ?? '—'}`,
      },
      decided.response,
    );
  const checked = answered
    ? answered.verdict === 'not_found'
      ? `a never-registered address ("${answered.address}") is not registered`
      : `the never-registered control was undecided (${answered.rule})`
    : undefined;
  return result(
    { ...decided.outcome, ...(checked ? { detail: checked } : {}) },
    decided.response,
    extract(check, decided.response!),
  );
}

/**
 * Each request in turn until one decides. Found on any form (e.g. the SHA-256 or the MD5 hash) is found;
 * not found only when every form says so; otherwise the first undecided answer stands.
 */
async function probe(
  check: EmailCheck,
  values: Variables,
  headers: Record<string, string>,
  send: Send,
): Promise<{ outcome: RuleOutcome; response?: CheckResponse }> {
  let undecided: { outcome: RuleOutcome; response?: CheckResponse } | undefined;
  let last: { outcome: RuleOutcome; response?: CheckResponse } | undefined;
  for (const template of check.requests) {
    let request: ReturnType<typeof buildRequest>;
    try {
      request = buildRequest(template, values);
    } catch (error) {
      return {
        outcome: {
          format: 'hound',
          verdict: 'invalid',
          reason: 'disabled',
          rule: `the request cannot be built: ${(error as Error).message}`,
        },
      };
    }
    request.headers = { ...headers, ...request.headers };
    const sent = await send(request);
    last = sent.ok
      ? { outcome: judgeEmail(check, sent.response), response: sent.response }
      : { outcome: { format: 'hound', verdict: 'unknown', reason: sent.error.code, rule: sent.error.detail } };
    if (last.outcome.verdict === 'found') return last;
    if (last.outcome.verdict !== 'not_found') undecided ??= last;
  }
  return undecided ?? last!;
}
