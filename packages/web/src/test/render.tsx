import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { defaultSiteConfig, type SiteConfig } from '../api/site-config.ts';
import { ToastProvider } from '../components/toast.tsx';
import { AuthProvider } from '../features/auth/auth-context.tsx';
import { en } from '../i18n/en.ts';
import { I18nProvider } from '../i18n/i18n.tsx';
import type { Language, Messages } from '../i18n/messages.ts';
import { registerServerText } from '../i18n/server-text.ts';
import { serverTextTr } from '../i18n/server-text-tr.ts';
import { tr } from '../i18n/tr.ts';
import { ThemeProvider } from '../lib/theme.tsx';

export interface RenderOptions {
  language?: Language;
  config?: Partial<SiteConfig>;
  path?: string;
}

/** Renders with the app's providers; the site config is given, not fetched. */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(['site-config'], { ...defaultSiteConfig, ...options.config });
  const language = options.language ?? 'en';
  const messages: Messages = language === 'tr' ? tr : en;
  // As loadMessages does in the app: the server's messages follow the language.
  registerServerText(language, language === 'tr' ? serverTextTr : null);
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider initialLanguage={language} initialMessages={messages}>
        <ThemeProvider>
          <ToastProvider>
            <AuthProvider>
              <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
            </AuthProvider>
          </ToastProvider>
        </ThemeProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}
