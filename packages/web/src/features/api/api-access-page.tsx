import { API_EXAMPLES, type ApiExampleLanguage, type V1Plans } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { useDefaultMeta } from '../../app/default-meta.ts';
import { button, card, focusRing, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { apiFetch } from '../../lib/api-fetch.ts';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useApiTexts } from './api-texts.ts';
import { CopyBox } from './copy-box.tsx';

const ApiWaitlistModal = lazy(() => import('../waitlist/api-waitlist-modal.tsx'));
const LANGUAGES: [ApiExampleLanguage, string][] = [
  ['curl', 'curl'],
  ['javascript', 'JavaScript'],
  ['python', 'Python'],
];

/** `/api-access`: what the API does, each plan's limits (from the server), examples, webhooks, errors. */
export default function ApiAccessPage() {
  const { m } = useI18n();
  const api = useApiTexts();
  const t = api.page;
  const { user } = useAuth();
  const id = useId();
  useDocumentMeta({ title: `${t.title} · ${m.brand}`, description: t.lead }, useDefaultMeta());
  const [language, setLanguage] = useState<ApiExampleLanguage>('curl');
  const [news, setNews] = useState(false);
  const plans = useQuery({
    queryKey: ['api-plans'],
    queryFn: async () => (await apiFetch<V1Plans>('/api/v1/plans')).body,
  });
  const rows: [string, keyof V1Plans['free']][] = [
    [t.perMinute, 'requests_per_minute'],
    [t.active, 'active_searches'],
    [t.daily, 'searches_per_day'],
    [t.keys, 'max_keys'],
  ];
  const cell = (plan: V1Plans['free'], field: keyof V1Plans['free']) =>
    plan.requests_per_minute === 0
      ? field === 'requests_per_minute'
        ? t.noAccess
        : '—'
      : plan[field].toLocaleString();
  return (
    <div className="mx-auto max-w-4xl space-y-10 px-4 py-10 sm:px-6">
      <header className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t.heading}</h1>
        <p className={`text-base ${muted}`}>{t.lead}</p>
        <div className="flex flex-wrap gap-3">
          <Link to={user ? '/dashboard/api' : '/login'} className={button.primary}>
            {user ? t.createKey : t.signInFirst}
          </Link>
          <a href="/api/v1/openapi.json" className={button.secondary}>
            {t.openapi}
          </a>
          <a href="/api/docs" className={button.secondary}>
            {t.reference}
          </a>
        </div>
      </header>

      <section aria-labelledby={`${id}-plans`} className="space-y-3">
        <h2 id={`${id}-plans`} className="text-xl font-semibold">
          {t.plansTitle}
        </h2>
        <p className={`text-sm ${muted}`}>{t.plansLead}</p>
        {plans.data && (
          <div className={`${card} overflow-hidden`}>
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 dark:bg-slate-800/60">
                <tr>
                  <th scope="col" className="p-3 font-medium">
                    <span className="sr-only">{t.plansTitle}</span>
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    {t.planFree}
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    {t.planPaid}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {rows.map(([label, field]) => (
                  <tr key={field}>
                    <th scope="row" className="p-3 font-normal">
                      {label}
                    </th>
                    <td className="p-3 tabular-nums">{cell(plans.data!.free, field)}</td>
                    <td className="p-3 tabular-nums">{cell(plans.data!.paid, field)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className={`text-sm ${muted}`}>{t.freeNote}</p>
      </section>

      <section aria-labelledby={`${id}-examples`} className="space-y-3">
        <h2 id={`${id}-examples`} className="text-xl font-semibold">
          {t.examplesTitle}
        </h2>
        <p className={`text-sm ${muted}`}>{t.examplesLead}</p>
        <div role="tablist" aria-label={t.examplesTitle} className="flex flex-wrap gap-1">
          {LANGUAGES.map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={language === key}
              onClick={() => setLanguage(key)}
              className={`rounded-lg px-3 py-1.5 text-sm font-medium ${focusRing} ${
                language === key
                  ? 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200'
                  : 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800'
              }`}
            >
              {label}
            </button>
          ))}
        </div>
        <div role="tabpanel">
          <CopyBox code text={API_EXAMPLES[language]} label={`${t.examplesTitle}: ${language}`} />
        </div>
      </section>

      <section aria-labelledby={`${id}-hooks`} className="space-y-2">
        <h2 id={`${id}-hooks`} className="text-xl font-semibold">
          {t.webhooksTitle}
        </h2>
        <p className={`text-sm ${muted}`}>{t.webhooksLead}</p>
      </section>
      <section aria-labelledby={`${id}-limits`} className="space-y-2">
        <h2 id={`${id}-limits`} className="text-xl font-semibold">
          {t.limitsTitle}
        </h2>
        <p className={`text-sm ${muted}`}>{t.limitsLead}</p>
      </section>
      <p>
        <button type="button" className={link} onClick={() => setNews(true)}>
          {t.news}
        </button>
      </p>
      {news && (
        <Suspense fallback={null}>
          <ApiWaitlistModal onClose={() => setNews(false)} />
        </Suspense>
      )}
    </div>
  );
}
