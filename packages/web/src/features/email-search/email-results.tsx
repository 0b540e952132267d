import { countEmailResults, type EmailCheckResult, usernamesToSearch } from '@hound/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AlertIcon, ChevronIcon, ExternalIcon, SearchIcon } from '../../components/icons.tsx';
import { button, card, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill, plural } from '../../lib/format.ts';
import { isWebLink } from '../../lib/web-link.ts';
import { categoryLabel } from '../search/categories.ts';
import { SiteIcon } from '../search/site-icon.tsx';
import { useEmailAnswerTexts } from './email-answer-texts.ts';
import {
  type BreachState,
  breachState,
  type DetailValue,
  groupResults,
  howDecided,
  otherRecords,
  readableDate,
  reasonSentence,
  visibleDetails,
} from './email-evidence.ts';

/** Username searches offered at most: the address's name and the first usernames the sites returned. */
const MAX_PIVOTS = 6;

/**
 * An email search's results with their evidence (issue 26 items 3 and 4): the counts, breaches, each
 * found account with how it was decided, its profile and details, the other answers grouped and folded,
 * and the usernames to search next. Used by the modal (and so `/email-search/{id}`) and My Searches.
 */
export function EmailResults({
  email,
  results,
  old = false,
  onPivot,
  searched,
}: {
  email: string;
  results: readonly EmailCheckResult[];
  /** An old record (decision 107): its accounts' links and evidence are no longer stored. */
  old?: boolean;
  /** Called when a username search is started from here (the modal closes). */
  onPivot?(): void;
  /** Usernames (lower case) this search's leads already searched: not offered again. */
  searched?: ReadonlySet<string>;
}) {
  const { m, locale } = useI18n();
  const answers = useEmailAnswerTexts();
  const t = answers;
  const counts = countEmailResults(results);
  const groups = groupResults(results);
  const names = usernamesToSearch(email, results);
  const followed = names.filter((name) => searched?.has(name.toLowerCase()));
  const pivots = names.filter((name) => !searched?.has(name.toLowerCase())).slice(0, MAX_PIVOTS);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="email-counts">
        {(
          [
            ['asked', t.counts.asked, counts.asked],
            ['found', t.counts.found, counts.found],
            ['notFound', t.counts.notFound, counts.notFound],
            ['unknown', t.counts.unknown, counts.unknown],
          ] as const
        ).map(([key, label, value]) => (
          <div key={key} className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800">
            <dt className={`text-xs ${muted}`}>{label}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-count={key}>
              {value.toLocaleString(locale)}
            </dd>
          </div>
        ))}
      </dl>
      {counts.skipped > 0 && <p className={`text-sm ${muted}`}>{plural(t.counts.skipped, counts.skipped, locale)}</p>}

      <Breaches state={breachState(results)} />

      <section>
        {groups.found.length === 0 ? (
          <p className="font-medium">{m.email.modal.noResults}</p>
        ) : (
          <ul className="space-y-2" aria-label={m.email.modal.resultsTitle.replace('{email}', email)}>
            {groups.found.map((result) => (
              <FoundAccount key={result.check_id} result={result} old={old} onPivot={onPivot} />
            ))}
          </ul>
        )}
      </section>

      <Folded
        title={fill(t.notFound, { count: groups.notFound.length })}
        results={groups.notFound}
        testId="not-found"
      />
      <Folded title={fill(t.unknown, { count: groups.unknown.length })} results={groups.unknown} testId="unknown" />
      <Folded title={fill(t.skipped, { count: groups.skipped.length })} results={groups.skipped} testId="skipped" />

      {followed.length > 0 && pivots.length === 0 && (
        <p className={`text-sm ${muted}`}>{fill(t.pivotsFollowed, { names: followed.join(', ') })}</p>
      )}
      {pivots.length > 0 && (
        <section className="text-sm" aria-label={t.pivots}>
          <p className="font-semibold">{t.pivots}</p>
          <p className={muted}>{t.pivotsNote}</p>
          {followed.length > 0 && <p className={muted}>{fill(t.pivotsFollowed, { names: followed.join(', ') })}</p>}
          <ul className="mt-2 flex flex-wrap gap-2">
            {pivots.map((name) => (
              <li key={name} className="min-w-0 max-w-full">
                {/* Started only when clicked: it is a new (free) search of its own. */}
                <Link
                  to={`/username-search?q=${encodeURIComponent(name)}`}
                  className={`${button.secondary} max-w-full`}
                  onClick={onPivot}
                >
                  <SearchIcon />
                  <span className="truncate">{m.email.modal.searchUsername.replace('{username}', name)}</span>
                </Link>
              </li>
            ))}
            {pivots.length > 1 && (
              <li>
                <Link
                  to={`/username-search?q=${encodeURIComponent(pivots.join(','))}`}
                  className={button.ghost}
                  onClick={onPivot}
                >
                  {fill(t.searchAll, { count: pivots.length })}
                </Link>
              </li>
            )}
          </ul>
        </section>
      )}
    </div>
  );
}

