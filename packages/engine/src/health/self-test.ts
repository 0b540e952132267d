import type { CheckHealth, SearchProgress, Site, SiteCheck, SiteHealth, Verdict } from '../model.ts';
import { prepareRequest } from '../rules/prepare-request.ts';
import { answerKind, answerShape } from '../search/answer-shape.ts';
import { type ControlProbes, knownName } from '../search/control-probe.ts';
import { linkedAbort } from '../search/linked-abort.ts';
import { type CheckRun, RequestCache, runCheck } from '../search/run-check.ts';
import type { Transport } from '../transport/index.ts';
import { type AnswerSignature, foundSignature, isOwnMissingAnswer, signatureOf } from './baseline.ts';
import { randomUsername } from './random-username.ts';

export interface SelfTestOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SearchProgress) => void;
  /** Known-claimed usernames tried per check. @default 2 */
  claimedPerCheck?: number;
  /** Per-check budget in ms. @default the transport's */
  timeoutMs?: number;
  now?: () => Date;
  /** Where the probes' answers are kept as the checks' controls (decision 127: the self-test keeps them warm). */
  controls?: ControlProbes;
}

interface Probe {
  username: string;
  expect: Verdict;
  /** How the probe reads in a reason, e.g. `claimed "blue"`. */
  label: string;
}

/**
 * The probes' answers are the check's controls for the searches after the self-test (decision 127): the
 * never-registered name's is its `random` control, the first known name's its `known` one; each vouches
 * for the other's kind of answer (a not-found answer like the random name's is judged beside the known
 * account's, a profile like the known account's beside the random name's), so a warm search sends none.
 */
function keepControls(check: SiteCheck, probes: readonly Probe[], runs: readonly CheckRun[], controls: ControlProbes) {
  const known = knownName(check);
  const kinds: { found: string[]; missing: string[] } = { found: [], missing: [] };
  runs.forEach((run, i) => {
    const probe = probes[i] as Probe;
    if (probe.expect === 'not_found') controls.record(check, 'random', probe.username, run);
    else if (probe.username === known) controls.record(check, 'known', probe.username, run);
    if (run.response && run.outcome.verdict === probe.expect) {
      const kind = answerKind(answerShape(run.response, probe.username));
      (probe.expect === 'found' ? kinds.found : kinds.missing).push(kind);
    }
  });
  for (const kind of kinds.found) controls.vouch(check, 'random', kind);
  for (const kind of kinds.missing) controls.vouch(check, 'known', kind);
}

/** A check the self-test can probe: HTTP-checkable and not disabled. */
function testable(check: SiteCheck): boolean {
  return !check.unsupported && !check.disabled;
}

/** The random name, or the catalogue's own unclaimed name when the site's pattern rejects the random one. */
function unclaimedProbe(check: SiteCheck): Probe | undefined {
  const random = randomUsername();
  if (prepareRequest(check, random).ok) return { username: random, expect: 'not_found', label: 'random username' };
  if (check.knownUnclaimed && prepareRequest(check, check.knownUnclaimed).ok) {
    return { username: check.knownUnclaimed, expect: 'not_found', label: `unclaimed "${check.knownUnclaimed}"` };
  }
  return undefined;
}

async function testCheck(
  check: SiteCheck,
  requests: RequestCache,
  claimedPerCheck: number,
  controls: ControlProbes | undefined,
): Promise<CheckHealth | undefined> {
  const probes: Probe[] = check.knownClaimed
    .slice(0, claimedPerCheck)
    .map((username) => ({ username, expect: 'found' as const, label: `claimed "${username}"` }));
  const unclaimed = unclaimedProbe(check);
  if (unclaimed) probes.push(unclaimed);
  if (probes.length === 0) return undefined;
  const runs = await Promise.all(probes.map((probe) => runCheck(check, probe.username, requests)));
  if (controls) keepControls(check, probes, runs, controls);
  const failures: string[] = [];
  const founds: AnswerSignature[] = [];
  let notFound: AnswerSignature | undefined;
  /** The never-registered name got a 400-like answer with the site's own page (decision 105). */
  let ownMissing: AnswerSignature | undefined;
  let undecided = 0;
  runs.forEach((run, i) => {
    const probe = probes[i] as Probe;
    const verdict = run.outcome.verdict;
    if (verdict === probe.expect && run.response) {
      const signature = signatureOf(run.response, probe.username);
      if (verdict === 'found') founds.push(signature);
      else notFound = signature;
    }
    const response = run.response;
    if (probe.expect === 'not_found' && response && isOwnMissingAnswer(response, run.outcome.reason, probe.username)) {
      ownMissing = signatureOf(response, probe.username);
    } else if (verdict === 'unknown' || verdict === 'invalid') undecided++;
    else if (verdict !== probe.expect) {
      const soft404 = probe.expect === 'not_found' ? ' (the site says "exists" for any name: soft-404)' : '';
      failures.push(`${probe.label} judged ${verdict}, expected ${probe.expect}${soft404}`);
    }
  });
  // The baseline: what this site's right answers looked like (decision 100); none from a broken check.
  // A 400-like answer is the site's not-found answer only beside a claimed profile that was found.
  if (ownMissing && founds.length > 0) notFound = ownMissing;
  else if (ownMissing) undecided++;
  const found = foundSignature(founds, notFound);
  const baseline =
    failures.length === 0 && (found || notFound)
      ? {
          url: check.request.url,
          ...(found ? { found } : {}),
          ...(notFound ? { notFound } : {}),
          takenAt: new Date().toISOString(),
        }
      : undefined;
  return {
    format: check.format,
    name: check.name,
    reliable: failures.length === 0,
    ...(failures.length > 0 ? { reason: failures.join('; ') } : {}),
    ...(undecided > 0 ? { undecided } : {}),
    ...(baseline ? { baseline } : {}),
  };
}

/**
 * The health self-test (docs/decisions/034-health-self-test.md): for every testable check of every site,
 * its known-claimed usernames must be `found` and a fresh random username `not_found`. A check whose
 * probe gets the opposite verdict is unreliable; `unknown` probes (timeouts, WAF, 429) count as
 * undecided and never mark a check unreliable on their own — the site may be fine, the path to it not.
 * A site is unreliable when none of its tested checks is reliable.
 */
export async function runSelfTest(
  sites: readonly Site[],
  transport: Transport,
  options: SelfTestOptions = {},
): Promise<SiteHealth[]> {
  const { controller: stop, release } = linkedAbort(options.signal);
  const requests = new RequestCache(transport, {
    group: 'self-test',
    signal: stop.signal,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const claimedPerCheck = options.claimedPerCheck ?? 2;
  const checkedAt = (options.now ?? (() => new Date()))().toISOString();
  const candidates = sites.filter((site) => site.checks.some(testable));
  const total = candidates.length;
  let done = 0;
  try {
    return await Promise.all(
      candidates.map(async (site): Promise<SiteHealth> => {
        const tested = (
          await Promise.all(
            site.checks.filter(testable).map((c) => testCheck(c, requests, claimedPerCheck, options.controls)),
          )
        ).filter((c): c is CheckHealth => c !== undefined);
        options.onProgress?.({ done: ++done, total });
        const reliable = tested.length === 0 || tested.some((c) => c.reliable);
        const broken = tested.filter((c) => !c.reliable).map((c) => `${c.format} "${c.name}": ${c.reason}`);
        return {
          siteId: site.id,
          reliable,
          checkedAt,
          ...(broken.length > 0 ? { reason: broken.join(' | ') } : {}),
          checks: tested,
        };
      }),
    );
  } finally {
    release();
  }
}
