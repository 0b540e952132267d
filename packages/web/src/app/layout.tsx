import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullFooter, MinimalFooter } from '../components/footer.tsx';
import { Header } from '../components/header.tsx';
import { RouteErrorBoundary } from '../components/route-error-boundary.tsx';
import { focusRing } from '../components/ui.ts';
import { useI18n } from '../i18n/i18n.tsx';

const HOME_PATHS = new Set(['/', '/username-search']);

export function Layout() {
  const { m } = useI18n();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the top on every navigation
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className={`sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:absolute focus:top-3 focus:left-3 dark:bg-slate-900 ${focusRing}`}
      >
        {m.header.skip}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <RouteErrorBoundary
          key={pathname}
          title={m.account.toast.pageError}
          text={m.account.toast.pageErrorText}
          retry={m.account.toast.retry}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {HOME_PATHS.has(pathname) || pathname.startsWith('/search/') ? <FullFooter /> : <MinimalFooter />}
    </div>
  );
}

function PageLoading() {
  const { m } = useI18n();
  return (
    <div className="mx-auto min-h-[60vh] max-w-3xl px-4 py-16 text-slate-500 dark:text-slate-400" aria-busy="true">
      <span className="sr-only">{m.common.loading}</span>
    </div>
  );
}
