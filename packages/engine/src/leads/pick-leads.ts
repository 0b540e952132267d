import { FOLLOW_LIMITS, type LeadReason, type ProfileFact, usernamesToSearch } from '@hound/contracts';
import { normaliseEmail } from '../email/address.ts';
import { isEmailLike } from '../username/email.ts';
import { normaliseUsernameInput } from '../username/input.ts';

/** A new search a found profile (or an email result) leads to. */
export interface Lead {
  kind: 'username' | 'email';
  query: string;
  reason: LeadReason;
}

/** What picking leads needs of a result: a found profile and its facts (engine and stored results alike). */
export interface LeadSource {
  /** The site's display name. */
  name: string;
  url: string;
  verdict: string;
  facts?: readonly ProfileFact[];
  /** Usernames an email check's found answer reveals (email pivots). */
  usernames?: readonly string[];
}

/** The key a name is remembered by, so the same name is never searched twice in one tree. */
export const leadKey = (kind: Lead['kind'], query: string) => `${kind}:${query.toLowerCase()}`;

function usernameOf(value: string): string | undefined {
  if (isEmailLike(value)) return undefined;
  try {
    return normaliseUsernameInput(value);
  } catch {
    return undefined;
  }
}

function emailOf(value: string): string | undefined {
  try {
    return normaliseEmail(value);
  } catch {
    return undefined;
  }
}

/**
 * The leads in one search's found results: usernames on other sites that profiles link to, email
 * addresses they state, usernames an email search revealed — each with why, in result order, none already
 * in `seen` (which it extends), at most `limit`. Only `found` results count: a fact never outlives a
 * verdict that was not found. An email search's username leads are its pivots as `hound email --usernames`
 * and the web app offer them (`usernamesToSearch`): the address's local part first, then the usernames its
 * found answers returned.
 */
export function pickLeads(
  parent: { kind: Lead['kind']; query: string },
  results: Iterable<LeadSource>,
  seen: Set<string>,
  limit: number = FOLLOW_LIMITS.maxNewNamesPerLevel,
): Lead[] {
  const leads: Lead[] = [];
  const add = (kind: Lead['kind'], query: string | undefined, reason: LeadReason) => {
    if (!query || leads.length >= limit) return;
    const key = leadKey(kind, query);
    if (seen.has(key)) return;
    seen.add(key);
    leads.push({ kind, query, reason });
  };
  const who = parent.query;
  const sources = [...results];
  // For an email search, only the names a username search accepts as a pivot (the same rule everywhere).
  let pivot = (_name: string) => true;
  if (parent.kind === 'email') {
    const pivots = usernamesToSearch(who, sources);
    const local = usernamesToSearch(who, [])[0];
    if (local) add('username', usernameOf(local), { text: `the local part of ${who}` });
    const accepted = new Set(pivots.map((name) => name.toLowerCase()));
    pivot = (name) => accepted.has(name.toLowerCase());
  }
  for (const result of sources) {
    if (result.verdict !== 'found') continue;
    const from = { from_site: result.name, ...(result.url ? { from_url: result.url } : {}) };
    for (const fact of result.facts ?? []) {
      if (fact.kind === 'username') {
        add('username', usernameOf(fact.value), {
          text: `linked from the ${result.name} profile of ${who}`,
          ...from,
          fact_kind: 'username',
        });
      } else if (fact.kind === 'email') {
        add('email', emailOf(fact.value), {
          text: `stated on the ${result.name} profile of ${who}`,
          ...from,
          fact_kind: 'email',
        });
      }
    }
    for (const name of result.usernames ?? []) {
      if (!pivot(name)) continue;
      add('username', usernameOf(name), { text: `the username ${result.name} shows for ${who}`, ...from });
    }
  }
  return leads;
}
