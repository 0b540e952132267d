const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "5 minutes ago", "yesterday"; older than a week: the date. */
export function relativeTime(timestamp: number, now: number, locale: string): string {
  const diff = timestamp - now;
  if (-diff > 7 * 86_400_000) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(timestamp);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms) return format.format(Math.round(diff / ms), unit);
  return format.format(0, 'second');
}
