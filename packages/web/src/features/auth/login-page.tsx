import { emailProblem } from '@hound/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { button, link } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAccountText } from './account-text.ts';
import { newFlowId, sendLoginCode, verifyCode } from './auth-api.ts';
import { useAuth } from './auth-context.tsx';
import { AuthFrame, errorClass, inputClass, labelClass } from './auth-frame.tsx';
import { CodeStep, verifyOutcome } from './code-step.tsx';
import { returnPath } from './return-path.ts';
import { useCodeRequest } from './use-code-request.ts';

/** `/login`: email, then the mailed 6-digit code; afterwards back to the remembered page or `/dashboard`. */
export default function LoginPage() {
  const { m, language } = useI18n();
  const auth = useAuth();
  const say = useAccountText();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  // This page's flow: its codes, and no one else's, finish it.
  const [flow] = useState(newFlowId);
  const { busy, error, setError, resendAt, setResendAt, request } = useCodeRequest();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = emailProblem(email);
    if (problem) {
      setError(problem);
      return;
    }
    if (await request(() => sendLoginCode(email.trim(), language, flow))) setStep('code');
  };

  // Already signed in (another tab, the back button): nothing to do here.
  if (auth.authenticated && step === 'email') return <Navigate to={returnPath(location.state)} replace />;

  if (step === 'code') {
    return (
      <AuthFrame title={m.account.code.title} lead={null}>
        <CodeStep
          email={email.trim()}
          // The same answer whether or not the address has an account (no enumeration), worded to fit both.
          lead={m.account.code.loginLead}
          verify={async (code) => verifyOutcome(await verifyCode('login', email.trim(), code, flow))}
          resend={() => sendLoginCode(email.trim(), language, flow)}
          resendAt={resendAt}
          onResendAt={setResendAt}
          backLabel={m.account.code.useDifferentEmail}
          onBack={() => setStep('email')}
          onSignedIn={async () => {
            await auth.signIn();
            navigate(returnPath(location.state), { replace: true });
          }}
        />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={m.account.login.title} lead={m.account.login.lead}>
      <form onSubmit={send} noValidate>
        <label htmlFor={`${id}-email`} className={labelClass}>
          {m.account.login.email}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={m.account.login.emailPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className={errorClass}>
            {say(error)}
          </p>
        )}
        <button type="submit" className={`${button.primary} mt-5 w-full`} disabled={busy}>
          {busy ? m.account.login.sending : m.account.login.sendCode}
        </button>
      </form>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        {m.account.login.noAccount}{' '}
        <Link to="/register" state={location.state} className={link}>
          {m.account.login.registerLink}
        </Link>
      </p>
    </AuthFrame>
  );
}
