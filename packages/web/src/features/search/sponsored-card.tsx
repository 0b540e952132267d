import { ExternalIcon } from '../../components/icons.tsx';
import { focusRing, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { SponsoredEntry } from './sponsored.ts';

/** An operator's sponsored entry: visibly labelled, and never a result. */
export function SponsoredCard({ sponsor }: { sponsor: SponsoredEntry }) {
  const { m } = useI18n();
  return (
    <aside
      aria-label={m.sponsored.label}
      className="rounded-xl border border-dashed border-violet-300 bg-violet-50/60 px-4 py-3 dark:border-violet-800 dark:bg-violet-950/30"
    >
      <div className="flex min-h-10 items-center gap-3">
        <span className="shrink-0 rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900 ring-1 ring-violet-600/25 ring-inset dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-400/30">
          {m.sponsored.label}
        </span>
        <span className="min-w-0 flex-1">
          <a
            href={sponsor.url}
            target="_blank"
            rel="sponsored noopener noreferrer"
            className={`inline-flex items-center gap-1.5 rounded font-semibold hover:underline ${focusRing}`}
          >
            {sponsor.title} <ExternalIcon className={`text-sm ${muted}`} />
          </a>
          {sponsor.description && <span className={`block truncate text-sm ${muted}`}>{sponsor.description}</span>}
        </span>
      </div>
    </aside>
  );
}
