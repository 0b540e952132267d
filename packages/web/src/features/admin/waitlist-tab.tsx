import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { plural } from '../../lib/format.ts';
import { ConfirmButton } from '../api/confirm-button.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { downloadWaitlistCsv, fetchWaitlist, notifyWaitlist } from './admin-api.ts';
import { useAdminTexts } from './admin-texts.ts';

/** People who asked about the API, with a CSV export and the one-time "the API is open" mail. */
export function WaitlistTab() {
  const { m, locale } = useI18n();
  const admin = useAdminTexts();
  const w = admin.waitlist;
  const { session } = useAuth();
  const toast = useToast();
  const queries = useQueryClient();
  const list = useQuery({
    queryKey: ['admin-waitlist', session],
    queryFn: async () => {
      const answer = await fetchWaitlist();
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? admin.errors.operation);
      return answer.body;
    },
  });
  if (list.isPending) return <p className={muted}>{m.common.loading}</p>;
  if (list.isError) return <p className="text-red-700 dark:text-red-400">{list.error.message}</p>;
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className={muted}>{plural(w.count, list.data.total, locale)}</p>
        <button
          type="button"
          className={button.secondary}
          onClick={async () => {
            if (!(await downloadWaitlistCsv())) toast.error(admin.errors.operation);
          }}
        >
          <DownloadIcon />
          {w.export}
        </button>
      </div>
      {list.data.waiting > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm">{plural(w.waiting, list.data.waiting, locale)}</p>
          <ConfirmButton
            label={w.notify}
            question={plural(w.notifyConfirm, list.data.waiting, locale)}
            onConfirm={async () => {
              const answer = await notifyWaitlist();
              if (answer.ok && answer.body) toast.success(plural(w.notified, answer.body.mailed, locale));
              else toast.error(answer.detail ?? admin.errors.operation);
              await queries.invalidateQueries({ queryKey: ['admin-waitlist'] });
            }}
          />
        </div>
      )}
      {list.data.items.length === 0 ? (
        <p className={muted}>{w.empty}</p>
      ) : (
        <ul className={`${card} divide-y divide-slate-100 dark:divide-slate-800`}>
          {list.data.items.map((entry) => (
            <li key={entry.email} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
              <span className="break-all">{entry.email}</span>
              <span className={muted}>
                {w.joined}: {format.format(new Date(entry.created_at))}
                {entry.notified_at && ` · ${w.mailedOn}: ${format.format(new Date(entry.notified_at))}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
