import type { Verdict } from '@hound/contracts';
import { useI18n } from '../../i18n/i18n.tsx';

const STYLES: Record<Verdict, string> = {
  found:
    'bg-emerald-100 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/25',
  not_found:
    'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-400/20',
  unknown: 'bg-amber-100 text-amber-900 ring-amber-600/25 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/25',
  invalid: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-400/20',
};

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const { m } = useI18n();
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[verdict]}`}
    >
      {m.verdicts[verdict]}
    </span>
  );
}
