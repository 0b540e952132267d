/**
 * One `Idempotency-Key` per attempt to start an email search of one address (issue 27 item 6): the
 * reservation (`POST /me/credits/decrement`) and the start (`POST /api/email/searches`) carry it, and it is
 * kept across retries — a failed start, a lost answer, the modal closed and opened again, a reload — until
 * a search starts or the address changes. So a retry uses the credit the first try reserved, and a start
 * whose answer was lost is answered with the same search. Kept in sessionStorage: one tab, one series.
 */
const STORE = 'hound.emailAttempt';

interface Attempt {
  email: string;
  key: string;
}

function read(): Attempt | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORE) ?? 'null') as Attempt | null;
    return value && typeof value.email === 'string' && typeof value.key === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The key of the current attempt at `email`; a new one when there is none or it was for another address. */
export function attemptKey(email: string): string {
  const normalized = email.trim().toLowerCase();
  const current = read();
  if (current?.email === normalized) return current.key;
  const key = `email-search-${crypto.randomUUID()}`;
  try {
    sessionStorage.setItem(STORE, JSON.stringify({ email: normalized, key }));
  } catch {
    // Storage full or blocked: the key still holds for this page's retries through the return value's reuse.
  }
  return key;
}

/** The search started: the next attempt, even at the same address, is a new one (and costs a credit). */
export function attemptSucceeded(): void {
  try {
    sessionStorage.removeItem(STORE);
  } catch {
    // Nothing stored.
  }
}
