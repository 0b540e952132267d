import { useQuery } from '@tanstack/react-query';
import { card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { fetchAudit } from './admin-api.ts';
import { useAdminTexts } from './admin-texts.ts';

const brief = (value: Record<string, unknown> | null) =>
  value
    ? Object.entries(value)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ')
    : '—';

/** The audit trail, newest first. */
export function AuditTab() {
  const { m, locale } = useI18n();
  const admin = useAdminTexts();
  const t = admin.audit;
  const { session } = useAuth();
  const audit = useQuery({
    queryKey: ['admin-audit', session],
    queryFn: async () => {
      const answer = await fetchAudit(0);
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? admin.errors.operation);
      return answer.body;
    },
  });
  if (audit.isPending) return <p className={muted}>{m.common.loading}</p>;
  if (audit.isError) return <p className="text-red-700 dark:text-red-400">{audit.error.message}</p>;
  if (audit.data.items.length === 0) return <p className={muted}>{t.empty}</p>;
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <div className={`${card} overflow-x-auto`}>
      <table className="w-full min-w-[860px] text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <tr>
            {[t.when, t.actor, t.action, t.target, t.change, t.reason, t.ip].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {audit.data.items.map((entry) => (
            <tr key={entry.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800/70">
              <td className="px-3 py-2 whitespace-nowrap">{format.format(new Date(entry.created_at))}</td>
              <td className="px-3 py-2 break-all">{entry.actor_email}</td>
              <td className="px-3 py-2 font-mono text-xs">{entry.action}</td>
              <td className="px-3 py-2 break-all">{entry.target_email ?? '—'}</td>
              <td className="px-3 py-2">
                {brief(entry.before)} → {brief(entry.after)}
              </td>
              <td className="px-3 py-2">{entry.reason ?? '—'}</td>
              <td className="px-3 py-2 font-mono text-xs">{entry.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
