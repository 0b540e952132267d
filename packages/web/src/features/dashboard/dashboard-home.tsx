import { Link } from 'react-router';
import { button, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { BuyCredits } from '../billing/buy-credits.tsx';
import { EmailPlusOrders } from '../billing/email-plus-orders.tsx';
import { PlanActions } from '../billing/plan-actions.tsx';
import { useLiveAccount } from '../billing/use-credits.ts';
import { AllSearchesList } from './all-searches-list.tsx';
import { CreditHistory } from './credit-history.tsx';
import { PlanSummary } from './plan-summary.tsx';

/** `/dashboard`: greeting by first name, plan, credits and plan actions, Email Plus orders, the latest searches. */
export default function DashboardHome() {
  const { m } = useI18n();
  const { user } = useAuth();
  const live = useLiveAccount();
  if (!user) return null;
  const d = m.account.dashboard;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{d.greeting.replace('{name}', user.first_name)}</h1>
        <p className={`mt-2 ${muted}`}>{d.lead}</p>
      </header>
      <div className="space-y-4">
        <PlanSummary />
        <PlanActions plan={live?.plan ?? user.plan} />
        <BuyCredits />
      </div>
      <CreditHistory />
      <EmailPlusOrders />
      <section aria-labelledby="recent-searches" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="recent-searches" className="text-xl font-semibold">
            {d.recent}
          </h2>
          <div className="flex gap-2">
            <Link to="/username-search" className={button.primary}>
              {d.startSearch}
            </Link>
            <Link to="/dashboard/my-searches" className={button.secondary}>
              {d.allSearches}
            </Link>
          </div>
        </div>
        <AllSearchesList limit={5} />
      </section>
    </div>
  );
}