function Breaches({ state }: { state: BreachState }) {
  const { m, locale } = useI18n();
  const answers = useEmailAnswerTexts();
  const t = answers;
  if (state.kind === 'absent') return null;
  if (state.kind !== 'found')
    return (
      <p className={`text-sm ${muted}`} data-testid="breaches">
        {state.kind === 'none'
          ? t.noBreaches
          : state.kind === 'off'
            ? t.breachesOff
            : `${t.breaches}: ${reasonSentence(state.reason, t, m.reasons)}`}
      </p>
    );
  return (
    <section
      className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900/60 dark:bg-red-950/30"
      data-testid="breaches"
    >
      <h3 className="flex items-center gap-2 font-semibold text-red-900 dark:text-red-200">
        <AlertIcon /> {t.breaches} ({state.breaches.length})
      </h3>
      <p className="mt-0.5 text-red-900/80 dark:text-red-200/80">{t.breachesNote}</p>
      <ul className="mt-2 space-y-1.5">
        {state.breaches.map((breach, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two breaches may share a name; the order is the record's
          <li key={`${breach.name}-${i}`} className="min-w-0 [overflow-wrap:anywhere]">
            <span className="font-medium">{breach.name}</span>
            {breach.date && (
              <span className={muted}>
                {' '}
                · {fill(t.breachDate, { date: readableDate(breach.date, locale) ?? breach.date })}
              </span>
            )}
            {breach.classes && (
              <span className="block text-xs text-slate-700 dark:text-slate-300">{breach.classes}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function FoundAccount({ result, old, onPivot }: { result: EmailCheckResult; old: boolean; onPivot?(): void }) {
  const { m, locale } = useI18n();
  const answers = useEmailAnswerTexts();
  const t = answers;
  const [open, setOpen] = useState(false);
  const evidenceId = useId();
  const details = visibleDetails(result);
  const records = otherRecords(result);
  return (
    <li className={`${card} p-3`} data-site={result.check_id}>
      <div className="flex items-start gap-3">
        <SiteIcon host={result.domain} platform={result.name} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">{result.name}</span>
            <span className={`text-sm ${muted}`}>{result.domain}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              {categoryLabel(result.category, m.categoryNames)}
            </span>
          </p>
          <p className="mt-1 text-sm">{howDecided(result, t, m.reasons)}</p>
          {(details.length > 0 || (result.usernames?.length ?? 0) > 0 || records.length > 0) && (
            <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
              {details.map(([label, value]) => (
                <Detail key={label} label={label} value={value} />
              ))}
              {(result.usernames?.length ?? 0) > 0 && (
                <>
                  <dt className={muted}>{t.usernames}</dt>
                  <dd className="flex min-w-0 flex-wrap gap-x-3 gap-y-1">
                    {result.usernames!.map((name) => (
                      <Link
                        key={name}
                        to={`/username-search?q=${encodeURIComponent(name)}`}
                        className={`${link} [overflow-wrap:anywhere]`}
                        onClick={onPivot}
                      >
                        {name}
                      </Link>
                    ))}
                  </dd>
                </>
              )}
              {records.map((record, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: records have no id
                <Detail key={`r${i}`} label={record.type} value={{ kind: 'text', text: record.data }} />
              ))}
            </dl>
          )}
          {/* Spec 001 §2: each site expands with "Show links" / "Hide links"; here with its evidence too. */}
          <button
            type="button"
            className={`${button.ghost} mt-1 -ml-3 px-3 py-1 text-sm`}
            aria-expanded={open}
            aria-controls={evidenceId}
            onClick={() => setOpen((o) => !o)}
          >
            <ChevronIcon className={open ? 'rotate-180' : ''} />
            {/* The spec's "Show links" where there is a link to show; otherwise it shows the evidence alone. */}
            {isWebLink(result.url)
              ? open
                ? m.email.modal.hideLinks
                : m.email.modal.showLinks
              : open
                ? t.hideEvidence
                : t.showEvidence}
          </button>
          {open && (
            <div id={evidenceId} className="mt-1 space-y-2 text-sm">
              <div>
                {isWebLink(result.url) ? (
                  <a
                    href={result.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className={`${link} inline-flex max-w-full items-center gap-1`}
                  >
                    <span className="truncate">{t.openProfile}</span>
                    <ExternalIcon />
                  </a>
                ) : (
                  <span className={muted}>{old ? m.email.modal.noLinks : t.noPage}</span>
                )}
              </div>
              <p className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>{t.evidence}</p>
              <dl className="grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
                <dt className={muted}>{t.answer}</dt>
                <dd className="font-mono text-[13px] [overflow-wrap:anywhere]">{result.evidence.rule}</dd>
                <dt className={muted}>{t.status}</dt>
                <dd className="font-mono text-[13px]">{result.evidence.status ?? '—'}</dd>
                <dt className={muted}>{t.time}</dt>
                <dd className="font-mono text-[13px]">
                  {fill(m.result.ms, { ms: Math.round(result.evidence.elapsed_ms).toLocaleString(locale) })}
                </dd>
              </dl>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

function Detail({ label, value }: { label: string; value: DetailValue }) {
  const { locale } = useI18n();
  const date = value.kind === 'text' ? readableDate(value.text, locale) : null;
  return (
    <>
      <dt className={muted}>{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">
        {value.kind === 'text' ? (
          date ? (
            <time dateTime={value.text.trim()}>{date}</time>
          ) : (
            value.text
          )
        ) : (
          <span className="flex flex-wrap gap-x-3 gap-y-1">
            {value.links.map((l) => (
              <a
                key={l.url}
                href={l.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={`${link} inline-flex max-w-full items-center gap-1`}
              >
                <span className="[overflow-wrap:anywhere]">{l.label}</span>
                <ExternalIcon />
              </a>
            ))}
          </span>
        )}
      </dd>
    </>
  );
}

/** A group of answers (not registered, could not check, not run), folded: its list renders only when opened. */
function Folded({ title, results, testId }: { title: string; results: EmailCheckResult[]; testId: string }) {
  const { m } = useI18n();
  const answers = useEmailAnswerTexts();
  const t = answers;
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (results.length === 0) return null;
  return (
    <section className="border-t border-slate-200 pt-3 dark:border-slate-800" data-testid={`group-${testId}`}>
      <button
        type="button"
        className={`${button.ghost} -ml-3 px-3 py-1 font-semibold`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <ChevronIcon className={open ? 'rotate-180' : ''} />
        {title}
      </button>
      {open && (
        <ul id={listId} className="mt-2 space-y-1.5" aria-label={title}>
          {results.map((result) => (
            <li key={result.check_id} className="flex items-start gap-2.5 text-sm" data-site={result.check_id}>
              <SiteIcon host={result.domain} platform={result.name} />
              <span className="min-w-0 flex-1">
                <span className="font-medium">{result.name}</span>
                <span className={muted}> · {result.domain}</span>
                <span className={`block ${muted}`}>{howDecided(result, t, m.reasons)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
