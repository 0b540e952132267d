import type { CheckResponse, RuleOutcome, SiteCheck } from '../model.ts';
import { stripChars } from '../username/strip.ts';
import { judgeHound } from './judge-hound.ts';
import { judgeMaigret } from './judge-maigret.ts';
import { judgeSherlock } from './judge-sherlock.ts';
import { judgeWhatsMyName } from './judge-whatsmyname.ts';
import type { CheckRule } from './types.ts';

/**
 * Judges one response by the check's own catalogue rules. `username` is the name as searched (the same
 * one given to `prepareRequest`); Maigret's presence rule and `errorUrl` templates need it.
 */
export function judge(check: SiteCheck, response: CheckResponse, searched?: string): RuleOutcome {
  const rule = check.rule as CheckRule;
  const username = searched === undefined ? undefined : stripChars(searched, check.stripChars);
  switch (rule.kind) {
    case 'sherlock':
      return judgeSherlock(check, rule, response, username);
    case 'maigret':
      return judgeMaigret(check, rule, response, username);
    case 'whatsmyname':
      return judgeWhatsMyName(rule, response);
    case 'hound':
      return judgeHound(rule, response, username);
  }
}
