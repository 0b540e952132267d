import { useSiteConfig } from '../../api/site-config.ts';
import { muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { AllSearchesList } from './all-searches-list.tsx';

/** `/dashboard/my-searches`: username and email searches (spec 001 §2 "My Searches"), newest first. */
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
      <AllSearchesList limit={1000} />
    </div>
  );
}
