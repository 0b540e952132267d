import type { User } from '@hound/contracts';
import { useCallback } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';
import { isLanguage } from '../../i18n/messages.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { useAuth } from './auth-context.tsx';

/**
 * Switches the page's language and, for a signed-in user, saves it to the account, so that mails and the
 * next sign-in on another device follow it. The header's switch and Settings' both use it.
 */
export function useChangeLanguage(): (value: string) => void {
  const { setLanguage } = useI18n();
  const { user, setUser } = useAuth();
  return useCallback(
    (value: string) => {
      if (!isLanguage(value)) return;
      setLanguage(value);
      if (!user || user.language === value) return;
      void apiFetch<User>('/me/profile', {
        method: 'PATCH',
        body: { first_name: user.first_name, last_name: user.last_name, language: value },
      }).then((answer) => answer.ok && answer.body && setUser(answer.body));
    },
    [setLanguage, user, setUser],
  );
}
