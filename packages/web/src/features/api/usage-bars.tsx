import type { ApiUsageDay } from '@hound/contracts';

/** Requests per day as thin bars (30 days), drawn with plain elements; the numbers are beside it in text. */
export function UsageBars({ days, label }: { days: ApiUsageDay[]; label: string }) {
  const most = Math.max(1, ...days.map((d) => d.requests));
  return (
    <div role="img" aria-label={label} className="flex h-8 items-end gap-px">
      {days.map((d) => (
        <span
          key={d.day}
          title={`${d.day}: ${d.requests}`}
          className="min-w-0 flex-1 rounded-t-sm bg-amber-600/80 dark:bg-amber-400/80"
          style={{ height: `${Math.max(d.requests > 0 ? 8 : 2, (d.requests / most) * 100)}%` }}
        />
      ))}
    </div>
  );
}
