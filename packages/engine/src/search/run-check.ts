import type { CheckRequest, CheckResponse, RuleOutcome, SiteCheck } from '../model.ts';
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

  constructor(
    private readonly transport: Transport,
    private readonly options: SendOptions,
  ) {}

  send(request: CheckRequest): Promise<SendResult> {
    const key = JSON.stringify([request.method, request.url, request.headers, request.body, request.followRedirects]);
    let result = this.pending.get(key);
    if (!result) {
      result = this.transport.send(request, this.options);
      this.pending.set(key, result);
      result.finally(() => this.pending.delete(key));
    }
    return result;
  }
}

/**
 * Runs one catalogue's check for one username: builds the request (or says why none is sent), sends it,
 * and judges the answer by that catalogue's rules. A body cut at the size cap is `too_large`, never
 * judged: the unread rest could hold the very marker that decides.
 */
export async function runCheck(check: SiteCheck, username: string, requests: RequestCache): Promise<CheckRun> {
  const prepared = prepareRequest(check, username);
  if (!prepared.ok) {
    return {
      outcome: { format: check.format, verdict: 'invalid', reason: prepared.reason, rule: prepared.detail },
      elapsedMs: 0,
      notes: [],
    };
  }
  const sent = await requests.send(prepared.request);
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
