import { SUBSCRIBE_MESSAGES, subscribeProblem } from '@hound/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useToast } from '../../components/toast.tsx';
import { TOAST_DURATION_MS } from '../../components/toast-model.ts';
import { button } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { apiFetch } from '../../lib/api-fetch.ts';
import { inputClass, labelClass } from '../auth/auth-frame.tsx';
import { subscribeOutcome } from './subscribe-outcome.ts';

/** Spec 001 §4: after a success the modal closes one second later. */
export const CLOSE_AFTER_SUCCESS_MS = 1000;

/** "API Coming Soon": collects an email for launch news (`POST /api/subscribe`). */
export default function ApiWaitlistModal({ onClose }: { onClose(): void }) {
  const { m } = useI18n();
  const t = m.account.apiModal;
  const toast = useToast();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);

  const notify = (type: 'success' | 'error', title: string, message: string) =>
    toast.show({ type, title, message, durationMs: TOAST_DURATION_MS.subscription });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done) return;
    const problem = subscribeProblem(email);
    if (problem === SUBSCRIBE_MESSAGES.empty) return notify('error', t.validationTitle, t.emptyEmail);
    if (problem) return notify('error', t.invalidTitle, t.invalidEmail);
    setBusy(true);
    const outcome = subscribeOutcome(
      await apiFetch('/api/subscribe', { method: 'POST', body: { email: email.trim() } }),
    );
    setBusy(false);
    if (outcome.kind === 'success') {
      setDone(true);
      notify('success', t.successTitle, t.success);
      setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    } else if (outcome.kind === 'failed') notify('error', t.failedTitle, outcome.message ?? t.tryLater);
    else if (outcome.kind === 'unexpected') notify('error', t.failedTitle, t.unexpected);
    else notify('error', t.networkTitle, t.network);
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t.lead}</p>
        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            {t.email}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className={button.secondary} onClick={onClose}>
            {t.close}
          </button>
          <button type="submit" className={button.primary} disabled={busy || done}>
            {busy ? t.sending : t.submit}
          </button>
        </div>
      </form>
    </dialog>
  );
}
