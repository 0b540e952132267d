import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { preloadSearchApi } from '../../api/lazy-search-api.ts';
import type { SearchOptions } from '../../api/search-api.ts';
import { AlertIcon, ClockIcon, CloseIcon, SearchIcon } from '../../components/icons.tsx';
import { button, focusRing, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill, plural } from '../../lib/format.ts';
import { FollowLeadsOption } from './follow-leads-option.tsx';
import type { HistoryEntry } from './history.ts';
import { relativeTime } from './relative-time.ts';
import { ScopeOptions } from './scope-options.tsx';
import { usernameProblemMessage } from './search-error.ts';
import { MAX_NAMES, parseUsernames } from './usernames.ts';

const EMAIL_SHAPED = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What may be sent: the trimmed input, or null when it is empty or only whitespace (spec 000 §5). */
export function submittableUsername(input: string): string | null {
  const trimmed = input.trim();
  return trimmed.length > 0 ? trimmed : null;
}

export function emailLocalPart(input: string): string | null {
  const trimmed = input.trim();
  return EMAIL_SHAPED.test(trimmed) ? trimmed.slice(0, trimmed.indexOf('@')) : null;
}

interface SearchFormProps {
  running: boolean;
  history: HistoryEntry[];
  onSearch(username: string): void;
  /** Several names (commas, or variants): each a search of its own. */
  onSearchMany?(usernames: string[]): void;
  /** A recent search was picked (default: search its name again). */
  onPick?(entry: HistoryEntry): void;
  onClearHistory(): void;
  /** The box's text when the form mounts (the name of the search on show). */
  initialValue?: string;
  /** Why the last search could not start, shown under the box where the eye is. */
  error?: string | null;
  /** Which sites the searches cover, and its setter (the options' "Which sites"). */
  scope?: SearchOptions;
  onScopeChange?(scope: SearchOptions): void;
  /** Signed in: "Follow leads" is offered (the server refuses it to anyone else). */
  canFollowLeads?: boolean;
}

