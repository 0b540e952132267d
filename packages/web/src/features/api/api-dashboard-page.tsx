import { Link } from 'react-router';
import { link, muted } from '../../components/ui.ts';
import { useApiTexts } from './api-texts.ts';
import { KeysSection } from './keys-section.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

/** `/dashboard/api`: the account's API keys and webhook endpoints (issue 40). */
export default function ApiDashboardPage() {
  const api = useApiTexts();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{api.page.title}</h1>
        <p className={`mt-2 text-sm ${muted}`}>
          <Link to="/api-access" className={link}>
            {api.page.heading}
          </Link>
        </p>
      </div>
      <KeysSection />
      <WebhooksSection />
    </div>
  );
}
