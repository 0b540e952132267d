/**
 * The visitor's language: English (bundled) or Turkish (loaded on demand), kept under `language`.
 * Catalogue strings may contain `{brand}`, filled here once with the configured brand name.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useSiteConfig } from '../api/site-config.ts';
import { browserStore, readKey, STORAGE_KEYS, writeKey } from '../lib/storage.ts';
import { en } from './en.ts';
import { isLanguage, type Language, LOCALES, type Messages } from './messages.ts';
import { loadServerText, registerServerText } from './server-text.ts';

/** The catalogue of a language; the server's messages follow it (server-text.ts). */
export async function loadMessages(language: Language): Promise<Messages> {
  const [messages, serverText] = await Promise.all([
    language === 'tr' ? import('./tr.ts').then((module) => module.tr) : en,
    loadServerText(language),
  ]);
  registerServerText(language, serverText);
  return messages;
}

export function storedLanguage(): Language {
  const value = readKey(browserStore(), STORAGE_KEYS.language);
  return isLanguage(value) ? value : 'en';
}

/** Replaces a `{token}` in every string of a catalogue value (objects and arrays included). */
export function replaceDeep<T>(value: T, token: string, text: string): T {
  if (typeof value === 'string') return value.replaceAll(token, text) as T;
  if (Array.isArray(value)) return value.map((v) => replaceDeep(v, token, text)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceDeep(v, token, text)])) as T;
  }
  return value;
}

export function withBrand<T>(value: T, brand: string): T {
  return replaceDeep(value, '{brand}', brand);
}

interface I18nValue {
  language: Language;
  locale: string;
  m: Messages;
  setLanguage(language: Language): void;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider(props: { initialLanguage: Language; initialMessages: Messages; children: ReactNode }) {
  const [state, setState] = useState({ language: props.initialLanguage, messages: props.initialMessages });
  const { brand } = useSiteConfig();

  useEffect(() => {
    document.documentElement.lang = state.language;
  }, [state.language]);

  const setLanguage = useCallback((language: Language) => {
    writeKey(browserStore(), STORAGE_KEYS.language, language);
    void loadMessages(language).then((messages) => setState({ language, messages }));
  }, []);

  const m = useMemo(() => withBrand(state.messages, brand), [state.messages, brand]);
  const value = useMemo(
    () => ({ language: state.language, locale: LOCALES[state.language], m, setLanguage }),
    [state.language, m, setLanguage],
  );
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/**
 * A feature's own catalogue in the page's language, with `{brand}` filled in. Features whose pages are loaded
 * lazily keep their strings out of `Messages` this way, so they arrive with their pages instead of with the
 * first page (the initial-size budget, decision 156); both languages ship in the feature's chunk.
 */
export function useFeatureTexts<T>(english: T, turkish: T): T {
  const { language } = useI18n();
  const { brand } = useSiteConfig();
  return useMemo(() => withBrand(language === 'tr' ? turkish : english, brand), [language, brand, english, turkish]);
}
