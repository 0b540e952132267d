import type { User } from '@hound/contracts';
import { useId, useState } from 'react';
import { useToast } from '../../components/toast.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { apiFetch } from '../../lib/api-fetch.ts';
import { useAccountText } from '../auth/account-text.ts';
import { useAuth } from '../auth/auth-context.tsx';

/**
 * Settings card "Password": whether the account can sign in with a password, and a button to remove it
 * (decision 093: an owner must be able to see and drop a password they may not have chosen).
 */
export function PasswordSection({ user }: { user: User }) {
  const { m } = useI18n();
  const say = useAccountText();
  const s = m.account.settings;
  const auth = useAuth();
  const toast = useToast();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    const answer = await apiFetch<User>('/me/password', { method: 'DELETE' });
    setBusy(false);
    if (answer.ok && answer.body) {
      auth.setUser(answer.body);
      toast.success(s.passwordRemoved);
    } else {
      toast.error(say(answer.detail ?? m.account.messages.operationFailed));
    }
  };
  return (
    <section aria-labelledby={id} className={`${card} p-5 sm:p-6`}>
      <h2 id={id} className="text-lg font-semibold">
        {s.password}
      </h2>
      <p className={`mt-2 ${muted}`} data-testid="password-state">
        {user.has_password ? s.passwordSet : s.passwordNotSet}
      </p>
      {user.has_password && (
        <button type="button" className={`${button.secondary} mt-4`} onClick={remove} disabled={busy}>
          {s.removePassword}
        </button>
      )}
    </section>
  );
}
