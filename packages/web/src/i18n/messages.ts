import type { en } from './en.ts';

/** The shape every language's catalogue must have: the English catalogue's. */
export type Messages = typeof en;

export const LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'tr';
}

/** Locale used for numbers, dates and plural rules. */
export const LOCALES: Record<Language, string> = { en: 'en-GB', tr: 'tr-TR' };
