/**
 * The browser side of a session (spec 000 §4, decision 098): the session itself is an HttpOnly cookie the
 * server sets on sign-in, so no script on the page can read it. The page keeps only a non-secret
 * "signed in" mark (so anonymous visitors make no `/auth/me` call) and what `GET /auth/me` says.
 * 401/403 mean the session is dead; any other failure keeps it (the user may be offline).
 */
import type { User } from '@hound/contracts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { browserStore, readKey, STORAGE_KEYS, writeKey } from '../../lib/storage.ts';

export function hasSessionMark(): boolean {
  return readKey(browserStore(), STORAGE_KEYS.signedIn) === '1';
}

export function setSessionMark(signedIn: boolean): void {
  writeKey(browserStore(), STORAGE_KEYS.signedIn, signedIn ? '1' : null);
}

/**
 * A bearer token an earlier version kept in localStorage: anything injected into the page could have read
 * it, so it is revoked on the server (best effort) and removed. The user signs in again, into a cookie.
 */
export async function dropLegacyToken(): Promise<void> {
  const store = browserStore();
  const token = readKey(store, STORAGE_KEYS.legacyAuthToken);
  if (token === null) return;
  writeKey(store, STORAGE_KEYS.legacyAuthToken, null);
  if (/^[A-Za-z0-9_-]{20,200}$/.test(token)) {
    await apiFetch('/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  }
}

export type MeOutcome = { kind: 'user'; user: User } | { kind: 'invalid' } | { kind: 'failed' };

function looksLikeUser(value: unknown): value is User {
  const v = value as Partial<User> | null;
  return Boolean(v && typeof v.id === 'string' && typeof v.email === 'string' && typeof v.first_name === 'string');
}

export async function fetchMe(): Promise<MeOutcome> {
  const answer = await apiFetch<User>('/auth/me');
  if (answer.status === 401 || answer.status === 403) return { kind: 'invalid' };
  if (answer.ok && looksLikeUser(answer.body)) return { kind: 'user', user: answer.body };
  return { kind: 'failed' };
}
