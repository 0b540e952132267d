import { randomBytes } from 'node:crypto';

/** 128 random bits, base64url: unguessable, so knowing an id is the only access check a search needs. */
export function newSearchId(): string {
  return randomBytes(16).toString('base64url');
}

export const SEARCH_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
