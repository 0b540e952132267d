import { REPORT_LIMITS } from '@hound/contracts';
import { useId, useState } from 'react';
import { button, muted } from '../../components/ui.ts';
import { fill } from '../../lib/format.ts';
import { errorClass, inputClass, labelClass } from '../auth/auth-frame.tsx';
import { useAdminTexts } from './admin-texts.ts';
import { DialogFrame, danger, dialogButtons } from './dialog-frame.tsx';
import { refuseOrder } from './orders-api.ts';

/** Whether a refusal reason is long enough to send (the server checks the same, trimmed). */
export function reasonIsValid(reason: string): boolean {
  const length = reason.trim().length;
  return length >= REPORT_LIMITS.reasonMin && length <= REPORT_LIMITS.reasonMax;
}

/**
 * "Refuse order": a required reason for the customer (5–1000 characters, counted), then the refund.
 * Errors stay in the dialog (a toast would sit under its backdrop).
 */
export function RefuseDialog(props: {
  orderId: string;
  onClose(): void;
  onRefused(reason: string, refundId: string | null): void;
}) {
  const admin = useAdminTexts();
  const t = admin.orders.refuse;
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    if (!reasonIsValid(reason)) return setError(t.invalid);
    setBusy(true);
    setError(null);
    const answer = await refuseOrder(props.orderId, reason.trim());
    setBusy(false);
    if (!answer.ok || !answer.body) return setError(answer.detail ?? admin.errors.operation);
    props.onRefused(reason.trim(), answer.body.refund_id);
  };

  return (
    <DialogFrame title={t.title} onClose={props.onClose} onSubmit={submit}>
      <p id={`${id}-note`} className={`text-sm ${muted}`}>
        {t.note}
      </p>
      <div>
        <label htmlFor={`${id}-reason`} className={labelClass}>
          {t.reason}
        </label>
        <textarea
          id={`${id}-reason`}
          required
          rows={5}
          maxLength={REPORT_LIMITS.reasonMax}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note ${id}-counter${error ? ` ${id}-error` : ''}`}
          className={`${inputClass} resize-y`}
        />
        <p
          id={`${id}-counter`}
          className={`mt-1 text-right text-xs tabular-nums ${muted}`}
          data-testid="reason-counter"
        >
          {fill(t.counter, { count: reason.length, max: REPORT_LIMITS.reasonMax })}
        </p>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={errorClass}>
          {error}
        </p>
      )}
      <div className={dialogButtons}>
        <button type="button" className={button.secondary} onClick={props.onClose}>
          {t.cancel}
        </button>
        <button type="submit" disabled={busy} aria-busy={busy} className={danger.solid}>
          {t.submit}
        </button>
      </div>
    </DialogFrame>
  );
}
