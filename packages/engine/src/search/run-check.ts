import { baselineMismatch, type CheckBaseline, checkKey, isOwnMissingAnswer, isOwnTitle } from '../health/baseline.ts';
import type { CheckMirror, CheckRequest, CheckResponse, Reason, RuleOutcome, SiteCheck } from '../model.ts';
import { judge } from '../rules/judge.ts';
import { needsWholeBody, ruleNeedles } from '../rules/needles.ts';
import { sameSite } from '../rules/outcome.ts';
import { prepareRequest } from '../rules/prepare-request.ts';
import { header } from '../rules/redirect.ts';
import type { SendOptions, SendResult, Transport } from '../transport/index.ts';
import { stripChars } from '../username/strip.ts';
import { answerKind, answerShape, sameAnswer } from './answer-shape.ts';
import { type ControlAnswer, type ControlProbes, isKnownName, knownName } from './control-probe.ts';
import { jsonShape, jsonShapeDifference } from './json-shape.ts';

/** What a search (not the self-test) checks a decision against (decision 100). */
export interface SearchGuards {
  /** Control probes for weak founds. */
  controls: ControlProbes;
  /** The self-test's baselines by `checkKey`; empty before the first self-test. */
  baselines: ReadonlyMap<string, CheckBaseline>;
}

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
  private readonly pending = new Map<string, { result: Promise<SendResult>; needles?: Set<string> }>();

  /** Each check's time budget in ms, retries and mirrors included. */
  readonly budgetMs: number;

  /** How far a long body is read (searched, not kept). */
  get scanLimitBytes(): number {
    return this.transport.options.maxScanBytes;
  }

  constructor(
    private readonly transport: Transport,
    private readonly options: SendOptions,
    /** Baselines and control probes (searches only: the self-test is what takes them). */
    readonly guards?: SearchGuards,
  ) {
    this.budgetMs = options.timeoutMs ?? transport.options.timeoutMs;
  }

  /**
   * Sends `request` (or joins the identical one in flight); `timeoutMs` narrows the budget, `maxBodyBytes`
   * narrows the read (a confirmation that needs only the start of a page).
   */
  send(
    request: CheckRequest,
    timeoutMs?: number,
    maxBodyBytes?: number,
    scanFor?: readonly string[],
  ): Promise<SendResult> {
    // The whole request is the key (prepareRequest builds every one with the same field order), so a
    // field added to CheckRequest can never be left out of it; a narrower read is another request.
    const key = maxBodyBytes === undefined ? JSON.stringify(request) : `${JSON.stringify(request)} ${maxBodyBytes}`;
    const joined = this.pending.get(key);
    if (joined) {
      // Checks that share a request (merged catalogues) share the scan of a long body: the set is read
      // only once the kept part is full, long after every check of the site has joined.
      for (const needle of scanFor ?? []) joined.needles?.add(needle);
      return joined.result;
    }
    const needles = scanFor ? new Set(scanFor) : undefined;
    const options = {
      ...this.options,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
      ...(needles ? { scanFor: needles } : {}),
    };
    const result = this.transport.send(request, options);
    this.pending.set(key, { result, ...(needles ? { needles } : {}) });
    result.finally(() => this.pending.delete(key));
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
  'region_blocked',
  'blocked_address', // a lapsed mirror domain pointing inwards says nothing of the others
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
  const guards = requests.guards;
  const startedAt = guards?.controls.clock() ?? 0;
  const { run, server } = await runWithMirrors(check, username, requests);
  if (!guards) return run;
  const baselined = againstBaseline(check, username, run, guards.baselines);
  // The known account's control starts once the target has answered, and only for a verdict that rests on
  // absence (decision 160): it then rides the target's kept-alive connection instead of opening a second
  // one beside it (a TLS handshake each: what a first search's wall time went on), and an undecided target
  // (a timeout, a wall) sends none. Decision 127 started it with the target's request for status rules.
  const known = restsOnAbsence(baselined.outcome)
    ? knownControl(check, server, username, requests, guards.controls)
    : undefined;
  // A search for the known account is that check's known-account control for the searches after it.
  if (known === KNOWN_ITSELF) guards.controls.record(check, 'known', username, run);
  const judged = await againstOwnShape(check, baselined, known, guards);
  const checked = await againstKnown(check, server, username, judged, known, requests, startedAt);
  return settleFound(check, server, username, checked, requests, startedAt);
}

const KNOWN_ITSELF = 'the name searched is the known account itself';

