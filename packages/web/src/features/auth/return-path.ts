/**
 * Where to go after signing in: the protected page that sent the visitor to /login (kept in the
 * navigation state), or /dashboard. Only same-app paths are followed, never another origin.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login'))
    return from;
  return '/dashboard';
}
