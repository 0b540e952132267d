import { useEffect, useState } from 'react';
import { card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';

/**
 * Made-up people and addresses: the panel illustrates results and never shows real data. No "View" chips:
 * there is nothing behind an illustration to open (issue 27 item 16).
 */
export const SAMPLE_RESULTS: ReadonlyArray<{ name: string; site: string; email: string }> = [
  { name: 'Alex Morgan', site: 'Spotify', email: 'alex.m••••@example.com' },
  { name: 'Priya Shah', site: 'GitHub', email: 'p.sh••••@example.net' },
  { name: 'Jonas Berg', site: 'Duolingo', email: 'jonas••••@example.org' },
  { name: 'Maria Costa', site: 'Pinterest', email: 'mcos••••@example.com' },
  { name: 'Sam Okafor', site: 'Chess.com', email: 'samok••••@example.net' },
  { name: 'Lena Vogel', site: 'Strava', email: 'l.vog••••@example.org' },
  { name: 'Omar Haddad', site: 'Imgur', email: 'omar.h••••@example.com' },
  { name: 'Yuki Tanaka', site: 'Notion', email: 'yuki.t••••@example.net' },
  { name: 'Chris Dunn', site: 'Gravatar', email: 'cdunn••••@example.org' },
  { name: 'Ana Ruiz', site: 'WordPress.com', email: 'ana.r••••@example.com' },
];

/** Spec 001 §2: 10 entries, 5 per column, refreshed every 7 seconds. */
export const ROTATE_MS = 7000;
export const PER_COLUMN = 5;

export function rotated<T>(items: readonly T[], offset: number): T[] {
  const n = items.length;
  return items.map((_, i) => items[(i + offset) % n]!);
}

export function LatestResults() {
  const { m } = useI18n();
  const t = m.email.page;
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setOffset((o) => (o + 1) % SAMPLE_RESULTS.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, []);
  const entries = rotated(SAMPLE_RESULTS, offset);
  const columns = [entries.slice(0, PER_COLUMN), entries.slice(PER_COLUMN, 2 * PER_COLUMN)];
  return (
    <section aria-labelledby="latest-results" className={`${card} p-5`}>
      <h2 id="latest-results" className="text-lg font-semibold">
        {t.latestTitle}
      </h2>
      <p className={`text-sm ${muted}`}>{t.latestNote}</p>
      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {columns.map((column, c) => (
          <ul key={c === 0 ? 'left' : 'right'} className="min-w-0 space-y-2" data-testid="latest-column">
            {column.map((entry) => (
              <li
                key={entry.name}
                className="flex items-center gap-3 rounded-lg border border-slate-200 p-2.5 dark:border-slate-800"
              >
                <span
                  aria-hidden="true"
                  className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-amber-100 text-sm font-bold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200"
                >
                  {entry.site[0]}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{entry.name}</span>
                  <span className={`block truncate text-xs ${muted}`}>
                    {entry.site} · <span className="blur-[2px] select-none">{entry.email}</span>
                  </span>
                </span>
              </li>
            ))}
          </ul>
        ))}
      </div>
    </section>
  );
}
