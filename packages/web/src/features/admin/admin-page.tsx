import { useSearchParams } from 'react-router';
import { focusRing, muted } from '../../components/ui.ts';
import { useAdminTexts } from './admin-texts.ts';
import { AuditTab } from './audit-tab.tsx';
import { OrdersTab } from './orders-tab.tsx';
import { UsersTab } from './users-tab.tsx';
import { WaitlistTab } from './waitlist-tab.tsx';

type Tab = 'users' | 'orders' | 'audit' | 'waitlist';
const TABS: Tab[] = ['users', 'orders', 'audit', 'waitlist'];

/** `/admin` (admins only; the route guard sends others to /dashboard, the server checks every call). */
export default function AdminPage() {
  const admin = useAdminTexts();
  // The tab is part of the address (`?tab=orders`), so a reload, Back/Forward and a shared link keep it.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'users';
  const setTab = (next: Tab) => setParams(next === 'users' ? {} : { tab: next });
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 md:py-12">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{admin.title}</h1>
        <p className={`mt-2 ${muted}`}>{admin.lead}</p>
      </header>
      <div
        role="tablist"
        aria-label={admin.title}
        className="flex flex-wrap gap-x-1 border-b border-slate-200 dark:border-slate-800"
      >
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`admin-tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`admin-panel-${t}`}
            onClick={() => setTab(t)}
            className={`-mb-px rounded-t-lg border-b-2 px-3 py-2 text-sm font-medium ${focusRing} ${
              tab === t
                ? 'border-amber-700 text-amber-900 dark:border-amber-400 dark:text-amber-200'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
            }`}
          >
            {admin.tabs[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        {tab === 'users' && <UsersTab />}
        {tab === 'orders' && <OrdersTab />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'waitlist' && <WaitlistTab />}
      </div>
    </div>
  );
}
