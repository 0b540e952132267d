import { Link } from 'react-router';
import { link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { KeysSection } from './keys-section.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

/** `/dashboard/api`: the account's API keys and webhook endpoints (issue 40). */
export default function ApiDashboardPage() {
  const { m } = useI18n();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{m.api.page.title}</h1>
        <p className={`mt-2 text-sm ${muted}`}>
          <Link to="/api-access" className={link}>
            {m.api.page.heading}
          </Link>
        </p>
      </div>
      <KeysSection />
      <WebhooksSection />
    </div>
  );
}
