import type { CheckResponse, RuleOutcome } from '../model.ts';
import { found, guardResponse, has, notFound, quote, unknown, weakFound } from './outcome.ts';
import type { WhatsMyNameRule } from './types.ts';
import { isWeakMarker, namesUsername } from './weak-markers.ts';

/**
 * WhatsMyName's verdict (research/wmn-email.md §a.4), redirects never followed:
 * found iff status = e_code AND e_string in body; not found iff status = m_code AND (m_string empty OR
 * m_string in body). When both hold (equal codes), the non-empty string decides; anything else is
 * `unknown`: a status matching neither code is `http_error`, a matching code without its string is
 * `unexpected_response`.
 */
export function judgeWhatsMyName(rule: WhatsMyNameRule, response: CheckResponse, username?: string): RuleOutcome {
  const guarded = guardResponse('whatsmyname', response, {
    allowStatus: [rule.eCode, rule.mCode],
    username,
    missingMarker: rule.mString !== '' && has(response, rule.mString),
  });
  if (guarded) return guarded;
  const { status } = response;
  const eHit = status === rule.eCode && has(response, rule.eString);
  const mHit = status === rule.mCode && (rule.mString === '' || has(response, rule.mString));
  const eWhy = rule.eString
    ? `status ${status} = e_code and body contains e_string ${quote(rule.eString)}`
    : `status ${status} = e_code`;
  const mWhy = rule.mString
    ? `status ${status} = m_code and body contains m_string ${quote(rule.mString)}`
    : `status ${status} = m_code`;
  if (eHit && mHit) {
    if (rule.mString === '' && rule.eString !== '') return found('whatsmyname', eWhy);
    if (rule.eString === '' && rule.mString !== '') return notFound('whatsmyname', mWhy);
    return unknown('whatsmyname', 'unexpected_response', `body matches both e_string and m_string (status ${status})`);
  }
  if (eHit) {
    // A generic e_string (markup or a common word) is on most pages: it needs the username there too.
    if (rule.eString !== '' && isWeakMarker(rule.eString) && !namesUsername(response, username)) {
      return unknown(
        'whatsmyname',
        'unexpected_response',
        `status ${status} = e_code, but e_string ${quote(rule.eString)} is on most pages and the page does not name the username`,
      );
    }
    return rule.eString === '' ? weakFound('whatsmyname', eWhy) : found('whatsmyname', eWhy);
  }
  if (mHit) return notFound('whatsmyname', mWhy);
  if (status !== rule.eCode && status !== rule.mCode) {
    return unknown(
      'whatsmyname',
      'http_error',
      `status ${status} is neither e_code ${rule.eCode} nor m_code ${rule.mCode}`,
    );
  }
  return unknown(
    'whatsmyname',
    'unexpected_response',
    `status ${status} matches a code but the body lacks ${status === rule.eCode ? 'e_string' : 'm_string'}`,
  );
}
