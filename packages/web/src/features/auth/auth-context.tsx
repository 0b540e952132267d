import type { User } from '@hound/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { apiFetch, SESSION_ENDED_EVENT } from '../../lib/api-fetch.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { fetchMe, storedToken, storeToken } from './session.ts';

export interface AuthValue {
  /** `loading` until the stored token has been checked once. */
  status: 'loading' | 'ready';
  token: string | null;
  user: User | null;
  /** Signed in only with both a token and a user (spec 000 §4). */
  authenticated: boolean;
  /** Keeps a new token and loads its user. Resolves true when the user could be loaded. */
  signIn(token: string): Promise<boolean>;
  /** Revokes this session on the server (best effort) and forgets it here. */
  signOut(): Promise<void>;
  /** Forgets the session here only (after "sign out everywhere" or account deletion). */
  forget(): void;
  /**
   * True from a deliberate sign-out until the protected page has gone: the page navigates on by itself
   * (to /username-search), so the route guard must not race it to /login.
   */
  leaving: boolean;
  /** Called by the route guard when it mounts or unmounts. */
  doneLeaving(): void;
  /** Reloads the user (after a profile change, a payment …). */
  refresh(): Promise<void>;
  /** Replaces the user with a fresh copy the server already returned. */
  setUser(user: User): void;
}

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(storedToken);
  const [user, setUser] = useState<User | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready'>(() => (storedToken() ? 'loading' : 'ready'));

  const [leaving, setLeaving] = useState(false);

  /** The session is dead (401/403, another tab): cleared silently, the guard sends the visitor to /login. */
  const clear = useCallback(() => {
    storeToken(null);
    setToken(null);
    setUser(null);
  }, []);

  const forget = useCallback(() => {
    setLeaving(true);
    clear();
  }, [clear]);

  const doneLeaving = useCallback(() => setLeaving(false), []);

  const load = useCallback(
    async (candidate: string): Promise<boolean> => {
      const outcome = await fetchMe(candidate);
      if (outcome.kind === 'user') {
        setUser(outcome.user);
        return true;
      }
      // 401/403: the token is dead and cleared silently; other failures keep it, without a user.
      if (outcome.kind === 'invalid') clear();
      return false;
    },
    [clear],
  );

  useEffect(() => {
    const initial = storedToken();
    if (!initial) return;
    void load(initial).finally(() => setStatus('ready'));
  }, [load]);

  // Another tab signed in or out: follow it, so no tab keeps showing an account that is gone.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.authToken) return;
      setToken(event.newValue);
      setUser(null);
      if (event.newValue) void load(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [load]);

  useEffect(() => {
    window.addEventListener(SESSION_ENDED_EVENT, clear);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, clear);
  }, [clear]);

  const signIn = useCallback(
    async (next: string) => {
      storeToken(next);
      setToken(next);
      return load(next);
    },
    [load],
  );

  const signOut = useCallback(async () => {
    if (token) await apiFetch('/auth/logout', { method: 'POST', token });
    forget();
  }, [token, forget]);

  const refresh = useCallback(async () => {
    if (token) await load(token);
  }, [token, load]);

  const value = useMemo<AuthValue>(
    () => ({
      status,
      token,
      user,
      authenticated: Boolean(token && user),
      signIn,
      signOut,
      forget,
      leaving,
      doneLeaving,
      refresh,
      setUser,
    }),
    [status, token, user, signIn, signOut, forget, leaving, doneLeaving, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
