import { translateServerText } from '../i18n/server-text.ts';

/**
 * JSON calls to the account, billing and admin API: one place that turns any answer into
 * `{ok, status, body, detail}`. The session goes along as the browser's HttpOnly cookie (same origin). It never throws; a network failure is status 0. No zod here, so
 * the first page load stays small: callers that need a shape parse it with @hound/contracts.
 */
export interface ApiAnswer<T = unknown> {
  ok: boolean;
  /** HTTP status, or 0 when the request did not complete. */
  status: number;
  body: T | null;
  /** The server's `detail` message, when it sent one, in the page's language (i18n/server-text.ts). */
  detail: string | null;
  /** Seconds from a `Retry-After` header. */
  retryAfter: number | null;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Fired on `window` when a call answers 401 "sign in" (`AUTH_REQUIRED`): the session ended elsewhere (signed
 * out everywhere, expired, account deleted). The session provider forgets it, as for `/auth/me`.
 */
export const SESSION_ENDED_EVENT = 'hound:session-ended';

export async function apiFetch<T = unknown>(path: string, request: ApiRequest = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const code = (body as { code?: unknown } | null)?.code;
    const detail =
      body && typeof body === 'object' && typeof (body as { detail?: unknown }).detail === 'string'
        ? translateServerText((body as { detail: string }).detail, typeof code === 'string' ? code : null)
        : null;
    if (res.status === 401 && code === 'AUTH_REQUIRED') {
      window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
    }
    const retry = Number(res.headers.get('retry-after'));
    return {
      ok: res.ok,
      status: res.status,
      body: body as T | null,
      detail,
      retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
    };
  } catch {
    return { ok: false, status: 0, body: null, detail: null, retryAfter: null };
  }
}
