import { card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { PlanSummary } from './plan-summary.tsx';

/** `/dashboard/billing`: plan, credits and invoices (payments arrive with the billing work). */
export default function BillingPage() {
  const { m } = useI18n();
  const { user } = useAuth();
  if (!user) return null;
  const b = m.account.billing;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{b.title}</h1>
        <p className={`mt-2 ${muted}`}>{b.lead}</p>
      </header>
      <PlanSummary user={user} />
      <p className={`text-sm ${muted}`}>{b.paymentsLater}</p>
      <section aria-labelledby="invoices" className={`${card} p-5`}>
        <h2 id="invoices" className="text-lg font-semibold">
          {b.invoices}
        </h2>
        <p className={`mt-2 ${muted}`}>{b.noInvoices}</p>
      </section>
    </div>
  );
}
