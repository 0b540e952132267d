import { dateOfBirthProblem, emailProblem, nameProblem } from '@hound/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { button, link } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAccountText } from './account-text.ts';
import { newFlowId, type RegistrationForm, sendRegisterCode, verifyCode } from './auth-api.ts';
import { useAuth } from './auth-context.tsx';
import { AuthFrame, errorClass, inputClass, labelClass } from './auth-frame.tsx';
import { CodeStep, verifyOutcome } from './code-step.tsx';
import { returnPath } from './return-path.ts';
import { useCodeRequest } from './use-code-request.ts';

type Field = keyof RegistrationForm;

/** The first rule a form breaks, per field, with the spec's messages (the server checks the same). */
export function registrationProblems(form: RegistrationForm, today: Date): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  const first = nameProblem(form.first_name, 'first');
  const last = nameProblem(form.last_name, 'last');
  const email = emailProblem(form.email);
  const dob = dateOfBirthProblem(form.date_of_birth, today);
  if (first) problems.first_name = first;
  if (last) problems.last_name = last;
  if (email) problems.email = email;
  if (dob) problems.date_of_birth = dob;
  return problems;
}

/**
 * `/register`: the form, then the mailed code ("Edit information" goes back); afterwards where the visitor
 * came from (`returnPath`), else `/dashboard`.
 */
export default function RegisterPage() {
  const { m, language } = useI18n();
  const auth = useAuth();
  const say = useAccountText();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [form, setForm] = useState<RegistrationForm>({ first_name: '', last_name: '', email: '', date_of_birth: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  // This page's flow: its codes, and no one else's, finish it.
  const [flow] = useState(newFlowId);
  const { busy, error, resendAt, setResendAt, request } = useCodeRequest();
  const [step, setStep] = useState<'form' | 'code'>('form');

  const trimmed = (): RegistrationForm => ({
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email: form.email.trim(),
    date_of_birth: form.date_of_birth,
  });

  const update = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    // The age rule is shown live as soon as the date changes (spec 001 §5).
    if (field === 'date_of_birth') {
      const problem = value ? dateOfBirthProblem(value, new Date()) : null;
      setProblems((p) => ({ ...p, date_of_birth: problem ?? undefined }));
    } else if (problems[field]) {
      setProblems((p) => ({ ...p, [field]: undefined }));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = registrationProblems(form, new Date());
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (await request(() => sendRegisterCode(trimmed(), language, flow))) setStep('code');
  };

  if (auth.authenticated && step === 'form') return <Navigate to={returnPath(location.state)} replace />;

  if (step === 'code') {
    return (
      <AuthFrame title={m.account.code.title} lead={null}>
        <CodeStep
          email={form.email.trim()}
          // Also sent when the address already has an account (no enumeration): worded to fit both.
          lead={m.account.code.registerLead}
          verify={async (code) => verifyOutcome(await verifyCode('register', form.email.trim(), code, flow))}
          resend={() => sendRegisterCode(trimmed(), language, flow)}
          resendAt={resendAt}
          onResendAt={setResendAt}
          backLabel={m.account.code.editInformation}
          onBack={() => setStep('form')}
          onSignedIn={async () => {
            await auth.signIn();
            // Back to what the visitor was doing (the email page with its address, a plan), as after sign-in.
            navigate(returnPath(location.state), { replace: true });
          }}
        />
      </AuthFrame>
    );
  }

  const field = (name: Field, label: string, props: Record<string, string> = {}, hint?: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={form[name]}
        onChange={(e) => update(name, e.target.value)}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={
          [problems[name] ? `${id}-${name}-error` : '', hint ? `${id}-${name}-hint` : ''].filter(Boolean).join(' ') ||
          undefined
        }
        className={inputClass}
        {...props}
      />
      {hint && (
        <p id={`${id}-${name}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {problems[name] && (
        <p id={`${id}-${name}-error`} role="alert" className={errorClass}>
          {say(problems[name])}
        </p>
      )}
    </div>
  );

  return (
    <AuthFrame title={m.account.register.title} lead={m.account.register.lead}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('first_name', m.account.register.firstName, { autoComplete: 'given-name' })}
          {field('last_name', m.account.register.lastName, { autoComplete: 'family-name' })}
        </div>
        {field('email', m.account.register.email, { type: 'email', autoComplete: 'email' })}
        {field(
          'date_of_birth',
          m.account.register.dateOfBirth,
          { type: 'date', autoComplete: 'bday', max: new Date().toISOString().slice(0, 10) },
          m.account.register.dateOfBirthWhy,
        )}
        {error && (
          <p role="alert" className={errorClass}>
            {say(error)}
          </p>
        )}
        <button type="submit" className={`${button.primary} w-full`} disabled={busy}>
          {busy ? m.account.login.sending : m.account.register.submit}
        </button>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {m.account.register.agree.split(/(\{terms\}|\{privacy\})/).map((part) =>
            part === '{terms}' ? (
              <Link key="terms" to="/terms" className={link}>
                {m.account.register.terms}
              </Link>
            ) : part === '{privacy}' ? (
              <Link key="privacy" to="/privacy" className={link}>
                {m.account.register.privacy}
              </Link>
            ) : (
              part
            ),
          )}
        </p>
      </form>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        {m.account.register.haveAccount}{' '}
        <Link to="/login" state={location.state} className={link}>
          {m.account.register.loginLink}
        </Link>
      </p>
    </AuthFrame>
  );
}
