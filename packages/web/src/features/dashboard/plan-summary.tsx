import { card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useLiveAccount } from '../billing/use-credits.ts';

/** Plan and remaining credits, as two cards (dashboard and billing). */
export function PlanSummary() {
  const { m, locale } = useI18n();
  const d = m.account.dashboard;
  // The live balance and plan (they change on the server: searches, grants, renewals, packs).
  const live = useLiveAccount();
  if (!live) return null;
  const { plan, credits } = live;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div className={`${card} p-5`}>
        <dt className={`text-sm ${muted}`}>{d.plan}</dt>
        <dd className="mt-1 text-2xl font-semibold" data-testid="plan">
          {d.plans[plan]}
        </dd>
      </div>
      <div className={`${card} p-5`}>
        <dt className={`text-sm ${muted}`}>{d.credits}</dt>
        <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid="credits">
          {credits.toLocaleString(locale)}
        </dd>
      </div>
    </dl>
  );
}
