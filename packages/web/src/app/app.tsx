import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { GlobalErrorToasts } from '../components/global-error-toasts.tsx';
import { ToastProvider } from '../components/toast.tsx';
import { AuthProvider } from '../features/auth/auth-context.tsx';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import SearchPage from '../features/search/search-page.tsx';
import { I18nProvider } from '../i18n/i18n.tsx';
import type { Language, Messages } from '../i18n/messages.ts';
import { ThemeProvider } from '../lib/theme.tsx';
import { Layout } from './layout.tsx';

// Everything but the search page is loaded on demand, keeping the first download small.
const LibraryPage = lazy(() => import('../features/library/library-page.tsx'));
const ArticlePage = lazy(() => import('../features/library/article-page.tsx'));
const TermsPage = lazy(() => import('../features/legal/terms-page.tsx'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page.tsx'));
const ContactPage = lazy(() => import('../features/legal/contact-page.tsx'));
const LicensesPage = lazy(() => import('../features/legal/licenses-page.tsx'));
const NotFoundPage = lazy(() => import('./not-found-page.tsx'));
const CrashTestPage = lazy(() => import('./crash-test-page.tsx'));
const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
const RegisterPage = lazy(() => import('../features/auth/register-page.tsx'));
const DashboardLayout = lazy(() =>
  import('../features/dashboard/dashboard-layout.tsx').then((m) => ({ default: m.DashboardLayout })),
);
const DashboardHome = lazy(() => import('../features/dashboard/dashboard-home.tsx'));
const BillingPage = lazy(() => import('../features/dashboard/billing-page.tsx'));
const SettingsPage = lazy(() => import('../features/dashboard/settings-page.tsx'));
const MySearchesPage = lazy(() => import('../features/dashboard/my-searches-page.tsx'));
const OrderReportPage = lazy(() => import('../features/billing/order-report-page.tsx'));
const AdminPage = lazy(() => import('../features/admin/admin-page.tsx'));
const EmailSearchPage = lazy(() => import('../features/email-search/email-search-page.tsx'));
const EmailTermsPage = lazy(() => import('../features/legal/email-terms-page.tsx'));
const PricingPage = lazy(() => import('../features/billing/pricing-page.tsx'));
const CheckoutReturnPage = lazy(() => import('../features/billing/checkout-return-page.tsx'));
const GraphPage = lazy(() => import('../features/graph/graph-page.tsx'));
const ApiDashboardPage = lazy(() => import('../features/api/api-dashboard-page.tsx'));
const ApiAccessPage = lazy(() => import('../features/api/api-access-page.tsx'));
const WatchesPage = lazy(() => import('../features/watches/watches-page.tsx'));
const WatchPage = lazy(() => import('../features/watches/watch-page.tsx'));
const WatchLinkPage = lazy(() => import('../features/watches/watch-link-page.tsx'));

/**
 * The crash-test route (/__crash) exists in development builds; a production build has it only for a tab
 * that asked for it in its own session storage (the browser journeys do), so no public address shows a crash.
 */
export function crashRouteEnabled(dev: boolean, session: Pick<Storage, 'getItem'> | undefined): boolean {
  if (dev) return true;
  try {
    return session?.getItem(CRASH_TEST_KEY) === '1';
  } catch {
    return false;
  }
}
export const CRASH_TEST_KEY = 'hound.crashTest';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export function App({ language, messages }: { language: Language; messages: Messages }) {
  const crashRoute = crashRouteEnabled(
    import.meta.env.DEV,
    typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
  );
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider initialLanguage={language} initialMessages={messages}>
          <ThemeProvider>
            <ErrorBoundary>
              <ToastProvider>
                <GlobalErrorToasts />
                <AuthProvider>
                  <BrowserRouter>
                    <Routes>
                      {/* Login and register stand alone: no header, no footer (spec 001 §2). */}
                      <Route
                        path="login"
                        element={
                          <Suspense fallback={null}>
                            <LoginPage />
                          </Suspense>
                        }
                      />
                      <Route
                        path="register"
                        element={
                          <Suspense fallback={null}>
                            <RegisterPage />
                          </Suspense>
                        }
                      />
                      {/* Outside the layout's page boundary: it exercises the app-wide crash screen. */}
                      {crashRoute && (
                        <Route
                          path="__crash"
                          element={
                            <Suspense fallback={null}>
                              <CrashTestPage />
                            </Suspense>
                          }
                        />
                      )}
                      <Route element={<Layout />}>
                        <Route
                          path="dashboard"
                          element={
                            <RequireAuth>
                              <DashboardLayout />
                            </RequireAuth>
                          }
                        >
                          <Route index element={<DashboardHome />} />
                          <Route path="billing" element={<BillingPage />} />
                          <Route path="settings" element={<SettingsPage />} />
                          <Route path="my-searches" element={<MySearchesPage />} />
                          <Route path="api" element={<ApiDashboardPage />} />
                          <Route path="orders/:id" element={<OrderReportPage />} />
                          <Route path="watches" element={<WatchesPage />} />
                          <Route path="watches/:id" element={<WatchPage />} />
                        </Route>
                        <Route
                          path="admin"
                          element={
                            <RequireAuth admin>
                              <AdminPage />
                            </RequireAuth>
                          }
                        />
                        <Route index element={<SearchPage />} />
                        <Route path="username-search" element={<SearchPage />} />
                        <Route path="search/:id" element={<SearchPage />} />
                        <Route path="search/:id/graph" element={<GraphPage />} />
                        <Route path="graph" element={<GraphPage />} />
                        {/* A watch mail's one-click links (no sign-in: the signed token is the proof). */}
                        <Route path="watch-link" element={<WatchLinkPage />} />
                        <Route path="email-search" element={<EmailSearchPage />} />
                        <Route path="email-search/:id" element={<EmailSearchPage />} />
                        <Route path="library" element={<LibraryPage />} />
                        <Route path="library/:slug" element={<ArticlePage />} />
                        <Route path="terms" element={<TermsPage />} />
                        <Route path="email-terms" element={<EmailTermsPage />} />
                        <Route path="pricing" element={<PricingPage />} />
                        <Route path="api-access" element={<ApiAccessPage />} />
                        {/* Where the payment provider returns to (spec 001 §2): public, the page checks the session. */}
                        <Route path="account/billing" element={<CheckoutReturnPage />} />
                        <Route path="privacy" element={<PrivacyPage />} />
                        <Route path="contact" element={<ContactPage />} />
                        <Route path="licenses" element={<LicensesPage />} />
                        <Route path="*" element={<NotFoundPage />} />
                      </Route>
                    </Routes>
                  </BrowserRouter>
                </AuthProvider>
              </ToastProvider>
            </ErrorBoundary>
          </ThemeProvider>
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
