/**
 * "Which sites": the web app's version of the CLI's site options — catalogue categories, named sites and
 * NSFW. The server checks the choice (an unknown site or an empty selection is refused with its reason).
 */

import { useId } from 'react';
import type { SearchOptions } from '../../api/search-api.ts';
import { useSiteConfig } from '../../api/site-config.ts';
import { useI18n } from '../../i18n/i18n.tsx';

/** `a, b ,c` → `['a','b','c']`; blanks dropped. */
export function parseSiteList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 500);
}

export function ScopeOptions({ scope, onChange }: { scope: SearchOptions; onChange(scope: SearchOptions): void }) {
  const { m, locale } = useI18n();
  const t = m.search.scope;
  const { categories } = useSiteConfig();
  const sitesId = useId();
  const chosen = new Set(scope.categories ?? []);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange({ ...scope, categories: next.size > 0 ? [...next] : undefined });
  };
  return (
    <fieldset className="space-y-3 pt-2">
      <legend className="mb-2 font-semibold text-slate-800 dark:text-slate-200">{t.title}</legend>
      <p>{t.hint}</p>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          checked={scope.nsfw === true}
          onChange={(e) => onChange({ ...scope, nsfw: e.target.checked || undefined })}
          className="mt-0.5 h-4 w-4 accent-amber-700"
        />
        <span>{t.nsfw}</span>
      </label>
      <div>
        <label htmlFor={sitesId} className="block font-medium text-slate-800 dark:text-slate-200">
          {t.sites}
        </label>
        <input
          id={sitesId}
          type="text"
          value={(scope.sites ?? []).join(', ')}
          onChange={(e) => {
            const sites = parseSiteList(e.target.value);
            onChange({ ...scope, sites: sites.length > 0 ? sites : undefined });
          }}
          placeholder={t.sitesPlaceholder}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        />
      </div>
      {categories.length > 0 && (
        <fieldset>
          <legend className="font-medium text-slate-800 dark:text-slate-200">{t.categories}</legend>
          <ul className="mt-1 grid max-h-48 grid-cols-1 gap-x-4 gap-y-1 overflow-y-auto pr-1 sm:grid-cols-2">
            {categories.map((c) => (
              <li key={c.id}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={chosen.has(c.id)}
                    onChange={(e) => toggle(c.id, e.target.checked)}
                    className="h-4 w-4 accent-amber-700"
                  />
                  <span className="min-w-0 flex-1 truncate capitalize">{c.id}</span>
                  <span className="tabular-nums">{c.sites.toLocaleString(locale)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </fieldset>
  );
}
