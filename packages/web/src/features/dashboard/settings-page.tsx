import type { User } from '@hound/contracts';
import { nameProblem } from '@hound/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { LANGUAGES } from '../../i18n/messages.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { useTheme } from '../../lib/theme.tsx';
import { useAccountText } from '../auth/account-text.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { errorClass, inputClass, labelClass } from '../auth/auth-frame.tsx';
import { useChangeLanguage } from '../auth/use-change-language.ts';
import { EmailChange } from './email-change.tsx';
import { maskEmail } from './mask-email.ts';
import { PasswordSection } from './password-section.tsx';

/** One titled card of the settings page. */
function Section(props: { title: string; className?: string; titleClassName?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${card} p-5 sm:p-6 ${props.className ?? ''}`}>
      <h2 id={id} className={`text-lg font-semibold ${props.titleClassName ?? ''}`}>
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/** `/dashboard/settings`: profile, password, preferences, sessions and account deletion. */
export default function SettingsPage() {
  const { m } = useI18n();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold tracking-tight">{m.account.settings.title}</h1>
      <ProfileSection user={user} />
      <PasswordSection user={user} />
      <PreferencesSection />
      <SessionsSection />
      <DeleteSection email={user.email} />
    </div>
  );
}

function ProfileSection({ user }: { user: User }) {
  const { m } = useI18n();
  const say = useAccountText();
  const s = m.account.settings;
  const auth = useAuth();
  const toast = useToast();
  const id = useId();
  const [first, setFirst] = useState(user.first_name);
  const [last, setLast] = useState(user.last_name);
  const [showEmail, setShowEmail] = useState(false);
  const [changing, setChanging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(first, 'first') ?? nameProblem(last, 'last');
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await apiFetch<User>('/me/profile', {
      method: 'PATCH',
      body: { first_name: first.trim(), last_name: last.trim() },
    });
    setBusy(false);
    if (answer.ok && answer.body) {
      auth.setUser(answer.body);
      toast.success(s.saved);
    } else {
      setError(answer.detail ?? m.account.messages.operationFailed);
    }
  };

  return (
    <Section title={s.profile}>
      <form onSubmit={save} noValidate className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-first`} className={labelClass}>
              {s.firstName}
            </label>
            <input id={`${id}-first`} value={first} onChange={(e) => setFirst(e.target.value)} className={inputClass} />
          </div>
          <div>
            <label htmlFor={`${id}-last`} className={labelClass}>
              {s.lastName}
            </label>
            <input id={`${id}-last`} value={last} onChange={(e) => setLast(e.target.value)} className={inputClass} />
          </div>
        </div>
        <div>
          <span className={labelClass}>{s.email}</span>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="min-w-0 truncate font-mono text-sm" data-testid="settings-email">
              {showEmail ? user.email : maskEmail(user.email)}
            </span>
            <button
              type="button"
              className={button.ghost}
              aria-pressed={showEmail}
              onClick={() => setShowEmail((v) => !v)}
            >
              {showEmail ? s.hide : s.show}
            </button>
            {!changing && (
              <button type="button" className={button.ghost} onClick={() => setChanging(true)}>
                {s.changeEmail}
              </button>
            )}
          </div>
        </div>
        {error && (
          <p role="alert" className={errorClass}>
            {say(error)}
          </p>
        )}
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? s.saving : s.save}
        </button>
      </form>
      {changing && (
        <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-800">
          <EmailChange onDone={() => setChanging(false)} />
        </div>
      )}
    </Section>
  );
}

function PreferencesSection() {
  const { m, language } = useI18n();
  const { theme, toggle } = useTheme();
  const changeLanguage = useChangeLanguage();
  const s = m.account.settings;
  const id = useId();
  return (
    <Section title={s.preferences}>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-language`} className={labelClass}>
            {s.language}
          </label>
          <select
            id={`${id}-language`}
            value={language}
            onChange={(e) => changeLanguage(e.target.value)}
            className={inputClass}
          >
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {m.languages[lang]}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className={labelClass}>{s.theme}</legend>
          <div className="mt-1 flex gap-2">
            {(['light', 'dark'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={theme === option}
                onClick={() => theme !== option && toggle()}
                className={theme === option ? button.primary : button.secondary}
              >
                {s.themes[option]}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
    </Section>
  );
}

function SessionsSection() {
  const { m } = useI18n();
  const say = useAccountText();
  const s = m.account.settings;
  const auth = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const signOutEverywhere = async () => {
    const answer = await apiFetch('/auth/logout-all', { method: 'POST' });
    if (!answer.ok && answer.status !== 401) {
      toast.error(say(answer.detail ?? m.account.messages.operationFailed));
      return;
    }
    auth.forget();
    navigate('/login');
  };
  return (
    <Section title={s.sessions}>
      <p className={`mt-2 ${muted}`}>{s.sessionsText}</p>
      <button type="button" className={`${button.secondary} mt-4`} onClick={signOutEverywhere}>
        {s.signOutEverywhere}
      </button>
    </Section>
  );
}

function DeleteSection({ email }: { email: string }) {
  const { m } = useI18n();
  const say = useAccountText();
  const s = m.account.settings;
  const auth = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const confirmed = typed.trim().toLowerCase() === email.toLowerCase();
  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || busy) return;
    setBusy(true);
    const answer = await apiFetch('/me', { method: 'DELETE' });
    setBusy(false);
    if (!answer.ok) {
      toast.error(say(answer.detail ?? m.account.messages.operationFailed));
      return;
    }
    auth.forget();
    toast.success(s.deleted);
    navigate('/username-search');
  };
  return (
    <Section
      title={s.danger}
      className="border-red-200 dark:border-red-900/60"
      titleClassName="text-red-800 dark:text-red-300"
    >
      <p className={`mt-2 ${muted}`}>{s.dangerText}</p>
      <form onSubmit={remove} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${id}-confirm`} className={labelClass}>
            {s.confirmLabel}
          </label>
          <input
            id={`${id}-confirm`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          disabled={!confirmed || busy}
          className={`${button.primary} bg-red-700 hover:bg-red-800 dark:bg-red-500 dark:hover:bg-red-400`}
        >
          {s.deleteAccount}
        </button>
      </form>
    </Section>
  );
}
