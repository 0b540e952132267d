import { emailSearchProblem, LEAD_LIMITS } from '@hound/contracts';
import { type FormEvent, useId, useState } from 'react';
import { TextWithAddress } from '../../components/breakable-address.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { button, card, focusRing, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { errorClass, inputClass, labelClass } from '../auth/auth-frame.tsx';
import { emailProblemText } from '../email-search/email-problem-text.ts';
import { postLead } from './billing-api.ts';
import { useBillingText } from './billing-text.ts';
import { useBillingTexts } from './billing-texts.ts';
import { formatMoney } from './format-money.ts';
import { TargetAddressField } from './target-address-field.tsx';
import { useCheckout } from './use-checkout.ts';
import { usePrices } from './use-prices.ts';

interface Problems {
  target?: string;
  purpose?: string;
  terms?: string;
}

/**
 * The email modal's Email Plus card (spec 001 §2, §4): the target address, why the report is needed and
 * the Email Terms; "Save" stores the lead, then "Proceed to Payment" opens checkout for it.
 */
export function EmailPlusCard({ email }: { email: string }) {
  const { m, locale } = useI18n();
  const billing = useBillingTexts();
  const t = billing.plus;
  const modal = m.email.modal;
  const { user } = useAuth();
  const toast = useToast();
  const say = useBillingText();
  const prices = usePrices();
  const checkout = useCheckout();
  const id = useId();
  const [target, setTarget] = useState(email);
  const [purpose, setPurpose] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);
  const [lead, setLead] = useState<{ id: string; email: string } | null>(null);
  const paymentsOn = prices.data?.payments_enabled === true;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const targetProblem = emailSearchProblem(target);
    const length = purpose.trim().length;
    const found: Problems = {
      ...(targetProblem ? { target: emailProblemText(targetProblem, m.email.errors) } : {}),
      ...(length < LEAD_LIMITS.purposeMin || length > LEAD_LIMITS.purposeMax
        ? { purpose: billing.server.purposeRequired }
        : {}),
      ...(accepted ? {} : { terms: billing.server.termsRequired }),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const answer = await postLead(user?.email ?? '', { email: target.trim(), purpose: purpose.trim() });
    setSaving(false);
    if (answer.ok && answer.body?.lead_id) {
      setLead({ id: answer.body.lead_id, email: target.trim() });
      return;
    }
    toast.error(answer.detail ? say(answer.detail) : billing.server.leadFailed);
  };

  const price = prices.data ? formatMoney(prices.data.amounts.plus, locale) : null;
  const describe = (field: keyof Problems, hint?: string) =>
    [problems[field] ? `${id}-${field}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined;

  return (
    <section className={`${card} flex flex-col p-5`} aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          {modal.plusCard}
        </h3>
        {price && <p className="font-semibold tabular-nums">{fill(t.priceMonthly, { amount: price })}</p>}
      </div>
      <p className={`mt-1 text-sm ${muted}`}>{modal.plusText}</p>
      <ul className="mt-3 space-y-1 text-sm">
        {modal.plusFeatures.map((feature) => (
          <li key={feature} className="flex items-center gap-2">
            <CheckIcon className="shrink-0 text-emerald-600 dark:text-emerald-400" />
            {feature}
          </li>
        ))}
      </ul>
      <p className={`mt-3 text-sm ${muted}`}>{t.delivery}</p>

      {lead ? (
        <div className="mt-auto space-y-3 pt-4">
          <div className="flex items-center justify-between gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
            <span className="min-w-0 font-medium break-words" title={lead.email} data-testid="plus-lead">
              <TextWithAddress text={t.savedFor} address={lead.email} />
            </span>
            <button
              type="button"
              className={`${button.ghost} shrink-0 px-2 py-1 text-sm`}
              onClick={() => setLead(null)}
              disabled={checkout.pending !== null}
            >
              {t.change}
            </button>
          </div>
          <button
            type="button"
            className={`${button.primary} w-full`}
            disabled={!paymentsOn || checkout.pending !== null}
            aria-busy={checkout.pending === 'plus' || undefined}
            onClick={() => checkout.start({ kind: 'plus', leadId: lead.id })}
          >
            {checkout.pending === 'plus' ? billing.actions.redirecting : t.proceed}
          </button>
          {price && (
            <p className={`text-sm ${muted}`} data-testid="plus-renews">
              {fill(t.renews, { amount: price })}
            </p>
          )}
        </div>
      ) : (
        <form onSubmit={save} noValidate className="mt-4 space-y-3">
          <TargetAddressField
            id={`${id}-target`}
            label={modal.plusTarget}
            value={target}
            onChange={setTarget}
            problem={problems.target}
          />
          <div>
            <label htmlFor={`${id}-purpose`} className={labelClass}>
              {t.purpose}
            </label>
            <textarea
              id={`${id}-purpose`}
              required
              rows={3}
              maxLength={LEAD_LIMITS.purposeMax}
              value={purpose}
              onChange={(e) => setPurpose(e.target.value)}
              aria-invalid={problems.purpose ? true : undefined}
              aria-describedby={describe('purpose', `${id}-purpose-hint`)}
              className={`${inputClass} resize-y`}
            />
            <div className={`mt-1 flex justify-between gap-3 text-xs ${muted}`}>
              <span id={`${id}-purpose-hint`}>
                {fill(t.purposeHint, { min: LEAD_LIMITS.purposeMin, max: LEAD_LIMITS.purposeMax })}
              </span>
              <span className="shrink-0 tabular-nums" data-testid="purpose-counter">
                {fill(t.counter, { count: purpose.length, max: LEAD_LIMITS.purposeMax })}
              </span>
            </div>
            {problems.purpose && (
              <p id={`${id}-purpose-error`} className={errorClass}>
                {problems.purpose}
              </p>
            )}
          </div>
          <div>
            <div className="flex items-start gap-2 text-sm">
              <input
                id={`${id}-terms`}
                type="checkbox"
                checked={accepted}
                onChange={(e) => setAccepted(e.target.checked)}
                aria-invalid={problems.terms ? true : undefined}
                aria-describedby={describe('terms')}
                className={`mt-0.5 h-4 w-4 shrink-0 accent-amber-700 dark:accent-amber-400 ${focusRing}`}
              />
              <label htmlFor={`${id}-terms`}>
                {t.accept.split(/(\{terms\})/).map((part) =>
                  part === '{terms}' ? (
                    // A new tab: following it must not close the modal and lose what was typed.
                    <a key="terms" href="/email-terms" target="_blank" rel="noopener" className={link}>
                      {t.terms}
                      <span className="sr-only"> {t.newTab}</span>
                    </a>
                  ) : (
                    part
                  ),
                )}
              </label>
            </div>
            {problems.terms && (
              <p id={`${id}-terms-error`} className={errorClass}>
                {problems.terms}
              </p>
            )}
          </div>
          <button type="submit" className={`${button.secondary} w-full`} disabled={saving || !paymentsOn}>
            {saving ? t.saving : t.save}
          </button>
        </form>
      )}
      {prices.data && !paymentsOn && (
        <p className="mt-3 text-sm font-medium text-amber-900 dark:text-amber-200">{billing.server.paymentsOff}</p>
      )}
    </section>
  );
}