/** The known account's control, or why there is none (the target is that account, or the catalogue names none). */
function knownControl(
  check: SiteCheck,
  server: SiteCheck,
  username: string,
  requests: RequestCache,
  controls: ControlProbes,
): Promise<ControlAnswer | undefined> | string {
  if (isKnownName(check, username)) return KNOWN_ITSELF;
  if (knownName(check) === undefined) return 'no known account in the catalogue to check the site against';
  const taken = controls.answer(check, (name) => runOnce(server, name, requests, undefined, true), 'known');
  // Not awaited when the target's verdict needs no control; never an unhandled rejection.
  taken.catch(() => undefined);
  return taken;
}

/** The target's answer is the control's, each name masked (answer-shape.ts); only computed when verdicts differ. */
function sameAsControl(control: ControlAnswer, run: CheckRun, username: string): boolean {
  return (
    control.shape !== undefined &&
    run.response !== undefined &&
    sameAnswer(control.shape, answerShape(run.response, username))
  );
}

/** A verdict that rests on a status or a missing marker: a `not_found`, or a weak `found`. */
function restsOnAbsence(outcome: RuleOutcome): boolean {
  return outcome.verdict === 'not_found' || (outcome.verdict === 'found' && outcome.weak === true);
}

/**
 * A positive control (decision 127): a `not_found` or a weak `found` stands only when the site answers
 * its known account `found`. When the known account gets the same answer (same verdict, or the same page
 * once each name is masked), the site is not answering about users right now: `unknown`
 * `site_not_answering`, both answers in the rule. An undecided control makes it `unknown` with the control's
 * reason (decision 160); a catalogue that names no known account leaves the verdict as the rules gave it, noted.
 */
async function againstKnown(
  check: SiteCheck,
  server: SiteCheck,
  username: string,
  run: CheckRun,
  known: Promise<ControlAnswer | undefined> | string | undefined,
  requests: RequestCache,
  startedAt: number,
): Promise<CheckRun> {
  if (known === undefined || !restsOnAbsence(run.outcome)) return run;
  if (typeof known === 'string') {
    return known.startsWith('no known') ? { ...run, notes: [...run.notes, known] } : run;
  }
  const controls = (requests.guards as SearchGuards).controls;
  let control = await known;
  // A cached control speaks only for answers like those judged beside it: a not-found answer of a kind it
  // has not seen (another status, type or title: the site changed, or this is not its page) takes a new one.
  const kind =
    run.outcome.verdict === 'not_found' && run.response ? answerKind(answerShape(run.response, username)) : undefined;
  if (control && kind !== undefined && control.at < startedAt && !controls.vouchesFor(check, 'known', kind)) {
    control = await controls.retake(check, (name) => runOnce(server, name, requests, undefined, true), 'known');
  }
  if (control === undefined) return { ...run, notes: [...run.notes, 'no known-account control (cancelled)'] };
  const { verdict, rule } = run.outcome;
  // A not-found page the known account gets too, or a weak found where the known account is missing.
  const sameShape = verdict === 'not_found' && control.verdict !== verdict && sameAsControl(control, run, username);
  const theirs = `the known account "${control.username}" got ${control.verdict}: ${control.rule}`;
  if (kind !== undefined && (control.verdict === 'found' || control.verdict === 'not_found')) {
    controls.vouch(check, 'known', kind);
  }
  if (control.verdict === 'not_found' || sameShape) {
    return {
      ...run,
      outcome: {
        format: check.format,
        verdict: 'unknown',
        reason: 'site_not_answering',
        rule: `${verdict}: ${rule}; but ${theirs}${sameShape ? ' (the same page, names masked)' : ''}`,
      },
    };
  }
  if (control.verdict === 'found') {
    return { ...run, outcome: { ...run.outcome, rule: `${rule}; the known account "${control.username}" is found` } };
  }
  // Undecided (a timeout, a wall): the site did not show, at about the same time, that it tells a real
  // account from a missing one, so the verdict does not stand (decision 160; 127 let it stand, noted).
  return undecided(check, run, `the known account "${control.username}"`, control);
}

/** Control outcomes that are no answer from the site at all. */
const NO_ANSWER = new Set<Reason | undefined>([
  'timeout',
  'network',
  'dns',
  'tls',
  'cancelled',
  'rate_limited',
  undefined,
]);

/** A verdict whose control got no answer of its own: `unknown` with the control's reason, both answers kept. */
function undecided(check: SiteCheck, run: CheckRun, who: string, control: ControlAnswer): CheckRun {
  return {
    ...run,
    outcome: {
      format: check.format,
      verdict: 'unknown',
      reason: control.reason && control.reason !== 'cancelled' ? control.reason : 'site_not_answering',
      rule: `${run.outcome.verdict}: ${run.outcome.rule}; but the control for ${who} was undecided (${control.verdict}: ${control.rule})`,
    },
  };
}

