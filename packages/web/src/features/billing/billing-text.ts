/**
 * The server's billing messages (BILLING_MESSAGES of @hound/contracts) are English; the page shows them in
 * its language from the `billing.server` catalogue. Account messages (e.g. "Please sign in to continue")
 * go through the account rules; anything else is shown as sent.
 */
import { BILLING_MESSAGES } from '@hound/contracts';
import { useCallback } from 'react';
import { useAccountText } from '../auth/account-text.ts';
import { useBillingTexts } from './billing-texts.ts';

type Key = keyof typeof BILLING_MESSAGES;
const KEY_OF = new Map<string, Key>(Object.entries(BILLING_MESSAGES).map(([key, text]) => [text, key as Key]));

export function useBillingText(): (text: string) => string {
  const billing = useBillingTexts();
  const say = useAccountText();
  return useCallback(
    (text: string) => {
      const key = KEY_OF.get(text);
      return key ? billing.server[key] : say(text);
    },
    [billing, say],
  );
}
