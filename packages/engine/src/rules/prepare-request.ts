import type { CheckRequest, InvalidReason, SiteCheck } from '../model.ts';
import { MAX_USERNAME_LENGTH } from '../username/input.ts';
import { placeInBody } from '../username/place-body.ts';
import { placeInUrl } from '../username/place-url.ts';
import { stripChars } from '../username/strip.ts';

export type PreparedRequest =
  | { ok: true; request: CheckRequest; profileUrl: string }
  | { ok: false; reason: InvalidReason; detail: string };

const patternCache = new Map<string, RegExp>();

function usernamePattern(source: string): RegExp {
  let regex = patternCache.get(source);
  if (!regex) {
    regex = new RegExp(source, 'u');
    patternCache.set(source, regex);
  }
  return regex;
}

/**
 * Builds the request one check sends for `username`, or says why none is sent: the entry is unsupported
 * or disabled, or the username fails the site's pattern or cannot be placed safely (it would change the
 * host, add a path segment, a query or a fragment). Never throws for bad usernames.
 */
export function prepareRequest(check: SiteCheck, username: string): PreparedRequest {
  if (check.unsupported) return { ok: false, reason: 'unsupported_check', detail: check.unsupported.detail };
  if (check.disabled) return { ok: false, reason: 'disabled', detail: `disabled in the ${check.format} catalogue` };
  const invalid = (detail: string): PreparedRequest => ({ ok: false, reason: 'unsupported_username', detail });

  if ([...username].length > MAX_USERNAME_LENGTH) return invalid(`longer than ${MAX_USERNAME_LENGTH} characters`);
  if (check.usernamePattern !== undefined && !usernamePattern(check.usernamePattern).test(username)) {
    return invalid(`does not match the site's username pattern /${check.usernamePattern}/`);
  }
  const name = stripChars(username, check.stripChars);
  if (name === '') return invalid('nothing is left after removing the characters this site does not allow');

  const url = placeInUrl(check.request.url, name);
  if (!url.ok) return invalid(url.detail);
  const profile = placeInUrl(check.profileUrl, name);
  if (!profile.ok) return invalid(profile.detail);
  const request: CheckRequest = {
    method: check.request.method,
    url: url.value,
    headers: { ...check.request.headers },
    followRedirects: check.request.followRedirects,
    ...(check.request.responseCharset ? { responseCharset: check.request.responseCharset } : {}),
  };
  if (check.request.body !== undefined) {
    const body = placeInBody(check.request.body, check.request.bodyEncoding ?? 'raw', name);
    if (!body.ok) return invalid(body.detail);
    request.body = body.value;
  }
  return { ok: true, request, profileUrl: profile.value };
}
