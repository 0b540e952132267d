/**
 * How an email search's results are presented (issue 26 item 3, decision 107): each answer's plain-words
 * reason, the groups (found, not registered, could not check, not run), breach records and profile
 * details. Pure functions over the API's results, so they are unit-tested without a browser.
 */
import type { EmailCheckResult } from '@hound/contracts';
import type { emailAnswersEn } from '../../i18n/email-answers-en.ts';
import type { Messages } from '../../i18n/messages.ts';
import { fill } from '../../lib/format.ts';
import { isWebLink } from '../../lib/web-link.ts';

type Evidence = typeof emailAnswersEn;

/** The record type of a breach, as the HIBP check names it (spec 001 §3 "Hacked Email Address"). */
export const BREACH_RECORD = 'Hacked Email Address';
/** The check whose found answer carries the breaches. */
export const BREACH_CHECK = 'hibp';

/** One sentence saying how the site's answer was read: the check's method and its verdict. */
export function howDecided(
  result: Pick<EmailCheckResult, 'method' | 'verdict' | 'reason'>,
  t: Evidence,
  reasons: Messages['reasons'],
): string {
  if (result.verdict === 'found' || result.verdict === 'not_found') {
    const method = (result.method in t.decided ? result.method : 'other') as keyof Evidence['decided'];
    return t.decided[method][result.verdict];
  }
  return reasonSentence(result.reason, t, reasons);
}

/** Why a check could not decide or was not run, in plain words (email wording first, then the username one). */
export function reasonSentence(reason: string | undefined, t: Evidence, reasons: Messages['reasons']): string {
  const own = reason && (t.reasons as Record<string, string>)[reason];
  if (own) return own;
  const shared = reason && (reasons as Record<string, { long: string } | undefined>)[reason];
  if (shared) return shared.long;
  return fill(reasons.other.long, { reason: reason ?? '—' });
}

export interface ResultGroups {
  found: EmailCheckResult[];
  notFound: EmailCheckResult[];
  unknown: EmailCheckResult[];
  skipped: EmailCheckResult[];
}

/**
 * Results by verdict, each sorted by site name. The breach check's found answer is shown as breaches,
 * not as an "account": having been in a breach is not an account on haveibeenpwned.com.
 */
export function groupResults(results: readonly EmailCheckResult[]): ResultGroups {
  const byName = (a: EmailCheckResult, b: EmailCheckResult) => a.name.localeCompare(b.name);
  const of = (verdicts: string[]) => results.filter((r) => verdicts.includes(r.verdict)).sort(byName);
  return {
    found: of(['found']).filter((r) => r.check_id !== BREACH_CHECK),
    notFound: of(['not_found']).filter((r) => r.check_id !== BREACH_CHECK),
    unknown: of(['unknown']),
    skipped: of(['invalid']),
  };
}

export interface Breach {
  name: string;
  date?: string;
  classes?: string;
}

/** A breach record's text (`Name · BreachDate · DataClasses`, the HIBP check's fields) as its parts. */
export function parseBreach(data: string): Breach {
  const [name = data, ...rest] = data.split(' · ');
  const isDate = (part: string) => /^\d{4}-\d{2}-\d{2}$/.test(part);
  const date = rest.find(isDate);
  const classes = rest.filter((part) => !isDate(part)).join(' · ');
  return { name, ...(date ? { date } : {}), ...(classes ? { classes } : {}) };
}

export type BreachState =
  | { kind: 'found'; breaches: Breach[] }
  | { kind: 'none' }
  | { kind: 'off' }
  | { kind: 'unknown'; reason?: string }
  | { kind: 'absent' };

/** What the breach check said: breaches, none, not set up (no key), could not check, or not in this search. */
export function breachState(results: readonly EmailCheckResult[]): BreachState {
  const hibp = results.find((r) => r.check_id === BREACH_CHECK);
  if (!hibp) return { kind: 'absent' };
  if (hibp.verdict === 'found')
    return {
      kind: 'found',
      breaches: (hibp.records ?? []).filter((r) => r.type === BREACH_RECORD).map((r) => parseBreach(r.data)),
    };
  if (hibp.verdict === 'not_found') return { kind: 'none' };
  if (hibp.verdict === 'invalid') return { kind: 'off' };
  return { kind: 'unknown', ...(hibp.reason ? { reason: hibp.reason } : {}) };
}

/** Records other than breaches (kept by a check's `records`), shown with their type. */
export function otherRecords(result: EmailCheckResult): Array<{ type: string; data: string }> {
  return (result.records ?? []).filter((r) => r.type !== BREACH_RECORD);
}

export type DetailValue =
  | { kind: 'text'; text: string }
  | { kind: 'links'; links: Array<{ label: string; url: string }> };

/**
 * A detail's value for display: a web address (an avatar, a profile) or a list of linked accounts
 * ("Label: URL, URL") become links; anything else is text. Only http(s) becomes a link (decision 098).
 */
export function detailValue(value: string): DetailValue {
  const parts = value.split(/,\s+(?=(?:[^,:]+:\s+)?https?:\/\/)/);
  const links = parts.map((part) => {
    const match = /^(?:([^:]+?):\s+)?(https?:\/\/\S+)$/.exec(part.trim());
    return match && isWebLink(match[2]) ? { label: match[1] ?? hostLabel(match[2]!), url: match[2]! } : null;
  });
  if (links.every((l) => l !== null)) return { kind: 'links', links: links as Array<{ label: string; url: string }> };
  return { kind: 'text', text: value };
}

function hostLabel(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** A found result's details worth showing: not empty, and not the profile link shown already. */
export function visibleDetails(result: EmailCheckResult): Array<[string, DetailValue]> {
  return Object.entries(result.details ?? {})
    .filter(([, value]) => value.trim() !== '' && value !== result.url)
    .map(([label, value]) => [label, detailValue(value)]);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ](\d{2}):\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO date or date-time ("2015-03-01", "2019-01-16T08:24:37Z") as the visitor reads dates, or null for any
 * other text. A bare date is a calendar day, shown as that day wherever the visitor is.
 */
export function readableDate(value: string, locale: string): string | null {
  const text = value.trim();
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const hasTime = match[1] !== undefined;
  const date = new Date(hasTime ? text.replace(' ', 'T') : `${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  return hasTime
    ? date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
    : date.toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' });
}
