import type { Watch } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { apiFetch } from '../../lib/api-fetch.ts';
import { fill } from '../../lib/format.ts';
import { RunLines, StatusPill } from './watch-summary.tsx';

/** An admin's view of one user's watches (the users table's "Watches"): what, why, how it runs. */
export function UserWatches({ userId }: { userId: string }) {
  const { m } = useI18n();
  const t = m.watches;
  const list = useQuery({
    queryKey: ['admin-user-watches', userId],
    queryFn: async () => {
      const answer = await apiFetch<{ items: Watch[] }>(`/admin/users/${encodeURIComponent(userId)}/watches`);
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? `watches: ${answer.status}`);
      return answer.body.items;
    },
  });
  if (list.isError) return <p role="alert">{t.errors.generic}</p>;
  if (!list.data) return <p className={muted}>{m.common.loading}</p>;
  if (list.data.length === 0) return <p className={muted}>{t.admin.none}</p>;
  return (
    <ul className="space-y-3" aria-label={t.admin.title}>
      {list.data.map((watch) => (
        <li key={watch.id} className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="break-all font-medium">
              {watch.label ? `${watch.label} (${watch.target})` : watch.target}
            </span>
            <StatusPill watch={watch} />
            <span className={`text-xs ${muted}`}>
              {t.kinds[watch.kind]} · {t.cadences[watch.cadence]} · {fill(t.present, { count: watch.present })}
            </span>
          </div>
          <p className={`break-words text-xs ${muted}`}>{fill(t.admin.purpose, { purpose: watch.purpose })}</p>
          <RunLines watch={watch} />
        </li>
      ))}
    </ul>
  );
}
