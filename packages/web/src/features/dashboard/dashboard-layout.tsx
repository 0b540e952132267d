import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { focusRing } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { SearchOptionsDialog } from '../waitlist/search-options-dialog.tsx';

const item = (active: boolean) =>
  `flex items-center rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${focusRing} ${
    active
      ? 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200'
      : 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800'
  }`;

/** The signed-in area: a sidebar (a scrolling row on phones) and the page. */
export function DashboardLayout() {
  const { m } = useI18n();
  const auth = useAuth();
  const navigate = useNavigate();
  const d = m.account.dashboard;
  const [options, setOptions] = useState(false);
  const links: [string, string][] = [
    ['/dashboard/api', d.api],
    ['/dashboard/billing', d.billing],
    ...(auth.user?.is_admin ? ([['/admin', d.admin]] as [string, string][]) : []),
    ['/dashboard/settings', d.settings],
  ];
  const logout = async () => {
    await auth.signOut();
    navigate('/username-search');
  };
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:gap-10 md:py-12">
      <nav aria-label={d.nav} className="md:w-52 md:shrink-0">
        <ul className="flex flex-wrap gap-1 md:flex-col">
          <li>
            <NavLink to="/dashboard" end className={({ isActive }) => item(isActive)}>
              {m.account.header.dashboard}
            </NavLink>
          </li>
          <li>
            <NavLink to="/dashboard/my-searches" className={({ isActive }) => item(isActive)}>
              {d.mySearches}
            </NavLink>
          </li>
          <li>
            <NavLink to="/dashboard/watches" className={({ isActive }) => item(isActive)}>
              {m.watches.nav}
            </NavLink>
          </li>
          <li>
            <button type="button" onClick={() => setOptions(true)} className={`${item(false)} w-full text-left`}>
              {d.newSearch}
            </button>
          </li>
          {links.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to} className={({ isActive }) => item(isActive)}>
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            <button type="button" onClick={logout} className={`${item(false)} w-full text-left`}>
              {d.logout}
            </button>
          </li>
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
      {options && <SearchOptionsDialog onClose={() => setOptions(false)} />}
    </div>
  );
}
