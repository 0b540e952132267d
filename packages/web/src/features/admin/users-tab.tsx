import type { AdminUser, Plan } from '@hound/contracts';
import { PLANS } from '@hound/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { inputClass } from '../auth/auth-frame.tsx';
import { UserWatches } from '../watches/user-watches.tsx';
import { fetchUsersSummary, type UsersQuery, updateAdmin } from './admin-api.ts';
import { useAdminTexts } from './admin-texts.ts';
import { CreditModal } from './credit-modal.tsx';
import { PlanConfirm } from './plan-confirm.tsx';

const PAGE = 50;
export const USERS_KEY = 'admin-users';

/** Overview cards, search and paging over users, plan buttons and credit changes. */
export function UsersTab() {
  const { m, locale } = useI18n();
  const a = useAdminTexts();
  const { session } = useAuth();
  const [query, setQuery] = useState<UsersQuery>({ q: '', plan: '', skip: 0, limit: PAGE });
  const [text, setText] = useState('');
  const [modal, setModal] = useState<{ email: string; mode: 'grant' | 'deduct' } | null>(null);
  const client = useQueryClient();
  const summary = useQuery({
    queryKey: [USERS_KEY, query, session],
    queryFn: async () => {
      const answer = await fetchUsersSummary(query);
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? a.errors.fetchUsers);
      return answer.body;
    },
    placeholderData: keepPreviousData,
  });
  const reload = () => client.invalidateQueries({ queryKey: [USERS_KEY] });
  const number = (n: number) => n.toLocaleString(locale);

  return (
    <div className="space-y-6">
      {summary.data && (
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {(
            [
              [a.overview.total, summary.data.overview.total_users],
              [a.overview.free, summary.data.overview.free_count],
              [a.overview.trial, summary.data.overview.trial_count],
              [a.overview.premium, summary.data.overview.premium_count],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className={`${card} p-4`}>
              <dt className={`text-sm ${muted}`}>{label}</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums">{number(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      <form
        className="flex flex-col gap-2 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery((q) => ({ ...q, q: text, skip: 0 }));
        }}
      >
        <input
          type="search"
          aria-label={a.search}
          placeholder={a.search}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className={`${inputClass} mt-0 sm:flex-1`}
        />
        <select
          aria-label={a.columns.plan}
          value={query.plan}
          onChange={(e) => setQuery((q) => ({ ...q, plan: e.target.value as Plan | '', skip: 0 }))}
          className={`${inputClass} mt-0 sm:w-44`}
        >
          <option value="">{a.allPlans}</option>
          {PLANS.map((plan) => (
            <option key={plan} value={plan}>
              {m.account.dashboard.plans[plan]}
            </option>
          ))}
        </select>
        <button type="submit" className={button.secondary}>
          {m.search.submit}
        </button>
      </form>
      {summary.isError && <p className="text-red-700 dark:text-red-400">{summary.error.message}</p>}
      {summary.data && summary.data.items.length === 0 && <p className={muted}>{a.noUsers}</p>}
      {summary.data && summary.data.items.length > 0 && (
        <>
          <div className={`${card} overflow-x-auto`}>
            <table className="w-full min-w-[860px] text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
                <tr>
                  {Object.values(a.columns).map((label) => (
                    <th key={label} scope="col" className="px-3 py-2 font-medium">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {summary.data.items.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    onChanged={reload}
                    onCredits={(mode) => setModal({ email: user.email, mode })}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={summary.data.total} query={query} onPage={(skip) => setQuery((q) => ({ ...q, skip }))} />
        </>
      )}
      {modal && (
        <CreditModal
          email={modal.email}
          mode={modal.mode}
          onClose={(changed) => {
            setModal(null);
            if (changed) void reload();
          }}
        />
      )}
    </div>
  );
}

function UserRow(props: { user: AdminUser; onChanged(): void; onCredits(mode: 'grant' | 'deduct'): void }) {
  const { m, locale } = useI18n();
  const a = useAdminTexts();
  const toast = useToast();
  const { user } = props;
  // Plan changes are confirmed with their consequence first; a Stripe subscriber's plan follows Stripe.
  const [confirming, setConfirming] = useState<Plan | null>(null);
  const [watches, setWatches] = useState(false);
  const fromStripe = Boolean(user.subscription_status);
  const setAdmin = async () => {
    const answer = await updateAdmin(user.email, !user.is_admin);
    if (!answer.ok) return toast.error(answer.detail ?? a.errors.operation);
    toast.success(a.adminUpdated.replace('{email}', user.email));
    props.onChanged();
  };
  return (
    <>
      <tr className="border-b border-slate-100 last:border-0 dark:border-slate-800/70" data-email={user.email}>
        <td className="px-3 py-2 font-medium break-all">{user.email}</td>
        <td className="px-3 py-2">
          {user.first_name} {user.last_name}
        </td>
        <td className="px-3 py-2">
          {m.account.dashboard.plans[user.plan]}
          {fromStripe && (
            <span className={`block text-xs ${muted}`} data-testid="plan-from-stripe">
              {a.viaStripe}
            </span>
          )}
        </td>
        <td className="px-3 py-2">{user.is_admin ? a.yes : a.no}</td>
        <td className="px-3 py-2 tabular-nums">{user.search_count.toLocaleString(locale)}</td>
        <td className="px-3 py-2 tabular-nums" data-testid="user-credits">
          {user.email_search_credits.toLocaleString(locale)}
        </td>
        <td className="px-3 py-2">
          <div className="flex flex-wrap gap-1">
            {PLANS.map((plan) => (
              <button
                key={plan}
                type="button"
                className={`${button.secondary} px-2 py-1 text-xs`}
                disabled={user.plan === plan || fromStripe}
                title={fromStripe ? a.planFromStripe : undefined}
                aria-label={a.setPlan.replace('{plan}', m.account.dashboard.plans[plan])}
                onClick={() => setConfirming(plan)}
              >
                {m.account.dashboard.plans[plan]}
              </button>
            ))}
            {confirming && (
              <PlanConfirm
                user={user}
                plan={confirming}
                onClose={(done) => {
                  setConfirming(null);
                  if (done) {
                    toast.success(done);
                    props.onChanged();
                  }
                }}
              />
            )}
            <button
              type="button"
              className={`${button.secondary} px-2 py-1 text-xs`}
              onClick={() => props.onCredits('grant')}
            >
              {a.addCredits}
            </button>
            <button
              type="button"
              className={`${button.secondary} px-2 py-1 text-xs`}
              onClick={() => props.onCredits('deduct')}
            >
              {a.removeCredits}
            </button>
            <button type="button" className={`${button.ghost} px-2 py-1 text-xs`} onClick={setAdmin}>
              {user.is_admin ? a.removeAdmin : a.makeAdmin}
            </button>
            <button
              type="button"
              className={`${button.ghost} px-2 py-1 text-xs`}
              aria-expanded={watches}
              onClick={() => setWatches((open) => !open)}
            >
              {m.watches.admin.title}
            </button>
          </div>
        </td>
      </tr>
      {watches && (
        <tr className="border-b border-slate-100 dark:border-slate-800/70">
          <td colSpan={7} className="px-3 py-3">
            <UserWatches userId={user.id} />
          </td>
        </tr>
      )}
    </>
  );
}

/** "Showing 1–50 of 120" with Previous / Next; shared by the admin tables. */
export function Pager(props: { total: number; query: { skip: number; limit: number }; onPage(skip: number): void }) {
  const admin = useAdminTexts();
  const { skip, limit } = props.query;
  const to = Math.min(props.total, skip + limit);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className={muted}>
        {admin.page
          .replace('{from}', String(props.total === 0 ? 0 : skip + 1))
          .replace('{to}', String(to))
          .replace('{total}', String(props.total))}
      </span>
      <div className="flex gap-2">
        <button
          type="button"
          className={button.secondary}
          disabled={skip === 0}
          onClick={() => props.onPage(Math.max(0, skip - limit))}
        >
          {admin.previous}
        </button>
        <button
          type="button"
          className={button.secondary}
          disabled={to >= props.total}
          onClick={() => props.onPage(skip + limit)}
        >
          {admin.next}
        </button>
      </div>
    </div>
  );
}
