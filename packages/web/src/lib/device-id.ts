import { type KeyValueStore, readKey, STORAGE_KEYS, writeKey } from './storage.ts';

const DEVICE_ID = /^device_[0-9a-f]{32}$/;

/** A random `device_…` id, created once and kept under `deviceId`. It is a hint for rate limits, not an identity. */
export function getDeviceId(store: KeyValueStore, randomBytes: (n: number) => Uint8Array = secureRandomBytes): string {
  const existing = readKey(store, STORAGE_KEYS.deviceId);
  if (existing && DEVICE_ID.test(existing)) return existing;
  const hex = Array.from(randomBytes(16), (b) => b.toString(16).padStart(2, '0')).join('');
  const id = `device_${hex}`;
  writeKey(store, STORAGE_KEYS.deviceId, id);
  return id;
}

// getRandomValues works on plain-http origins too, unlike crypto.randomUUID.
function secureRandomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}
