import { combineOutcomes } from '../catalogue/combine-outcomes.ts';
import { type FactOptions, profileFacts } from '../facts/profile-facts.ts';
import type { Evidence, SiteResult } from '../model.ts';
import { isProfilePage } from '../username/profile-page.ts';
import { type CheckRun, type RequestCache, runCheck } from './run-check.ts';
import type { SelectedSite } from './select-sites.ts';

/**
 * One site's result for one username: every selected catalogue check runs in parallel and their
 * outcomes are combined (agreement strengthens, disagreement is `unknown` `conflict`).
 */
export async function checkSite(
  selected: SelectedSite,
  username: string,
  requests: RequestCache,
  facts?: FactOptions,
): Promise<SiteResult> {
  const { site, checks } = selected;
  const runs = await Promise.all(checks.map((check) => runCheck(check, username, requests)));
  const combined = combineOutcomes(runs.map((run) => run.outcome));
  // Evidence comes from a run whose verdict won, else the first run that got an answer.
  const deciding =
    runs.find((run) => run.outcome.verdict === combined.verdict && combined.agreed.includes(run.outcome.format)) ??
    runs.find((run) => run.response) ??
    (runs[0] as CheckRun);
  const notes = [...new Set(runs.flatMap((run) => run.notes))];
  const detail = [combined.detail, ...notes].filter(Boolean).join('; ');
  const evidence: Evidence = {
    rule: combined.rule,
    elapsedMs: Math.max(...runs.map((run) => run.elapsedMs)),
    agreed: combined.agreed,
    ...(deciding.response ? { status: deciding.response.status, finalUrl: deciding.response.finalUrl } : {}),
    ...(runs.length > 1 ? { outcomes: combined.outcomes } : {}),
    ...(detail ? { detail } : {}),
  };
  // The deciding catalogue's profile address, unless it is an API or the home page and another's is a page.
  const urls = [deciding, ...runs].flatMap((run) => (run.profileUrl ? [run.profileUrl] : []));
  // One address (a single check, or checks that agree on it) is the answer without parsing it.
  const url = urls.every((u) => u === urls[0])
    ? (urls[0] ?? '')
    : (urls.find((u) => isProfilePage(u, username)) ?? urls[0] ?? '');
  // Facts only for a found profile, read after the verdict is settled: they never change it, and an
  // `unknown` (conflict, block, unfamiliar answer) keeps none.
  const found =
    facts && combined.verdict === 'found'
      ? await profileFacts(site, username, url, deciding.response, requests, facts).catch(() => [])
      : [];
  return {
    siteId: site.id,
    name: site.name,
    url,
    category: site.category,
    tags: site.tags,
    verdict: combined.verdict,
    ...(combined.reason ? { reason: combined.reason } : {}),
    evidence,
    ...(found.length > 0 ? { facts: found } : {}),
  };
}
