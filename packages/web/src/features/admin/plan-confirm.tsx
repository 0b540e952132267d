import type { AdminUser, Plan } from '@hound/contracts';
import { useState } from 'react';
import { TextWithAddress } from '../../components/breakable-address.tsx';
import { button } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { usePrices } from '../billing/use-prices.ts';
import { updatePlan } from './admin-api.ts';
import { useAdminTexts } from './admin-texts.ts';
import { DialogFrame, dialogButtons } from './dialog-frame.tsx';

/**
 * Before a plan is set by hand (issue 27 item 15): who, from what to what, and the consequence — the
 * credits a trial or premium grants once (decision 109), that nothing is charged and nothing renews. The
 * server's refusal (a Stripe subscriber) is shown here in red.
 */
export function PlanConfirm(props: { user: AdminUser; plan: Plan; onClose(changed: string | null): void }) {
  const { m } = useI18n();
  const admin = useAdminTexts();
  const t = admin.planConfirm;
  const plans = m.account.dashboard.plans;
  const prices = usePrices().data;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { user, plan } = props;
  const grant = plan === 'premium' ? prices?.monthly_credits : plan === 'trial' ? prices?.trial_credits : 0;
  const values = { email: user.email, from: plans[user.plan], to: plans[plan], credits: grant ?? '?' };
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const answer = await updatePlan(user.email, plan);
    setBusy(false);
    if (!answer.ok) return setError(answer.detail ?? admin.errors.updatePlan);
    const body = answer.body as { credits_granted?: number; credits?: number } | null;
    props.onClose(fill(t.done, { ...values, granted: body?.credits_granted ?? 0, balance: body?.credits ?? '' }));
  };
  return (
    <DialogFrame
      title={
        <span title={user.email}>
          {/* Every value but the address, which TextWithAddress places breakable. */}
          <TextWithAddress text={fill(t.title, { ...values, email: '{email}' })} address={user.email} />
        </span>
      }
      onClose={() => props.onClose(null)}
      onSubmit={submit}
    >
      <ul className="list-disc space-y-1 pl-5 text-sm break-words" data-testid="plan-consequences">
        <li>{fill(t.change, values)}</li>
        <li>{grant === undefined ? m.common.loading : grant ? fill(t.grants, values) : t.noGrant}</li>
        <li>{t.noCharge}</li>
      </ul>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400" data-testid="plan-error">
          {error}
        </p>
      )}
      <div className={dialogButtons}>
        <button type="button" className={button.secondary} onClick={() => props.onClose(null)} disabled={busy}>
          {admin.modal.cancel}
        </button>
        <button type="submit" className={button.primary} disabled={busy || grant === undefined}>
          {fill(t.confirm, values)}
        </button>
      </div>
    </DialogFrame>
  );
}
