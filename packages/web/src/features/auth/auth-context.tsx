import type { User } from '@hound/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';
import { isLanguage } from '../../i18n/messages.ts';
import { apiFetch, SESSION_ENDED_EVENT } from '../../lib/api-fetch.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { dropLegacyToken, fetchMe, hasSessionMark, setSessionMark } from './session.ts';

export interface AuthValue {
  /** `loading` until a session this browser had has been checked once. */
  status: 'loading' | 'ready';
  /**
   * This browser holds a session (the HttpOnly cookie the server set at sign-in, decision 098), whether or
   * not its user could be loaded yet. Stands where spec 000 §4 has the stored token.
   */
  session: boolean;
  user: User | null;
  /** Signed in only with both a session and a user (spec 000 §4). */
  authenticated: boolean;
  /**
   * After the server set the session cookie: marks the session and loads its user, and switches the page to
   * the user's saved language (a new device starts in English). True when the user could be loaded.
   */
  signIn(): Promise<boolean>;
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
  const [session, setSession] = useState<boolean>(hasSessionMark);
  const [user, setUser] = useState<User | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready'>(() => (hasSessionMark() ? 'loading' : 'ready'));

  const [leaving, setLeaving] = useState(false);

  /** The session is dead (401/403, another tab): cleared silently, the guard sends the visitor to /login. */
  const clear = useCallback(() => {
    setSessionMark(false);
    setSession(false);
    setUser(null);
  }, []);

  const forget = useCallback(() => {
    setLeaving(true);
    clear();
  }, [clear]);

  const doneLeaving = useCallback(() => setLeaving(false), []);

  const load = useCallback(async (): Promise<User | null> => {
    const outcome = await fetchMe();
    if (outcome.kind === 'user') {
      setUser(outcome.user);
      return outcome.user;
    }
    // 401/403: the session is dead and cleared silently; other failures keep it, without a user.
    if (outcome.kind === 'invalid') clear();
    return null;
  }, [clear]);

  useEffect(() => {
    void dropLegacyToken();
    if (!hasSessionMark()) return;
    void load().finally(() => setStatus('ready'));
  }, [load]);

  // Another tab signed in or out: follow it, so no tab keeps showing an account that is gone.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.signedIn) return;
      const signedIn = event.newValue === '1';
      setSession(signedIn);
      setUser(null);
      if (signedIn) void load();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [load]);

  useEffect(() => {
    window.addEventListener(SESSION_ENDED_EVENT, clear);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, clear);
  }, [clear]);

  // Only a deliberate sign-in applies the saved language: on a reload the page keeps the language this browser
  // chose (the header's switch is not saved to the account).
  const { language, setLanguage } = useI18n();
  const signIn = useCallback(async () => {
    setSessionMark(true);
    setSession(true);
    const signedIn = await load();
    if (signedIn && isLanguage(signedIn.language) && signedIn.language !== language) setLanguage(signedIn.language);
    return signedIn !== null;
  }, [load, language, setLanguage]);

  // The server revokes the session and clears the cookie.
  const signOut = useCallback(async () => {
    if (session) await apiFetch('/auth/logout', { method: 'POST' });
    forget();
  }, [session, forget]);

  const refresh = useCallback(async () => {
    if (session) await load();
  }, [session, load]);

  const value = useMemo<AuthValue>(
    () => ({
      status,
      session,
      user,
      authenticated: Boolean(session && user),
      signIn,
      signOut,
      forget,
      leaving,
      doneLeaving,
      refresh,
      setUser,
    }),
    [status, session, user, signIn, signOut, forget, leaving, doneLeaving, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
