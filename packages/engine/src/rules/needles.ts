import type { SiteCheck } from '../model.ts';
import { stripChars } from '../username/strip.ts';
import type { CheckRule, HoundMatcher } from './types.ts';

/**
 * The strings a check's rules look for in a body, plus the username: what is searched for in the part of
 * a long page that is read but not kept (docs/decisions/084-long-pages-and-weak-markers.md).
 */
export function ruleNeedles(check: SiteCheck, username: string): string[] {
  const rule = check.rule as CheckRule | undefined;
  const needles = [stripChars(username, check.stripChars)];
  switch (rule?.kind) {
    case 'sherlock':
      needles.push(...rule.errorMsgs);
      break;
    case 'maigret':
      needles.push(...rule.presenceStrs, ...rule.absenceStrs, ...Object.keys(rule.errors));
      break;
    case 'whatsmyname':
      needles.push(rule.eString, rule.mString);
      break;
    case 'hound':
      for (const side of [rule.found, rule.notFound]) {
        if (side === 'otherwise') continue;
        needles.push(...(side.bodyIncludesAll ?? []), ...(side.bodyIncludesAny ?? []), ...(side.bodyExcludes ?? []));
      }
      needles.push(...Object.keys(rule.errors));
      break;
  }
  return needles.filter((n) => n !== '');
}

/** True when the rules need the whole body, not only strings in it (a Hound pattern). */
export function needsWholeBody(check: SiteCheck): boolean {
  const rule = check.rule as CheckRule | undefined;
  if (rule?.kind !== 'hound') return false;
  return [rule.found, rule.notFound].some((m) => m !== 'otherwise' && (m as HoundMatcher).bodyMatches !== undefined);
}
