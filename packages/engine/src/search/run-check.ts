import type { CheckMirror, CheckRequest, CheckResponse, Reason, RuleOutcome, SiteCheck } from '../model.ts';
import { judge } from '../rules/judge.ts';
import { prepareRequest } from '../rules/prepare-request.ts';
import type { SendOptions, SendResult, Transport } from '../transport/index.ts';

/** One check's outcome plus what the evidence needs. */
export interface CheckRun {
  outcome: RuleOutcome;
  profileUrl?: string;
  response?: CheckResponse;
  elapsedMs: number;
  notes: string[];
}

/**
 * Sends each distinct request once per search: merged catalogues often describe the very same request
 * (same method, URL, headers, body), and each rule set judges the one response. Every check of a search
 * starts in the same tick, so an entry is needed only while its request is in flight; dropping it when it
 * settles keeps response bodies from piling up for the length of the search.
 */
export class RequestCache {
  private readonly pending = new Map<string, Promise<SendResult>>();

  /** Each check's time budget in ms, retries and mirrors included. */
  readonly budgetMs: number;

  constructor(
    private readonly transport: Transport,
    private readonly options: SendOptions,
  ) {
    this.budgetMs = options.timeoutMs ?? transport.options.timeoutMs;
  }

  /** Sends `request` (or joins the identical one in flight); `timeoutMs` narrows the budget. */
  send(request: CheckRequest, timeoutMs?: number): Promise<SendResult> {
    // The whole request is the key (prepareRequest builds every one with the same field order), so a
    // field added to CheckRequest can never be left out of it.
    const key = JSON.stringify(request);
    let result = this.pending.get(key);
    if (!result) {
      result = this.transport.send(request, timeoutMs === undefined ? this.options : { ...this.options, timeoutMs });
      this.pending.set(key, result);
      result.finally(() => this.pending.delete(key));
    }
    return result;
  }
}

/** Failures another server of the same site may not share, so a mirror is worth asking. */
const MIRROR_REASONS = new Set<Reason | undefined>([
  'timeout',
  'blocked',
  'rate_limited',
  'network',
  'dns',
  'tls',
  'http_error',
]);
/** A mirror is asked only while at least this much of the check's budget is left. */
const MIN_MIRROR_BUDGET_MS = 1_000;

/**
 * Runs one catalogue's check for one username: builds the request (or says why none is sent), sends it,
 * and judges the answer by that catalogue's rules. When the main server fails in a way another server
 * may not, the check's mirrors are asked in turn within what is left of the same time budget; the first
 * that decides (found or not found) gives the result, else the main server's failure stands.
 */
export async function runCheck(check: SiteCheck, username: string, requests: RequestCache): Promise<CheckRun> {
  const main = await runOnce(check, username, requests);
  if (!check.mirrors || !MIRROR_REASONS.has(main.outcome.reason)) return main;
  let spent = main.elapsedMs;
  const tried: string[] = [];
  for (const mirror of check.mirrors) {
    const left = requests.budgetMs - spent;
    if (left < MIN_MIRROR_BUDGET_MS) break;
    const run = await runOnce(onMirror(check, mirror), username, requests, left);
    spent += run.elapsedMs;
    if (run.outcome.verdict === 'found' || run.outcome.verdict === 'not_found') {
      const note = `answered by the mirror ${mirror.base} (the main server: ${main.outcome.reason})`;
      return { ...run, elapsedMs: spent, notes: [...main.notes, ...run.notes, note] };
    }
    tried.push(`${mirror.base}: ${run.outcome.reason ?? run.outcome.verdict}`);
  }
  const note = tried.length > 0 ? [`mirrors failed too (${tried.join(', ')})`] : [];
  return { ...main, elapsedMs: spent, notes: [...main.notes, ...note] };
}

function onMirror(check: SiteCheck, mirror: CheckMirror): SiteCheck {
  return { ...check, profileUrl: mirror.profileUrl, request: { ...check.request, url: mirror.url } };
}

/**
 * One attempt of a check on one server. A body cut at the size cap is `too_large`, never judged: the
 * unread rest could hold the very marker that decides.
 */
async function runOnce(
  check: SiteCheck,
  username: string,
  requests: RequestCache,
  timeoutMs?: number,
): Promise<CheckRun> {
  const prepared = prepareRequest(check, username);
  if (!prepared.ok) {
    return {
      outcome: { format: check.format, verdict: 'invalid', reason: prepared.reason, rule: prepared.detail },
      elapsedMs: 0,
      notes: [],
    };
  }
  const sent = await requests.send(prepared.request, timeoutMs);
  const base = { profileUrl: prepared.profileUrl, elapsedMs: sent.elapsedMs, notes: sent.notes };
  if (!sent.ok) {
    return {
      ...base,
      outcome: { format: check.format, verdict: 'unknown', reason: sent.error.code, rule: sent.error.detail },
    };
  }
  const response = sent.response;
  if (response.truncated) {
    return {
      ...base,
      response,
      outcome: {
        format: check.format,
        verdict: 'unknown',
        reason: 'too_large',
        rule: `response body larger than the ${Math.round(response.body.length / 1024)} KiB read cap`,
      },
    };
  }
  let outcome: RuleOutcome;
  try {
    outcome = judge(check, response, username);
  } catch (error) {
    outcome = {
      format: check.format,
      verdict: 'unknown',
      reason: 'unexpected_response',
      rule: `the rules could not read the response: ${(error as Error).message}`,
    };
  }
  return { ...base, response, outcome };
}
