import type { EmailSearchSnapshot } from '@hound/contracts';
import { emailSearchProblem } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { SearchOptions } from '../../api/search-api.ts';
import { useSiteConfig } from '../../api/site-config.ts';
import { MailIcon } from '../../components/icons.tsx';
import { button, card, focusRing, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { useBillingTexts } from '../billing/billing-texts.ts';
import { FollowLeadsOption } from '../search/follow-leads-option.tsx';
import { getEmailSearch } from './email-api.ts';
import { EMAIL_LOGS_KEY, fetchEmailLogs } from './email-logs-list.tsx';
import { emailProblemText } from './email-problem-text.ts';
import { EmailSearchModal } from './email-search-modal.tsx';
import { LatestResults } from './latest-results.tsx';
import { resumedState } from './modal-state.ts';

/**
 * `/email-search`: the email lookup page (spec 001 §2). Anonymous visitors sign in first and come back.
 * `/email-search/{id}` is one search's address (issue 27 item 10): it reopens the modal on that search,
 * running or finished, after a reload or Back.
 */
export default function EmailSearchPage() {
  const { m } = useI18n();
  const billing = useBillingTexts();
  const t = m.email.page;
  const { authenticated, status } = useAuth();
  const config = useSiteConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = useId();
  const [email, setEmail] = useState(params.get('email') ?? '');
  // From "Order Email Plus" (pricing): the address first, then the modal opens on the Email Plus card.
  const plusFirst = params.get('plus') === '1';
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [adult, setAdult] = useState(false);
  const [follow, setFollow] = useState<SearchOptions>({});
  const { id: searchId } = useParams();
  // The search this page started: its modal stays as it is when the address changes to the search's own.
  const [started, setStarted] = useState<string | null>(null);
  useEffect(() => {
    // Back from a search's address to the bare page: the modal goes, the search runs on (listed below).
    if (!searchId && started) {
      setOpen(null);
      setStarted(null);
    }
  }, [searchId, started]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailSearchProblem(email);
    if (problem) {
      setError(emailProblemText(problem, m.email.errors));
      return;
    }
    setError(null);
    if (!authenticated) {
      // Back here afterwards, with the address still in the box.
      const plus = plusFirst ? '&plus=1' : '';
      navigate('/login', { state: { from: `${location.pathname}?email=${encodeURIComponent(email.trim())}${plus}` } });
      return;
    }
    setOpen(email.trim());
  };

  const count = config.emailCheckCount ? String(config.emailCheckCount) : '40+';
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6 sm:py-16">
      <section className="mx-auto max-w-3xl text-center">
        <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">
          <MailIcon /> {t.eyebrow}
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight break-words sm:text-5xl">{t.title}</h1>
        <p className={`mt-4 text-lg ${muted}`}>{t.lead.replace('{count}', count)}</p>
        <form onSubmit={submit} noValidate className="mx-auto mt-8 max-w-xl text-left">
          <label htmlFor={`${id}-email`} className="sr-only">
            {t.label}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder={t.placeholder}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-note`}
              className={`h-12 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-4 text-base dark:border-slate-700 dark:bg-slate-950 sm:flex-1 ${focusRing}`}
            />
            <button type="submit" className={`${button.primary} h-12 px-6`} disabled={status === 'loading'}>
              {t.submit}
            </button>
          </div>
          <label className="mt-2 inline-flex items-center gap-2 text-sm">
            <input type="checkbox" checked={adult} onChange={(e) => setAdult(e.target.checked)} />
            {t.adult}
          </label>
          {/* Signed-in visitors only: an email search is theirs anyway, and following leads starts searches for them. */}
          {authenticated && (
            <div className={`text-sm ${muted}`}>
              <FollowLeadsOption options={follow} onChange={setFollow} hint={m.leads.emailOptionHint} />
            </div>
          )}
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <p id={`${id}-note`} className={`mt-3 text-sm ${muted}`}>
            {plusFirst ? billing.pricing.plus.addressFirst : t.note}
          </p>
          <p className="mt-2 flex gap-4 text-sm">
            <Link to="/email-terms" className={link}>
              {t.links}
            </Link>
            <Link to="/privacy" className={link}>
              {t.privacy}
            </Link>
          </p>
        </form>
      </section>

      {/* grid-cols-1 (minmax(0, 1fr)): one column no wider than the screen, whatever the longest line. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <section aria-labelledby="footprint" className={`${card} p-6`}>
          <h2 id="footprint" className="text-lg font-semibold">
            {t.footprintTitle}
          </h2>
          <p className={`mt-2 ${muted}`}>{t.footprintText}</p>
        </section>
        <LatestResults />
      </div>

      <section aria-labelledby="email-features">
        <h2 id="email-features" className="text-2xl font-semibold tracking-tight">
          {t.featuresTitle}
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <li className={`${card} p-4`}>
            <p className="font-semibold">{t.features.accounts}</p>
            <p className={`mt-1 text-sm ${muted}`}>{t.features.accountsText}</p>
            <p className="mt-2 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200">
              {t.free}
            </p>
          </li>
          {[t.features.fullName, t.features.homeAddress, t.features.family, t.features.social, t.features.emails].map(
            (name) => (
              <li key={name} className={`${card} p-4`}>
                <p className="font-semibold">{name}</p>
                <p className="mt-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
                  {t.plusOnly}
                </p>
              </li>
            ),
          )}
        </ul>
      </section>

      <section aria-labelledby="email-faq" className="mx-auto max-w-3xl">
        <h2 id="email-faq" className="text-2xl font-semibold tracking-tight">
          {t.faqTitle}
        </h2>
        <div className="mt-4 space-y-2">
          {t.faq.map((item) => (
            <details key={item.q} className={`${card} p-4`}>
              <summary className="font-medium">{item.q}</summary>
              <p className={`mt-2 ${muted}`}>{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      {authenticated && !searchId && <RunningSearches />}
      {open && (
        <EmailSearchModal
          email={open}
          adult={adult}
          followDepth={follow.recursive ? (follow.depth ?? 1) : undefined}
          focusPlus={plusFirst}
          onStarted={(startedId) => {
            setStarted(startedId);
            navigate(`/email-search/${encodeURIComponent(startedId)}`);
          }}
          onClose={() => {
            setOpen(null);
            if (searchId) navigate('/email-search');
          }}
        />
      )}
      {searchId && !(open && started === searchId) && <ReopenedSearch searchId={searchId} />}
    </div>
  );
}

/** A search reopened at its address: signed-out visitors sign in first; someone else's search is not found. */
function ReopenedSearch({ searchId }: { searchId: string }) {
  const { m } = useI18n();
  const { authenticated, status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const snapshot = useQuery({
    queryKey: ['email-search', searchId],
    queryFn: async (): Promise<EmailSearchSnapshot | null> => {
      const answer = await getEmailSearch(searchId);
      if (answer.status === 404) return null;
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? m.email.errors.searchFailed);
      return answer.body;
    },
    enabled: authenticated,
    // Read once: the modal follows the search from here.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  if (status === 'loading') return null;
  if (!authenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (snapshot.isPending) return null;
  if (snapshot.isError || !snapshot.data) {
    return (
      <p role="alert" className="mx-auto max-w-xl text-center font-medium text-red-700 dark:text-red-400">
        {snapshot.isError ? snapshot.error.message : m.email.page.notFound}
      </p>
    );
  }
  return (
    <EmailSearchModal
      email={snapshot.data.email}
      initial={resumedState(snapshot.data)}
      onClose={() => navigate('/email-search')}
    />
  );
}

/** The caller's email searches still running, each a link back to its address. */
function RunningSearches() {
  const { m } = useI18n();
  const running = useQuery({
    queryKey: [EMAIL_LOGS_KEY, 5],
    queryFn: () => fetchEmailLogs(5, m.account.messages.fetchLogs),
  });
  const items = (running.data ?? []).filter((item) => item.status === 'running');
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="running-searches" className={`${card} mx-auto max-w-xl p-4`}>
      <h2 id="running-searches" className="font-semibold">
        {m.email.page.running}
      </h2>
      <ul className="mt-2 space-y-1">
        {items.map((item) => (
          <li key={item.id} className="min-w-0 truncate">
            <Link to={`/email-search/${encodeURIComponent(item.searchId)}`} className={link}>
              {item.email}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
