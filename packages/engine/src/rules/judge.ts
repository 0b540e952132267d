import type { CheckResponse, RuleOutcome, SiteCheck } from '../model.ts';
import { stripChars } from '../username/strip.ts';
import { visibleText } from './block-pages.ts';
import { judgeHound } from './judge-hound.ts';
import { judgeMaigret } from './judge-maigret.ts';
import { judgeSherlock } from './judge-sherlock.ts';
import { judgeWhatsMyName } from './judge-whatsmyname.ts';
import { isNearEmptyData, quote, unknown } from './outcome.ts';
import type { CheckRule } from './types.ts';

/**
 * Judges one response by the check's own catalogue rules. `username` is the name as searched (the same
 * one given to `prepareRequest`); Maigret's presence rule and `errorUrl` templates need it.
 */
export function judge(check: SiteCheck, response: CheckResponse, searched?: string): RuleOutcome {
  const rule = check.rule as CheckRule;
  const username = searched === undefined ? undefined : stripChars(searched, check.stripChars);
  const outcome = judgeByFormat(check, rule, response, username);
  if (outcome.verdict !== 'found') return outcome;
  // A found must be earned on a page: `{}`, `[]` or `null` is no profile, whatever the rule read into it.
  if (response.method !== undefined && response.method !== 'HEAD' && isNearEmptyData(response.body)) {
    return unknown(
      check.format,
      'blocked',
      `near-empty answer ${quote(response.body.trim())}: not a profile`,
      'empty body',
    );
  }
  return outcome;
}

function judgeByFormat(
  check: SiteCheck,
  rule: CheckRule,
  response: CheckResponse,
  username: string | undefined,
): RuleOutcome {
  switch (rule.kind) {
    case 'sherlock':
      return judgeSherlock(check, rule, response, username);
    case 'maigret':
      return judgeMaigret(check, rule, response, username);
    case 'whatsmyname':
      return judgeWhatsMyName(rule, response, username);
    case 'hound':
      return judgeHound(rule, response, username);
  }
}

/**
 * The page's visible text (or a long page's unkept rest) shows the username; under 3 characters proves
 * nothing. Not a second signal by itself (catch-alls and not-found pages echo the name; decision 127).
 */
export function showsUsername(response: CheckResponse, username: string | undefined): boolean {
  if (username === undefined || username.length < 3) return false;
  const name = username.toLowerCase();
  if (response.seen?.some((s) => s.toLowerCase() === name)) return true;
  return visibleText(response.body.slice(0, 256 * 1024))
    .toLowerCase()
    .includes(name);
}