/**
 * An answer whose media type or JSON shape is not that of the check's own answers of the same verdict
 * decides nothing (issue 37 item 3; decision 160), before any self-test too: a `found` is compared with
 * the known account's answer (in flight already when every found needs it, else only when one was taken),
 * a `not_found` with a never-registered name's answer when one was taken. Sends nothing of its own.
 */
async function againstOwnShape(
  check: SiteCheck,
  run: CheckRun,
  known: Promise<ControlAnswer | undefined> | string | undefined,
  guards: SearchGuards,
): Promise<CheckRun> {
  const { verdict } = run.outcome;
  if (!run.response || (verdict !== 'found' && verdict !== 'not_found')) return run;
  const own =
    verdict === 'found'
      ? known !== undefined && typeof known !== 'string'
        ? await known
        : guards.controls.peek(check, 'known')
      : guards.controls.peek(check, 'random');
  if (own?.shape === undefined || own.verdict !== verdict) return run;
  const type = header(run.response, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  const json = jsonShape(run.response);
  const why =
    own.shape.type && type && type !== own.shape.type
      ? `a ${type} answer`
      : own.shape.json && (json || run.response.method !== 'HEAD')
        ? jsonShapeDifference(own.shape.json, json, verdict === 'not_found')
        : undefined;
  if (why === undefined) return run;
  return {
    ...run,
    outcome: {
      format: check.format,
      verdict: 'unknown',
      reason: 'unfamiliar_answer',
      rule: `${run.outcome.rule}; but the answer is not of this check's own kind: ${why} (the ${own.kind === 'known' ? 'known account' : 'never-registered name'} "${own.username}" got ${own.shape.type ?? 'no type'}${own.shape.json ? ` ${JSON.stringify(own.shape.json)}` : ''})`,
    },
  };
}

/**
 * A rule decides only on an answer that looks like the site's own answer of that kind, as the self-test
 * last saw it (decision 100); anything else is `unknown` `unfamiliar_answer`. Without a baseline (before
 * the first self-test, or for a changed entry) the rules decide alone, and the evidence says so.
 */
function againstBaseline(
  check: SiteCheck,
  username: string,
  run: CheckRun,
  baselines: ReadonlyMap<string, CheckBaseline>,
): CheckRun {
  const { verdict } = run.outcome;
  if (verdict === 'unknown') return ownMissingAnswer(check, username, run, baselines) ?? run;
  if ((verdict !== 'found' && verdict !== 'not_found') || !run.response) return run;
  const baseline = baselines.get(checkKey(check));
  if (!baseline || baseline.url !== check.request.url) {
    return { ...run, notes: [...run.notes, 'no self-test baseline yet: judged by the rules alone'] };
  }
  const expected = verdict === 'found' ? baseline.found : baseline.notFound;
  if (!expected) return run;
  const why = baselineMismatch(expected, run.response, stripChars(username, check.stripChars), sameSite);
  if (why === undefined) return run;
  const what = verdict === 'found' ? 'profile' : 'not-found page';
  return {
    ...run,
    outcome: {
      format: check.format,
      verdict: 'unknown',
      reason: 'unfamiliar_answer',
      rule: `${run.outcome.rule}; but the answer does not look like this site's ${what}: ${why}`,
    },
  };
}

/**
 * A 400 or 422 answer the rules cannot read is `not_found` when it is exactly the site's own not-found
 * answer as the self-test recorded it for a never-registered name (decision 105): same status, site, type
 * and masked title, a title that is the site's own words and not a server's status line. Anything else —
 * and every such answer before the first self-test — stays `unknown` as the rules said.
 */
function ownMissingAnswer(
  check: SiteCheck,
  username: string,
  run: CheckRun,
  baselines: ReadonlyMap<string, CheckBaseline>,
): CheckRun | undefined {
  const name = stripChars(username, check.stripChars);
  if (!run.response || !isOwnMissingAnswer(run.response, run.outcome.reason, name)) return undefined;
  const baseline = baselines.get(checkKey(check));
  const expected = baseline?.url === check.request.url ? baseline.notFound : undefined;
  if (!expected || expected.status !== run.response.status || !isOwnTitle(expected.title)) return undefined;
  if (baselineMismatch(expected, run.response, name, sameSite) !== undefined) return undefined;
  return {
    ...run,
    outcome: {
      format: check.format,
      verdict: 'not_found',
      rule: `${run.outcome.rule}; but status ${expected.status} with the title ${JSON.stringify(expected.title)} is this site's own not-found answer (self-test baseline)`,
    },
  };
}

/**
 * A `found` holds only when a never-registered name is answered differently (decisions 100 and 127): when
 * the site answers it the same way (same verdict, or the same page once each name is masked) the result is
 * `unknown` `indistinguishable`. Every found takes it, not only those on a status or a missing marker:
 * catch-alls, search pages and empty API results carry presence words and echo the name (founds are few,
 * and the control is shared for CONTROL_TTL_MS). A cached control speaks only for found answers of a kind
 * already judged beside it; another kind takes a new one. An undecided control makes it `unknown` (decision 160).
 */
async function settleFound(
  check: SiteCheck,
  server: SiteCheck,
  username: string,
  run: CheckRun,
  requests: RequestCache,
  startedAt: number,
): Promise<CheckRun> {
  const { weak, ...outcome } = run.outcome;
  const settled = { ...run, outcome };
  if (outcome.verdict !== 'found' || !requests.guards) return settled;
  const controls = requests.guards.controls;
  const take = (name: string) => runOnce(server, name, requests, undefined, true);
  const kind = run.response ? answerKind(answerShape(run.response, username)) : undefined;
  let control = await controls.answer(check, take);
  if (control && kind !== undefined && control.at < startedAt && !controls.vouchesFor(check, 'random', kind)) {
    control = await controls.retake(check, take, 'random');
  }
  if (control === undefined) {
    return { ...settled, notes: [...run.notes, 'no control probe (no never-registered name fits the site)'] };
  }
  const sameShape = control.verdict !== 'found' && sameAsControl(control, run, username);
  // This kind of answer has now been judged beside this control, whichever way: the next one is not retaken.
  if (kind !== undefined && (control.verdict === 'found' || control.verdict === 'not_found')) {
    controls.vouch(check, 'random', kind);
  }
  if (control.verdict === 'found' || sameShape) {
    return {
      ...run,
      outcome: {
        format: check.format,
        verdict: 'unknown',
        reason: 'indistinguishable',
        rule: `${outcome.rule}; but a never-registered name ("${control.username}") is answered the same way: ${control.verdict}: ${control.rule}`,
      },
    };
  }
  if (control.verdict === 'not_found') {
    return { ...settled, outcome: { ...outcome, rule: `${outcome.rule}; a never-registered name is not found` } };
  }
  // A never-registered name the site did answer, another way (a redirect loop, an error page), is answered
  // differently: the found stands. Only no answer at all (a timeout, a dropped connection) leaves it open.
  if (!NO_ANSWER.has(control.reason)) {
    return { ...settled, notes: [...run.notes, `a never-registered name got another answer (${control.rule})`] };
  }
  // A found on the site's own presence marker stands when the never-registered name got no answer at all (a
  // loaded moment's timeout says nothing of the page); one that rests on a status or absence does not.
  if (weak !== true) {
    return { ...settled, notes: [...run.notes, `a never-registered name got no answer (${control.reason})`] };
  }
  return undecided(check, settled, `a never-registered name ("${control.username}")`, control);
}

/** The run, and the server that gave it (the main one, or the mirror that decided): its controls ask there too. */
async function runWithMirrors(
  check: SiteCheck,
  username: string,
  requests: RequestCache,
): Promise<{ run: CheckRun; server: SiteCheck }> {
  const main = await runOnce(check, username, requests);
  if (!check.mirrors || !MIRROR_REASONS.has(main.outcome.reason)) return { run: main, server: check };
  let spent = main.elapsedMs;
  const tried: string[] = [];
  for (const mirror of check.mirrors) {
    const left = requests.budgetMs - spent;
    if (left < MIN_MIRROR_BUDGET_MS) break;
    const server = onMirror(check, mirror);
    const run = await runOnce(server, username, requests, left);
    spent += run.elapsedMs;
    if (run.outcome.verdict === 'found' || run.outcome.verdict === 'not_found') {
      const note = `answered by the mirror ${mirror.base} (the main server: ${main.outcome.reason})`;
      return { run: { ...run, elapsedMs: spent, notes: [...main.notes, ...run.notes, note] }, server };
    }
    tried.push(`${mirror.base}: ${run.outcome.reason ?? run.outcome.verdict}`);
  }
  const note = tried.length > 0 ? [`mirrors failed too (${tried.join(', ')})`] : [];
  return { run: { ...main, elapsedMs: spent, notes: [...main.notes, ...note] }, server: check };
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
  control = false,
): Promise<CheckRun> {
  const prepared = prepareRequest(check, username);
  if (!prepared.ok) {
    return {
      outcome: { format: check.format, verdict: 'invalid', reason: prepared.reason, rule: prepared.detail },
      elapsedMs: 0,
      notes: [],
    };
  }
  const sent = await requests.send(prepared.request, timeoutMs, undefined, ruleNeedles(check, username));
  const base = { profileUrl: prepared.profileUrl, elapsedMs: sent.elapsedMs, notes: sent.notes };
  if (!sent.ok) {
    return {
      ...base,
      outcome: { format: check.format, verdict: 'unknown', reason: sent.error.code, rule: sent.error.detail },
    };
  }
  const response = sent.response;
  const tooLarge = (rule: string): CheckRun => ({
    ...base,
    response,
    outcome: { format: check.format, verdict: 'unknown', reason: 'too_large', rule },
  });
  if (response.truncated) {
    return tooLarge(
      `response body longer than the read limit (its strings searched up to ${Math.round(requests.scanLimitBytes / 1024)} KiB)`,
    );
  }
  if (response.seen && needsWholeBody(check)) {
    return tooLarge(
      `response body longer than the ${Math.round(response.body.length / 1024)} KiB kept, and the rule is a pattern`,
    );
  }
  const outcome = safeJudge(check, response, username);
  // A control's HEAD found is a witness, not a result: its GET confirmation would only add a request.
  if (prepared.request.method === 'HEAD' && outcome.verdict === 'found' && !control) {
    return confirmWithGet(check, prepared.request, username, requests, { ...base, response, outcome }, timeoutMs);
  }
  return { ...base, response, outcome };
}

function safeJudge(check: SiteCheck, response: CheckResponse, username: string): RuleOutcome {
  try {
    return judge(check, response, username);
  } catch (error) {
    return {
      format: check.format,
      verdict: 'unknown',
      reason: 'unexpected_response',
      rule: `the rules could not read the response: ${(error as Error).message}`,
    };
  }
}

/** Bytes of page a HEAD `found` is confirmed with: enough for any challenge or wall page's telltales. */
export const CONFIRM_READ_BYTES = 32 * 1024;

/**
 * A HEAD answer has no body, so a 200 challenge, wall or region block looks like a profile. A `found` from
 * a HEAD check is confirmed with a GET of the same URL whose first CONFIRM_READ_BYTES are read and judged
 * by the same rules: found stays found; anything else is `unknown` (docs/decisions/083-head-found-confirmed-by-get.md).
 */
async function confirmWithGet(
  check: SiteCheck,
  head: CheckRequest,
  username: string,
  requests: RequestCache,
  headRun: CheckRun,
  timeoutMs?: number,
): Promise<CheckRun> {
  const left = (timeoutMs ?? requests.budgetMs) - headRun.elapsedMs;
  const headRule = headRun.outcome.rule;
  const fail = (reason: Reason, rule: string, extra: Partial<CheckRun> = {}): CheckRun => ({
    ...headRun,
    ...extra,
    outcome: { format: check.format, verdict: 'unknown', reason, rule },
  });
  if (left < 100) return fail('timeout', `HEAD: ${headRule}; no time left to confirm it with a GET`);
  const sent = await requests.send({ ...head, method: 'GET' }, left, CONFIRM_READ_BYTES);
  const elapsedMs = headRun.elapsedMs + sent.elapsedMs;
  const notes = [...headRun.notes, ...sent.notes];
  if (!sent.ok) {
    return fail(sent.error.code, `HEAD: ${headRule}; the confirming GET failed: ${sent.error.detail}`, {
      elapsedMs,
      notes,
    });
  }
  const outcome = safeJudge(check, sent.response, username);
  const run = { ...headRun, response: sent.response, elapsedMs, notes };
  if (outcome.verdict === 'found') {
    return { ...run, outcome: { ...outcome, rule: `${headRule}; confirmed by GET (status ${sent.response.status})` } };
  }
  if (outcome.verdict === 'unknown') {
    return { ...run, outcome: { ...outcome, rule: `HEAD: ${headRule}; GET: ${outcome.rule}` } };
  }
  return {
    ...run,
    outcome: {
      format: check.format,
      verdict: 'unknown',
      reason: 'unexpected_response',
      rule: `HEAD: ${headRule}; but GET: ${outcome.rule}`,
    },
  };
}
