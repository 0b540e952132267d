import { useSiteConfig } from '../../api/site-config.ts';
import { muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { EmailLogsList } from '../email-search/email-logs-list.tsx';
import { MySearchesList } from './my-searches-list.tsx';

/** `/dashboard/my-searches`: email searches (spec 001 §2 "My Searches"), then username searches. */
export default function MySearchesPage() {
  const { m } = useI18n();
  const { retentionDays } = useSiteConfig();
  const s = m.account.searches;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{s.title}</h1>
        <p className={`mt-2 ${muted}`}>{s.lead.replace('{days}', String(retentionDays))}</p>
      </header>
      <section aria-labelledby="email-searches" className="space-y-3">
        <h2 id="email-searches" className="text-xl font-semibold">
          {m.email.logs.title}
        </h2>
        <EmailLogsList />
      </section>
      <section aria-labelledby="username-searches" className="space-y-3">
        <h2 id="username-searches" className="text-xl font-semibold">
          {s.usernameSearches}
        </h2>
        <MySearchesList limit={1000} />
      </section>
    </div>
  );
}
