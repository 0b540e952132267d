import type { CheckResponse, RuleOutcome } from '../model.ts';
import { placeInUrl } from '../username/place-url.ts';
import { found, guardResponse, has, isRefusalOrServerError, notFound, quote, unknown, weakFound } from './outcome.ts';
import { isErrorUrl, redirectTarget } from './redirect.ts';
import type { HoundMatcher, HoundRule } from './types.ts';

/**
 * Hound's own two-sided rule (docs/decisions/020-hound-catalogue-format.md): `found` and `notFound` are
 * matchers (every listed condition must hold) or `otherwise`. Exactly one side must match; both or
 * neither is `unknown`. 403/5xx are `unknown` unless a matcher lists that exact status.
 */
export function judgeHound(rule: HoundRule, response: CheckResponse, username?: string): RuleOutcome {
  const { status, body } = response;
  if (body) {
    for (const [flag, message] of Object.entries(rule.errors)) {
      if (has(response, flag)) return unknown('hound', 'site_error', `site error marker ${quote(flag)}`, message);
    }
  }
  const listed = [rule.found, rule.notFound].flatMap((m) => (m === 'otherwise' ? [] : (m.status ?? [])));
  const explicit = listed.filter((s): s is number => typeof s === 'number');
  const sides = [rule.found, rule.notFound].filter((m): m is HoundMatcher => m !== 'otherwise');
  const guarded = guardResponse('hound', response, {
    allowStatus: explicit,
    username,
    // A matcher's `redirectTo` is the site's own declared target (an off-site one included).
    declaredRedirects: sides.flatMap((m) => {
      if (m.redirectTo === undefined || username === undefined) return [];
      const placed = placeInUrl(m.redirectTo, username);
      return placed.ok ? [placed.value] : [];
    }),
  });
  if (guarded) return guarded;
  if (isRefusalOrServerError(status) && !explicit.includes(status)) {
    return unknown('hound', 'http_error', `status ${status} says nothing about the username`);
  }
  const f = rule.found === 'otherwise' ? undefined : match(rule.found, response, username);
  const n = rule.notFound === 'otherwise' ? undefined : match(rule.notFound, response, username);
  const isFound = f ? f.ok : !n!.ok;
  const isNotFound = n ? n.ok : !f!.ok;
  if (isFound && !isNotFound) {
    const why = f ? f.why : `not-found matcher failed: ${n!.why}`;
    // A found matcher that reads no positive content (status, exclusions, redirects only) is weak.
    const positive = f && (f.m.bodyIncludesAll?.length || f.m.bodyIncludesAny?.length || f.m.bodyMatches);
    return positive ? found('hound', why) : weakFound('hound', why);
  }
  if (isNotFound && !isFound) return notFound('hound', n ? n.why : `found matcher failed: ${f!.why}`);
  return unknown(
    'hound',
    'unexpected_response',
    isFound ? `both matchers hold (${f!.why}; ${n!.why})` : `neither matcher holds (${f!.why}; ${n!.why})`,
  );
}

function statusIn(status: number, list: Array<number | string>): boolean {
  return list.some((s) => (typeof s === 'number' ? s === status : `${Math.floor(status / 100)}xx` === s));
}

const regexCache = new Map<string, RegExp>();

function match(
  m: HoundMatcher,
  response: CheckResponse,
  username?: string,
): { ok: boolean; why: string; m: HoundMatcher } {
  const { status, body } = response;
  const fail = (why: string) => ({ ok: false, why, m });
  if (m.status && !statusIn(status, m.status)) return fail(`status ${status} not in [${m.status.join(', ')}]`);
  if (m.statusNot && statusIn(status, m.statusNot)) return fail(`status ${status} in [${m.statusNot.join(', ')}]`);
  const missing = m.bodyIncludesAll?.find((s) => !has(response, s));
  if (missing !== undefined) return fail(`body lacks ${quote(missing)}`);
  if (m.bodyIncludesAny && !m.bodyIncludesAny.some((s) => has(response, s)))
    return fail('body lacks every listed string');
  const present = m.bodyExcludes?.find((s) => has(response, s));
  if (present !== undefined) return fail(`body contains ${quote(present)}`);
  if (m.bodyMatches !== undefined) {
    let regex = regexCache.get(m.bodyMatches);
    if (!regex) {
      regex = new RegExp(m.bodyMatches, 'u');
      regexCache.set(m.bodyMatches, regex);
    }
    if (!regex.test(body)) return fail(`body does not match /${m.bodyMatches}/`);
  }
  if (m.redirectTo !== undefined) {
    const target = redirectTarget(response);
    const expected = username === undefined ? undefined : placeInUrl(m.redirectTo, username);
    if (!target || !expected?.ok || !isErrorUrl(target, [expected.value])) {
      return fail(`no redirect to ${m.redirectTo}`);
    }
  }
  return { ok: true, why: describe(m, status), m };
}

function describe(m: HoundMatcher, status: number): string {
  const parts = [`status ${status}`];
  if (m.bodyIncludesAll?.length) parts.push(`body contains ${m.bodyIncludesAll.map(quote).join(', ')}`);
  if (m.bodyIncludesAny?.length) parts.push('body contains a listed string');
  if (m.bodyExcludes?.length) parts.push(`body lacks ${m.bodyExcludes.map(quote).join(', ')}`);
  if (m.bodyMatches !== undefined) parts.push(`body matches /${m.bodyMatches}/`);
  if (m.redirectTo !== undefined) parts.push(`redirect to ${m.redirectTo}`);
  return parts.join(', ');
}
