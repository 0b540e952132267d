/**
 * The server answers in English (`detail`/`error`, with a stable `code`). The page shows that text in its own
 * language: the exact message, when it is one of the server's known messages (a template's `{placeholders}`
 * carried over), else the code's general message, else the server's text as sent (an unknown code).
 *
 * The table for the page's language is loaded with its catalogue (`loadMessages`) and registered here, so
 * that `apiFetch` and the search errors, which live outside React, can translate synchronously. English has
 * no table: the server's text is the English text.
 */
import type { Language } from './messages.ts';

export interface ServerTextTable {
  /** Each known English message (templates with `{name}` placeholders) → its translation. */
  byText: ReadonlyArray<readonly [english: string, translated: string]>;
  /** A general message per error code, for a text the table does not know. */
  byCode: Readonly<Record<string, string>>;
}

interface Compiled {
  patterns: { pattern: RegExp; names: string[]; translated: string }[];
  byCode: Readonly<Record<string, string>>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(table: ServerTextTable): Compiled {
  return {
    byCode: table.byCode,
    patterns: table.byText.map(([english, translated]) => ({
      names: [...english.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
      pattern: new RegExp(
        `^${english
          .split(/\{\w+\}/)
          .map(escapeRegExp)
          .join('(.+?)')}$`,
      ),
      translated,
    })),
  };
}

let active: { language: Language; table: Compiled | null } = { language: 'en', table: null };

/** Called when a language's catalogue is loaded (and by the test renderer). */
export function registerServerText(language: Language, table: ServerTextTable | null): void {
  active = { language, table: table ? compile(table) : null };
}

/** Translates one server message; `code` is the answer's error code, when it had one. */
export function translateServerText(text: string, code?: string | null): string {
  const table = active.table;
  if (!table) return text;
  const trimmed = text.trim();
  for (const { pattern, names, translated } of table.patterns) {
    const match = pattern.exec(trimmed);
    if (match) return names.reduce((out, name, i) => out.replace(`{${name}}`, match[i + 1]!), translated);
  }
  return (code && table.byCode[code]) || text;
}

export async function loadServerText(language: Language): Promise<ServerTextTable | null> {
  return language === 'tr' ? (await import('./server-text-tr.ts')).serverTextTr : null;
}
