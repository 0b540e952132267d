import type { User } from '@hound/contracts';
import { card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useCredits } from '../billing/use-credits.ts';

/** Plan and remaining credits, as two cards (dashboard and billing). */
export function PlanSummary({ user }: { user: User }) {
  const { m, locale } = useI18n();
  const d = m.account.dashboard;
  // The live balance and plan (they change on the server: searches, grants, renewals); the signed-in copy until then.
  const live = useCredits().data;
  const plan = live?.plan ?? user.plan;
  const credits = live?.credits ?? user.email_search_credits;
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
