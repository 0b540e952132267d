/**
 * "Follow leads" (issue 29, decision 111): the usernames found profiles link to become child searches. Off by
 * default; signed-in visitors only (the server answers 401 to anyone else), so the page shows it only to them.
 */
import { useId } from 'react';
import type { SearchOptions } from '../../api/search-api.ts';
import { useI18n } from '../../i18n/i18n.tsx';

export function FollowLeadsOption({
  options,
  onChange,
  hint,
}: {
  options: SearchOptions;
  onChange(options: SearchOptions): void;
  /** What following means here (an email search's pivot); the username search's wording by default. */
  hint?: string;
}) {
  const { m } = useI18n();
  const t = m.leads;
  const depthId = useId();
  const on = options.recursive === true;
  // FOLLOW_LIMITS (depth 1 by default, at most 2), written out: the search page loads no contracts code up front.
  const depth = options.depth ?? 1;
  return (
    <div className="space-y-2 pt-2">
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) =>
            onChange(
              e.target.checked
                ? { ...options, recursive: true, depth }
                : { ...options, recursive: undefined, depth: undefined },
            )
          }
          className="mt-0.5 h-4 w-4 accent-amber-700"
        />
        <span>
          <span className="font-medium text-slate-800 dark:text-slate-200">{t.option}</span>
          <span className="block">{hint ?? t.optionHint}</span>
        </span>
      </label>
      {on && (
        <div className="pl-6">
          <label htmlFor={depthId} className="block font-medium text-slate-800 dark:text-slate-200">
            {t.depth}
          </label>
          <select
            id={depthId}
            value={depth}
            onChange={(e) => onChange({ ...options, recursive: true, depth: Number(e.target.value) })}
            className="mt-1 block w-full max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
          >
            <option value={1}>{t.depthOne}</option>
            <option value={2}>{t.depthTwo}</option>
          </select>
        </div>
      )}
    </div>
  );
}
