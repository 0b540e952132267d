/**
 * The API key format (decision 143): `hound_live_<id>_<secret>_<checksum>` — a 12-character public id, a
 * 32-character base62 secret (190 bits) and 6 base62 characters of the CRC-32 of everything before them.
 * The prefix lets secret scanners and log scrubbers find leaked keys; the checksum turns away typos and
 * random strings before any lookup.
 */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const API_KEY_PREFIX = 'hound_live_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const SHAPE = /^hound_live_([0-9a-z]{12})_([0-9A-Za-z]{32})_([0-9A-Za-z]{6})$/;

/** `length` characters of `alphabet` from the CSPRNG, without modulo bias. */
function randomText(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

function checksum(body: string): string {
  let value = crc32(body);
  let out = '';
  for (let i = 0; i < 6; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

export function newKeyId(): string {
  return randomText(ID_ALPHABET, 12);
}

/** A key for `id` with a fresh secret: the full key (shown once) and the parts stored. */
export function newApiKey(id: string): { key: string; secret: string; last4: string } {
  const secret = randomText(BASE62, 32);
  const body = `${API_KEY_PREFIX}${id}_${secret}`;
  return { key: `${body}_${checksum(body)}`, secret, last4: secret.slice(-4) };
}

/** The id and secret of a well-formed key with a right checksum; null for anything else. */
export function parseApiKey(key: string): { id: string; secret: string } | null {
  const match = SHAPE.exec(key);
  if (!match) return null;
  const body = `${API_KEY_PREFIX}${match[1]}_${match[2]}`;
  return checksum(body) === match[3] ? { id: match[1]!, secret: match[2]! } : null;
}

/** How a key is shown after creation: its id and the last four characters of its secret. */
export function keyDisplay(id: string, last4: string): string {
  return `${API_KEY_PREFIX}${id}_…${last4}`;
}

export function looksLikeApiKey(value: string | undefined): boolean {
  return value?.startsWith(API_KEY_PREFIX) ?? false;
}
