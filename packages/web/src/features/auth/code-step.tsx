import { ACCOUNT_MESSAGES, codeProblem, digitsOnly } from '@hound/contracts';
import { type FormEvent, useId, useState } from 'react';
import { TextWithAddress } from '../../components/breakable-address.tsx';
import { button, link } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { ApiAnswer } from '../../lib/api-fetch.ts';
import { useAccountText } from './account-text.ts';
import { errorClass, inputClass, labelClass } from './auth-frame.tsx';
import { useCountdown } from './use-countdown.ts';

export interface CodeStepProps {
  email: string;
  /** The line above the code box, `{email}` filled in (sign-in words it for an address with no account too). */
  lead: string;
  /** Verifies the code (the server sets the session cookie); resolves success or an error message to show. */
  verify(code: string): Promise<{ signedIn: true } | { error: string }>;
  /** Asks for another code; the answer's `resend_after_seconds` / `Retry-After` restart the countdown. */
  resend(): Promise<ApiAnswer<{ resend_after_seconds?: number }>>;
  /** When another code may be asked for (ms since epoch). */
  resendAt: number | null;
  onResendAt(at: number): void;
  /** "Use a different email" or "Edit information". */
  backLabel: string;
  onBack(): void;
  onSignedIn(): Promise<void>;
}

/** The second step of login and register: the 6-digit code (digits only; paste and autofill work). */
export function CodeStep(props: CodeStepProps) {
  const { m } = useI18n();
  const say = useAccountText();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const wait = useCountdown(props.resendAt);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = codeProblem(code);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await props.verify(code);
    if ('signedIn' in outcome) {
      await props.onSignedIn();
      return;
    }
    setBusy(false);
    setError(outcome.error);
  };

  const resend = async () => {
    setNotice(null);
    setError(null);
    const answer = await props.resend();
    const seconds = answer.ok ? (answer.body?.resend_after_seconds ?? 60) : answer.retryAfter;
    if (seconds) props.onResendAt(Date.now() + seconds * 1000);
    if (answer.ok) setNotice(m.account.code.resent);
    else setError(answer.detail ?? ACCOUNT_MESSAGES.failedToSendCode);
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="mb-4 text-sm break-words text-slate-600 dark:text-slate-400">
        <TextWithAddress text={props.lead} address={props.email} />
      </p>
      <label htmlFor={`${id}-code`} className={labelClass}>
        {m.account.code.label}
      </label>
      <input
        id={`${id}-code`}
        name="code"
        value={code}
        onChange={(e) => setCode(digitsOnly(e.target.value))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this step
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} text-center font-mono text-2xl tracking-[0.5em]`}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className={errorClass}>
          {say(error)}
        </p>
      )}
      {notice && <p className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">{notice}</p>}
      <button type="submit" className={`${button.primary} mt-5 w-full`} disabled={busy}>
        {busy ? m.account.code.verifying : m.account.code.verify}
      </button>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 text-sm">
        <button type="button" className={link} onClick={props.onBack}>
          {props.backLabel}
        </button>
        {wait > 0 ? (
          <span className="text-slate-500 dark:text-slate-400">
            {m.account.code.resendIn.replace('{seconds}', String(wait))}
          </span>
        ) : (
          <button type="button" className={link} onClick={resend}>
            {m.account.code.resend}
          </button>
        )}
      </div>
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">{m.account.code.spamHint}</p>
    </form>
  );
}

/** Turns a verify answer into success or the message to show ("Invalid code" unless the server says more). */
export function verifyOutcome(answer: ApiAnswer<{ access_token: string }>): { signedIn: true } | { error: string } {
  if (answer.ok && answer.body?.access_token) return { signedIn: true };
  return { error: answer.detail ?? ACCOUNT_MESSAGES.invalidCode };
}
