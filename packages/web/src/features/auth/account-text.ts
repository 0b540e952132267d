/**
 * The contract's account messages (spec 001 §5/§8) are English, on the server and in the shared validators.
 * The page shows them in its language: a message that is one of ACCOUNT_MESSAGES (placeholders such as
 * `{seconds}` filled in) is replaced by its entry in i18n/account-rules.ts; any other text is shown as sent.
 */
import { ACCOUNT_MESSAGES } from '@hound/contracts';
import { useCallback } from 'react';
import { ACCOUNT_RULES, type AccountRules } from '../../i18n/account-rules.ts';
import { useI18n } from '../../i18n/i18n.tsx';

type Key = keyof typeof ACCOUNT_MESSAGES;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as a whole-text pattern whose groups capture the placeholder values, in order. */
const PATTERNS = (Object.keys(ACCOUNT_MESSAGES) as Key[]).map((key) => {
  const template = ACCOUNT_MESSAGES[key];
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const source = template
    .split(/\{\w+\}/)
    .map(escapeRegExp)
    .join('(.+?)');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

export function localiseAccountText(text: string, rules: AccountRules): string {
  for (const { key, names, pattern } of PATTERNS) {
    const translated = rules[key];
    if (!translated) continue;
    const match = pattern.exec(text);
    if (!match) continue;
    return names.reduce((out, name, i) => out.replace(`{${name}}`, match[i + 1]!), translated);
  }
  return text;
}

/** `say(text)`: an account message in the page's language. */
export function useAccountText(): (text: string) => string {
  const { language } = useI18n();
  return useCallback((text: string) => localiseAccountText(text, ACCOUNT_RULES[language]), [language]);
}
