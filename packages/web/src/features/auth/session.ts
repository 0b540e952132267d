/**
 * The browser side of a session (spec 000 §4): the token under `auth.token`, and what `GET /auth/me` says
 * about it. 401/403 mean the token is dead; any other failure keeps it (the user may be offline).
 */
import type { User } from '@hound/contracts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { browserStore, readKey, STORAGE_KEYS, writeKey } from '../../lib/storage.ts';

export function storedToken(): string | null {
  return readKey(browserStore(), STORAGE_KEYS.authToken);
}

export function storeToken(token: string | null): void {
  writeKey(browserStore(), STORAGE_KEYS.authToken, token);
}

export type MeOutcome = { kind: 'user'; user: User } | { kind: 'invalid' } | { kind: 'failed' };

function looksLikeUser(value: unknown): value is User {
  const v = value as Partial<User> | null;
  return Boolean(v && typeof v.id === 'string' && typeof v.email === 'string' && typeof v.first_name === 'string');
}

export async function fetchMe(token: string): Promise<MeOutcome> {
  const answer = await apiFetch<User>('/auth/me', { token });
  if (answer.status === 401 || answer.status === 403) return { kind: 'invalid' };
  if (answer.ok && looksLikeUser(answer.body)) return { kind: 'user', user: answer.body };
  return { kind: 'failed' };
}
