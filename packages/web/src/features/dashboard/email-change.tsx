import { ACCOUNT_MESSAGES, emailProblem } from '@hound/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useToast } from '../../components/toast.tsx';
import { button } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useAccountText } from '../auth/account-text.ts';
import { newFlowId, sendEmailChangeCode, verifyEmailChange } from '../auth/auth-api.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { errorClass, inputClass, labelClass } from '../auth/auth-frame.tsx';
import { CodeStep } from '../auth/code-step.tsx';
import { useCodeRequest } from '../auth/use-code-request.ts';

/**
 * Settings → Profile: moving the account to another address (issue 38 item 5d). The new address gets a
 * code first (the sign-in code's step, countdown and resend); the server tells the old one.
 */
export function EmailChange({ onDone }: { onDone(): void }) {
  const { m, language } = useI18n();
  const s = m.account.settings;
  const say = useAccountText();
  const auth = useAuth();
  const toast = useToast();
  const id = useId();
  const [flow] = useState(newFlowId);
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<'address' | 'code'>('address');
  const { busy, error, setError, resendAt, setResendAt, request } = useCodeRequest();
  const next = email.trim();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = emailProblem(email);
    if (problem) {
      setError(problem);
      return;
    }
    if (await request(() => sendEmailChangeCode(next, language, flow))) setStep('code');
  };

  if (step === 'code') {
    return (
      <div className="mt-3 max-w-md" data-testid="email-change">
        <CodeStep
          email={next}
          lead={s.changeLead}
          verify={async (code) => {
            const answer = await verifyEmailChange(next, code, flow);
            if (!answer.ok || !answer.body) return { error: answer.detail ?? ACCOUNT_MESSAGES.invalidCode };
            auth.setUser(answer.body);
            return { signedIn: true };
          }}
          resend={() => sendEmailChangeCode(next, language, flow)}
          resendAt={resendAt}
          onResendAt={setResendAt}
          backLabel={s.changeBack}
          onBack={() => setStep('address')}
          onSignedIn={async () => {
            toast.success(fill(s.emailChanged, { email: next }));
            onDone();
          }}
        />
      </div>
    );
  }
  return (
    <form onSubmit={send} noValidate className="mt-3 max-w-md space-y-3" data-testid="email-change">
      <div>
        <label htmlFor={`${id}-new`} className={labelClass}>
          {s.newEmail}
        </label>
        <input
          id={`${id}-new`}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={inputClass}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {s.changeHint}
        </p>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={errorClass}>
          {say(error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? s.sending : s.sendCode}
        </button>
        <button type="button" className={button.secondary} onClick={onDone}>
          {s.cancel}
        </button>
      </div>
    </form>
  );
}
