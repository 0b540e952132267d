import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { BreakableAddress } from '../../components/breakable-address.tsx';
import { useToast } from '../../components/toast.tsx';
import { button } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill, plural } from '../../lib/format.ts';
import { errorClass, inputClass, labelClass } from '../auth/auth-frame.tsx';
import { changeCredits } from './admin-api.ts';
import { useAdminTexts } from './admin-texts.ts';
import { creditAmount } from './credit-amount.ts';

/** "+ Credits" / "- Credits": amount (default 1) and an optional reason; closes and reloads after success. */
export function CreditModal(props: { email: string; mode: 'grant' | 'deduct'; onClose(changed: boolean): void }) {
  const { locale } = useI18n();
  const admin = useAdminTexts();
  const a = admin.modal;
  const toast = useToast();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [amount, setAmount] = useState('1');
  const used = creditAmount(amount);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per opened modal: a double click or a retry after a network error changes the balance once.
  const [requestKey] = useState(() => crypto.randomUUID());

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const credits = creditAmount(amount);
    const answer = await changeCredits(
      props.mode,
      { email: props.email, credits, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      requestKey,
    );
    setBusy(false);
    if (answer.ok && answer.body) {
      toast.success(
        a.done.replace('{old}', String(answer.body.old_credits)).replace('{new}', String(answer.body.new_credits)),
      );
      props.onClose(true);
    } else {
      setError(answer.detail ?? admin.errors.operation);
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={() => props.onClose(false)}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <form onSubmit={submit} className="space-y-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {props.mode === 'grant' ? a.addTitle : a.removeTitle}
        </h2>
        <p className="text-sm break-words text-slate-600 dark:text-slate-400">
          {a.user}:{' '}
          <span className="font-medium text-slate-900 dark:text-slate-100" title={props.email}>
            <BreakableAddress address={props.email} />
          </span>
        </p>
        <div>
          <label htmlFor={`${id}-amount`} className={labelClass}>
            {a.amount}
          </label>
          <input
            id={`${id}-amount`}
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-describedby={`${id}-amount-used`}
            className={inputClass}
          />
          {/* Spec 001 §5: anything but a whole number from 1 to 1000 counts as 1 — said before it is sent. */}
          <p
            id={`${id}-amount-used`}
            aria-live="polite"
            className={`mt-1 text-sm ${used !== Number(amount.trim()) ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-400'}`}
          >
            {used !== Number(amount.trim())
              ? fill(a.amountFallback, { text: amount.trim() || '—' })
              : plural(props.mode === 'grant' ? a.willAdd : a.willDeduct, used, locale)}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className={labelClass}>
            {a.reason}
          </label>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            className={inputClass}
          />
        </div>
        {error && (
          <p role="alert" className={errorClass}>
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={button.secondary} onClick={() => props.onClose(false)}>
            {a.cancel}
          </button>
          <button type="submit" className={button.primary} disabled={busy}>
            {props.mode === 'grant' ? a.add : a.remove}
          </button>
        </div>
      </form>
    </dialog>
  );
}
