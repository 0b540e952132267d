import type { PlatformResult } from '@hound/contracts';
import { memo, useId } from 'react';
import { ChevronIcon, CopyIcon, ExternalIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { button, focusRing, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { copyText } from '../../lib/clipboard.ts';
import { fill } from '../../lib/format.ts';
import { isWebLink } from '../../lib/web-link.ts';
import { categoryLabel } from './categories.ts';
import { hostOf, SiteIcon } from './site-icon.tsx';
import { VerdictBadge } from './verdict-badge.tsx';

export function reasonText(reason: string | undefined, m: Messages['reasons']): string | null {
  if (!reason) return null;
  const known = (m as Record<string, { long: string } | undefined>)[reason];
  return known ? known.long : fill(m.other.long, { reason });
}

interface ResultCardProps {
  platform: string;
  result: PlatformResult;
  category: string;
  expanded: boolean;
  onToggle(platform: string): void;
}

/** One site's result; expands on click to show the URL (with copy), verdict, reason and evidence. */
export const ResultCard = memo(function ResultCard({
  platform,
  result,
  category,
  expanded,
  onToggle,
}: ResultCardProps) {
  const { m, locale } = useI18n();
  const toast = useToast();
  const bodyId = useId();
  const host = hostOf(result.url, result.site_id);
  const reason = reasonText(result.reason, m.reasons);
  const { evidence } = result;

  const copy = async () => {
    toast((await copyText(result.url)) ? m.result.copied : m.result.copyFailed);
  };

  return (
    <article
      data-platform={platform}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/70"
    >
      <h3 className="m-0">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => onToggle(platform)}
          className={`flex min-h-16 w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800/50 ${focusRing} focus-visible:outline-offset-[-2px]`}
        >
          <SiteIcon host={host} platform={platform} />
          <span className="min-w-0 flex-1">
            {/* Two lines before cutting: similar names must not truncate into identical titles on a phone. */}
            <span className="line-clamp-2 block font-semibold break-words">{platform}</span>
            <span className={`block truncate text-sm font-normal ${muted}`}>
              {host}
              <span className="hidden sm:inline"> · {categoryLabel(category, m.categoryNames)}</span>
            </span>
          </span>
          <VerdictBadge verdict={result.verdict} />
          <ChevronIcon className={`shrink-0 text-lg transition-transform ${muted} ${expanded ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      {expanded && (
        <div id={bodyId} className="border-t border-slate-200 px-4 py-4 text-sm dark:border-slate-800">
          {isWebLink(result.url) ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <a
                href={result.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={`min-w-0 flex-1 truncate rounded font-mono text-[13px] text-amber-800 underline-offset-2 hover:underline dark:text-amber-300 ${focusRing}`}
              >
                {result.url}
              </a>
              <div className="flex gap-2">
                <button type="button" onClick={copy} className={`${button.secondary} py-1.5 text-sm`}>
                  <CopyIcon /> {m.result.copy}
                </button>
                <a
                  href={result.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className={`${button.secondary} py-1.5 text-sm`}
                >
                  <ExternalIcon /> {m.result.open}
                </a>
              </div>
            </div>
          ) : (
            <p className={muted}>{m.result.noUrl}</p>
          )}
          {result.reason === 'conflict' ? (
            <p className="mt-3 font-medium">{fill(m.result.conflict, { summary: conflictSummary(result, m) })}</p>
          ) : (
            <p className="mt-3">
              <span className="font-medium">{m.verdictExplained[result.verdict]}</span>
              {reason && <span className={muted}> {reason}</span>}
            </p>
          )}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
            <dt className={muted}>{m.result.httpStatus}</dt>
            <dd className="font-mono text-[13px]">{evidence.status ?? '—'}</dd>
            <dt className={muted}>{m.result.rule}</dt>
            <dd className="font-mono text-[13px] break-words">{evidence.rule}</dd>
            <dt className={muted}>{m.result.elapsed}</dt>
            <dd className="font-mono text-[13px]">
              {fill(m.result.ms, { ms: Math.round(evidence.elapsed_ms).toLocaleString(locale) })}
            </dd>
            <dt className={muted}>{m.result.agreed}</dt>
            <dd>{evidence.agreed.length ? evidence.agreed.map(catalogueName).join(', ') : '—'}</dd>
            <dt className={muted}>{m.result.category}</dt>
            <dd>{categoryLabel(category, m.categoryNames)}</dd>
            {evidence.final_url && evidence.final_url !== result.url && (
              <>
                <dt className={muted}>{m.result.finalUrl}</dt>
                <dd className="font-mono text-[13px] break-all">{evidence.final_url}</dd>
              </>
            )}
            {evidence.detail && (
              <>
                <dt className={muted}>{m.result.detail}</dt>
                <dd className="break-words">{evidence.detail}</dd>
              </>
            )}
          </dl>
          {evidence.outcomes && evidence.outcomes.length > 1 && (
            <div className="mt-3">
              <p className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>{m.result.perCatalogue}</p>
              <ul className="mt-1.5 space-y-1">
                {evidence.outcomes.map((o) => (
                  <li key={`${o.format}-${o.rule}`} className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{catalogueName(o.format)}</span>
                    <VerdictBadge verdict={o.verdict} />
                    <span className={`font-mono text-[13px] ${muted}`}>{o.rule}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </article>
  );
});

/** "Sherlock says found, Maigret says not found": what each catalogue concluded about a disputed site. */
export function conflictSummary(result: PlatformResult, m: Messages): string {
  return (result.evidence.outcomes ?? [])
    .filter((o) => o.verdict === 'found' || o.verdict === 'not_found')
    .map((o) =>
      fill(m.result.conflictEach, { catalogue: catalogueName(o.format), verdict: m.verdicts[o.verdict].toLowerCase() }),
    )
    .join(', ');
}

const CATALOGUE_NAMES: Record<string, string> = {
  sherlock: 'Sherlock',
  whatsmyname: 'WhatsMyName',
  maigret: 'Maigret',
};

export function catalogueName(format: string): string {
  return CATALOGUE_NAMES[format] ?? format;
}
