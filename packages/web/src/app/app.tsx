import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ToastProvider } from '../components/toast.tsx';
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

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export function App({ language, messages }: { language: Language; messages: Messages }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider initialLanguage={language} initialMessages={messages}>
          <ThemeProvider>
            <ErrorBoundary>
              <ToastProvider>
                <BrowserRouter>
                  <Routes>
                    <Route element={<Layout />}>
                      <Route index element={<SearchPage />} />
                      <Route path="username-search" element={<SearchPage />} />
                      <Route path="library" element={<LibraryPage />} />
                      <Route path="library/:slug" element={<ArticlePage />} />
                      <Route path="terms" element={<TermsPage />} />
                      <Route path="privacy" element={<PrivacyPage />} />
                      <Route path="contact" element={<ContactPage />} />
                      <Route path="licenses" element={<LicensesPage />} />
                      <Route path="__crash" element={<CrashTestPage />} />
                      <Route path="*" element={<NotFoundPage />} />
                    </Route>
                  </Routes>
                </BrowserRouter>
              </ToastProvider>
            </ErrorBoundary>
          </ThemeProvider>
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