export function SearchForm({
  running,
  history,
  onSearch,
  onSearchMany,
  onPick,
  onClearHistory,
  initialValue = '',
  error = null,
  scope,
  onScopeChange,
  canFollowLeads = false,
}: SearchFormProps) {
  const { m, locale } = useI18n();
  const [value, setValue] = useState(initialValue);
  /** The rule broken by the name last submitted; cleared as soon as the text changes. */
  const [refused, setRefused] = useState<string | null>(null);
  const [variants, setVariants] = useState(false);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const ids = { input: useId(), hint: useId(), recent: useId(), error: useId(), options: useId() };

  const emailLocal = emailLocalPart(value);
  const username = submittableUsername(value);
  const showRecent = open && !running && history.length > 0;
  const shownError = refused ?? error;

  const submit = (name: string) => {
    setOpen(false);
    setValue(name);
    // The server's rule, told before sending (a 422 says much less).
    const parsed = parseUsernames(name, variants);
    if (!parsed.ok) {
      setRefused(
        'tooMany' in parsed
          ? fill(m.errors.tooManyNames, { max: MAX_NAMES, count: parsed.tooMany })
          : `${parsed.name === name ? '' : `“${parsed.name}”: `}${usernameProblemMessage(parsed.problem, m.errors)}`,
      );
      inputRef.current?.focus();
      return;
    }
    setRefused(null);
    if (parsed.names.length > 1 && onSearchMany) onSearchMany(parsed.names);
    else onSearch(parsed.names[0]!);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (running || emailLocal) return;
    // Empty or whitespace-only input is never sent (spec 000 §5); the box takes focus and says why.
    if (!username) {
      setRefused(m.search.empty);
      inputRef.current?.focus();
      return;
    }
    submit(username);
  };

  const focusItem = (delta: number) => {
    const items = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = at < 0 ? (delta > 0 ? 0 : items.length - 1) : at + delta;
    if (next < 0) inputRef.current?.focus();
    else items[Math.min(next, items.length - 1)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && showRecent) {
      event.preventDefault();
      setOpen(false);
      if (document.activeElement !== inputRef.current) inputRef.current?.focus();
    } else if (showRecent && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      focusItem(event.key === 'ArrowDown' ? 1 : -1);
    }
  };

  return (
    <search>
      <form onSubmit={onSubmit} noValidate className="w-full">
        {/* Arrow keys and Escape move between the input and its recent-searches list. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: keyboard handling delegated from the input and list buttons */}
        <div
          ref={wrapperRef}
          className="relative"
          onKeyDown={onKeyDown}
          onBlur={(e) => {
            if (!wrapperRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          <label htmlFor={ids.input} className="sr-only">
            {m.search.label}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <div className="relative flex-1">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-lg text-slate-500 dark:text-slate-400" />
              <input
                ref={inputRef}
                id={ids.input}
                name="username"
                type="text"
                value={value}
                disabled={running}
                onChange={(e) => {
                  setValue(e.target.value);
                  setRefused(null);
                  setOpen(false);
                }}
                onFocus={() => {
                  setOpen(true);
                  void preloadSearchApi();
                }}
                onClick={() => setOpen(true)}
                placeholder={m.search.placeholder}
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={800}
                aria-describedby={emailLocal ? ids.hint : shownError ? ids.error : undefined}
                aria-invalid={shownError ? true : undefined}
                className="h-14 w-full rounded-xl border border-slate-300 bg-white pr-12 pl-12 text-lg text-slate-900 shadow-sm transition-colors outline-none placeholder:text-slate-500 focus:border-amber-700 focus:ring-4 focus:ring-amber-700/15 disabled:opacity-70 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:border-amber-400 dark:focus:ring-amber-400/20"
              />
              {value && !running && (
                <button
                  type="button"
                  aria-label={m.search.clear}
                  title={m.search.clear}
                  onClick={() => {
                    setValue('');
                    inputRef.current?.focus();
                  }}
                  className={`${button.icon} absolute top-1/2 right-2.5 -translate-y-1/2`}
                >
                  <CloseIcon />
                </button>
              )}
            </div>
            <button
              type="submit"
              disabled={running || Boolean(emailLocal)}
              className={`${button.primary} h-14 px-7 text-base`}
            >
              {m.search.submit}
            </button>
          </div>

          {showRecent && (
            <div
              id={ids.recent}
              className="absolute inset-x-0 top-full z-20 mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5 dark:border-slate-700 dark:bg-slate-900"
            >
              <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2 dark:border-slate-800">
                <h2 className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>
                  {m.search.recent.replace('{count}', String(history.length))}
                </h2>
                <button
                  type="button"
                  onClick={() => {
                    onClearHistory();
                    inputRef.current?.focus();
                  }}
                  className={`rounded px-2 py-1 text-sm font-medium text-amber-800 hover:bg-amber-50 dark:text-amber-300 dark:hover:bg-slate-800 ${focusRing}`}
                >
                  {m.search.clearAll}
                </button>
              </div>
              <ul ref={listRef} className="max-h-80 overflow-y-auto py-1">
                {history.map((entry) => (
                  <li key={entry.username}>
                    <button
                      type="button"
                      onClick={() => {
                        setOpen(false);
                        setValue(entry.username);
                        if (onPick) onPick(entry);
                        else submit(entry.username);
                      }}
                      className={`flex w-full items-center gap-3 px-4 py-2.5 text-left hover:bg-slate-100 focus:bg-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800 ${focusRing} focus-visible:outline-offset-[-2px]`}
                    >
                      <ClockIcon className={`shrink-0 ${muted}`} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{entry.username}</span>
                        <span className={`block text-sm ${muted}`}>
                          {plural(m.search.resultCount, entry.resultCount, locale)}
                          <span aria-hidden="true"> · </span>
                          <time dateTime={new Date(entry.timestamp).toISOString()}>
                            {relativeTime(entry.timestamp, Date.now(), locale)}
                          </time>
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        {onSearchMany && (
          <details className={`mt-2 text-sm ${muted}`}>
            <summary className={`cursor-pointer rounded font-medium ${focusRing}`}>{m.search.options}</summary>
            <div className="mt-2 space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <p>{m.search.severalHint.replace('{max}', String(MAX_NAMES))}</p>
              <label className="flex items-start gap-2">
                <input
                  id={ids.options}
                  type="checkbox"
                  checked={variants}
                  onChange={(e) => setVariants(e.target.checked)}
                  className="mt-0.5 h-4 w-4 accent-amber-700"
                />
                <span>{m.search.variants}</span>
              </label>
              {scope && onScopeChange && canFollowLeads && (
                <FollowLeadsOption options={scope} onChange={onScopeChange} />
              )}
              {scope && onScopeChange && <ScopeOptions scope={scope} onChange={onScopeChange} />}
            </div>
          </details>
        )}
        {shownError && !emailLocal && (
          <div
            id={ids.error}
            role="alert"
            className="mt-3 flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
          >
            <AlertIcon className="mt-0.5 shrink-0 text-lg" />
            <div>
              <h2 className="font-semibold">{m.results.error}</h2>
              <p className="mt-1">{shownError}</p>
            </div>
          </div>
        )}
        {emailLocal && (
          <div
            id={ids.hint}
            className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          >
            <p>{m.search.emailHint}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" onClick={() => submit(emailLocal)} className={`${button.secondary} py-1.5 text-sm`}>
                {m.search.emailSearchLocal.replace('{username}', emailLocal)}
              </button>
              {/* The address itself belongs to email search: the page opens with it filled in. */}
              <Link
                to={`/email-search?email=${encodeURIComponent(value.trim())}`}
                className={`${button.secondary} py-1.5 text-sm`}
              >
                {m.search.emailSearchAddress}
              </Link>
            </div>
          </div>
        )}
      </form>
    </search>
  );
}
