/**
 * localStorage access that never throws: private modes and full quotas make storage fail, and a
 * failed preference write must not break the page.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const STORAGE_KEYS = {
  deviceId: 'deviceId',
  searchHistory: 'searchHistory',
  theme: 'theme',
  language: 'language',
  /**
   * Where the session's bearer token used to be kept (spec 000 §3); now only read to revoke and remove one
   * left by an earlier version (the session is an HttpOnly cookie, decision 098).
   */
  legacyAuthToken: 'auth.token',
  /** "This browser has a session cookie": not a secret, it spares anonymous visitors a /auth/me call. */
  signedIn: 'auth.signedIn',
} as const;

const memory = new Map<string, string>();
const memoryStore: KeyValueStore = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
  removeItem: (k) => void memory.delete(k),
};

export function browserStore(): KeyValueStore {
  try {
    return typeof localStorage === 'undefined' ? memoryStore : localStorage;
  } catch {
    return memoryStore;
  }
}

export function readKey(store: KeyValueStore, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

export function writeKey(store: KeyValueStore, key: string, value: string | null): void {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Preferences are best effort.
  }
}
