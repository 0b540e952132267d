import { randomBytes } from 'node:crypto';

/** 128 random bits, base64url: unguessable ids for rows whose id may be shown or shared. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}
