import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAuth } from './auth-context.tsx';

/**
 * Protected routes (spec 001 §2): "Loading..." while the session is checked, then the page for signed-in
 * users, or /login remembering where the visitor wanted to go. `admin` pages send non-admins to /dashboard.
 */
export function RequireAuth({ admin = false, children }: { admin?: boolean; children: ReactNode }) {
  const { m } = useI18n();
  const auth = useAuth();
  const location = useLocation();
  const { doneLeaving } = auth;
  useEffect(() => {
    doneLeaving();
    return doneLeaving;
  }, [doneLeaving]);
  if (auth.status === 'loading') {
    return (
      <p className="mx-auto max-w-3xl px-4 py-16 text-slate-600 dark:text-slate-400" aria-busy="true">
        {m.account.guard.loading}
      </p>
    );
  }
  if (!auth.authenticated) {
    // Signed out on purpose: the page is already on its way elsewhere.
    if (auth.leaving) return null;
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (admin && !auth.user?.is_admin) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
