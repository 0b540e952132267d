/**
 * What changed for a watched username or address between runs (issue 39, decision 139). Pure: no clock, no
 * I/O — the server's watches and `hound NAME --compare` both feed it runs and keep what it returns.
 *
 * The rules, in order of importance:
 * - Only decided verdicts (`found` / `not_found`) move a site's state; `unknown` and `invalid` never do,
 *   they only count undecided runs. A site flapping between its answer and a block page says nothing.
 * - The first complete run is a silent baseline (one summary event).
 * - absent → present is only a candidate (`pending`) until a confirmation (the target again and a
 *   never-registered name) agrees: then `appeared`.
 * - present → absent needs `absentRuns` decided `not_found` runs in a row (undecided runs between them do not
 *   break the row; a `found` does).
 * - A run that did not complete moves nothing.
 * - A site first seen after the baseline, or first decided after it, starts silently.
 * - A site undecided for `undecidedLimit` runs in a row is reported once (`unwatchable`), and again when it
 *   can be checked (`watchable_again`).
 */
import type { EmailResult, SiteResult, Verdict } from '../model.ts';

export type WatchState = 'present' | 'absent' | 'unseen';
export type Decided = 'present' | 'absent';

/** One site's (or email check's) standing in a watch. Timestamps are ISO strings. */
export interface WatchSiteState {
  state: WatchState;
  /** When `state` last changed. */
  since: string;
  /** Last decided verdict's time; null while never decided. */
  lastDecidedAt: string | null;
  /** A decided verdict that differs from `state`, waiting for confirmation. */
  pending: Decided | null;
  pendingSince: string | null;
  /** Decided runs in a row that agreed with `pending`. */
  pendingRuns: number;
  /** Undecided runs in a row since the last decided verdict. */
  undecidedRuns: number;
  /** `unwatchable` was emitted and `watchable_again` not yet. */
  unwatchable: boolean;
  lastReason: string | null;
  /** The profile's address (the last decided one). */
  url: string | null;
  /** Display name of the site. */
  name: string;
}

/** One site's verdict in a run. */
export interface WatchObservation {
  /** Stable key: the site id (username watches) or the check id (email watches). */
  key: string;
  name: string;
  verdict: Verdict;
  reason?: string;
  url?: string;
  /** How the verdict was reached (the rule), for the event's evidence. */
  rule?: string;
  status?: number;
}

/** An engine result (a site's, keyed by site id, or an email check's, keyed by check id) as the diff reads it. */
export function observationOf(result: SiteResult | EmailResult): WatchObservation {
  return {
    key: 'siteId' in result ? result.siteId : result.checkId,
    name: result.name,
    verdict: result.verdict,
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.url ? { url: result.url } : {}),
    rule: result.evidence.rule,
    ...(result.evidence.status !== undefined ? { status: result.evidence.status } : {}),
  };
}

export type WatchEventType =
  | 'baseline'
  | 'appeared'
  | 'disappeared'
  | 'unwatchable'
  | 'watchable_again'
  | 'newly_covered'
  | 'new_breach';

/** Events that are sent at once; every other goes to the digest. */
export const IMMEDIATE_EVENTS: ReadonlySet<WatchEventType> = new Set(['appeared', 'new_breach']);

export interface WatchEventDraft {
  type: WatchEventType;
  /** The site's key (absent for run-wide events: baseline, newly covered, breaches). */
  site?: string;
  siteName?: string;
  /** Small, display-ready facts: never page content or breach data beyond names. */
  detail: Record<string, unknown>;
}

export interface WatchRules {
  /** Undecided runs in a row before `unwatchable` (7 for daily watches, 2 for weekly). */
  undecidedLimit: number;
  /** Decided `not_found` runs in a row before `disappeared`. */
  absentRuns: number;
}

export const DEFAULT_RULES: WatchRules = { undecidedLimit: 7, absentRuns: 2 };

export interface RunInput {
  /** Whether the run covered its sites (completed, and not mostly transport failures): see `isRunComplete`. */
  complete: boolean;
  at: string;
  observations: readonly WatchObservation[];
  /** The watch already has its baseline (a complete run happened before). */
  baselineDone: boolean;
}

export interface RunOutcome {
  /** Every site's state after the run (unchanged ones included). */
  states: Map<string, WatchSiteState>;
  /** Keys whose state record changed (what a store needs to write). */
  changed: Set<string>;
  events: WatchEventDraft[];
  /** Sites whose `found` differs from an `absent` state: confirm them (target and control) before telling. */
  confirm: string[];
  /** True when this run was the baseline. */
  baseline: boolean;
}

const DECIDED: Record<string, Decided | undefined> = { found: 'present', not_found: 'absent' };

/** Transport failures: when too many checks end this way the run did not really cover its sites. */
const TRANSPORT_REASONS = new Set(['timeout', 'network', 'dns', 'tls', 'cancelled']);
/** Share of transport failures above which a run is incomplete. */
export const INCOMPLETE_TRANSPORT_SHARE = 0.2;

/** A finished run counts only when it ran to the end and less than a fifth of its checks failed in transport. */
export function isRunComplete(finished: boolean, observations: readonly WatchObservation[]): boolean {
  if (!finished || observations.length === 0) return false;
  const transport = observations.filter((o) => o.verdict === 'unknown' && TRANSPORT_REASONS.has(o.reason ?? ''));
  return transport.length <= observations.length * INCOMPLETE_TRANSPORT_SHARE;
}

function fresh(o: WatchObservation, at: string): WatchSiteState {
  const decided = DECIDED[o.verdict];
  return {
    state: decided ?? 'unseen',
    since: at,
    lastDecidedAt: decided ? at : null,
    pending: null,
    pendingSince: null,
    pendingRuns: 0,
    undecidedRuns: decided ? 0 : 1,
    unwatchable: false,
    lastReason: decided ? null : (o.reason ?? o.verdict),
    url: decided && o.url ? o.url : null,
    name: o.name,
  };
}

function evidence(o: WatchObservation): Record<string, unknown> {
  return {
    ...(o.url ? { url: o.url } : {}),
    verdict: o.verdict,
    ...(o.rule ? { rule: o.rule } : {}),
    ...(o.status !== undefined ? { status: o.status } : {}),
  };
}

/** Applies one run to the states. Never mutates `previous`. */
export function applyRun(
  previous: ReadonlyMap<string, WatchSiteState>,
  run: RunInput,
  rules: WatchRules = DEFAULT_RULES,
): RunOutcome {
  const states = new Map(previous);
  const changed = new Set<string>();
  const events: WatchEventDraft[] = [];
  const confirm: string[] = [];
  if (!run.complete) return { states, changed, events, confirm, baseline: false };

  if (!run.baselineDone) {
    const counts = { found: 0, not_found: 0, undecided: 0 };
    for (const o of run.observations) {
      states.set(o.key, fresh(o, run.at));
      changed.add(o.key);
      if (o.verdict === 'found') counts.found++;
      else if (o.verdict === 'not_found') counts.not_found++;
      else counts.undecided++;
    }
    events.push({ type: 'baseline', detail: counts });
    return { states, changed, events, confirm, baseline: true };
  }

  const covered: string[] = [];
  for (const o of run.observations) {
    const before = states.get(o.key);
    if (!before) {
      // Added to the catalogues (or re-admitted by the self-test) after the baseline: silent.
      states.set(o.key, fresh(o, run.at));
      changed.add(o.key);
      covered.push(o.name);
      continue;
    }
    const s: WatchSiteState = { ...before, name: o.name };
    const decided = DECIDED[o.verdict];
    if (!decided) {
      s.undecidedRuns = before.undecidedRuns + 1;
      s.lastReason = o.reason ?? o.verdict;
      if (s.undecidedRuns >= rules.undecidedLimit && !s.unwatchable) {
        s.unwatchable = true;
        events.push({
          type: 'unwatchable',
          site: o.key,
          siteName: o.name,
          detail: { reason: s.lastReason, since: before.lastDecidedAt ?? before.since, runs: s.undecidedRuns },
        });
      }
      states.set(o.key, s);
      changed.add(o.key);
      continue;
    }
    if (s.unwatchable) {
      s.unwatchable = false;
      events.push({ type: 'watchable_again', site: o.key, siteName: o.name, detail: { verdict: o.verdict } });
    }
    s.undecidedRuns = 0;
    s.lastReason = null;
    s.lastDecidedAt = run.at;
    if (decided === 'present' && o.url) s.url = o.url;
    if (s.state === 'unseen') {
      // Never decided since it was first seen: its first decision is its baseline.
      Object.assign(s, { state: decided, since: run.at, pending: null, pendingSince: null, pendingRuns: 0 });
    } else if (decided === s.state) {
      Object.assign(s, { pending: null, pendingSince: null, pendingRuns: 0 });
    } else if (decided === 'present') {
      if (s.pending !== 'present') Object.assign(s, { pending: 'present', pendingSince: run.at, pendingRuns: 0 });
      s.pendingRuns++;
      confirm.push(o.key);
    } else {
      if (s.pending !== 'absent') Object.assign(s, { pending: 'absent', pendingSince: run.at, pendingRuns: 0 });
      s.pendingRuns++;
      if (s.pendingRuns >= rules.absentRuns) {
        events.push({
          type: 'disappeared',
          site: o.key,
          siteName: o.name,
          detail: { ...evidence(o), url: before.url ?? o.url, since: s.pendingSince, runs: s.pendingRuns },
        });
        Object.assign(s, { state: 'absent', since: run.at, pending: null, pendingSince: null, pendingRuns: 0 });
      }
    }
    states.set(o.key, s);
    changed.add(o.key);
  }
  if (covered.length > 0)
    events.push({ type: 'newly_covered', detail: { sites: covered.slice(0, 50), count: covered.length } });
  return { states, changed, events, confirm, baseline: false };
}

export interface ConfirmationInput {
  complete: boolean;
  at: string;
  /** The target name's verdicts on the sites being confirmed. */
  target: readonly WatchObservation[];
  /** A never-registered name's verdicts on the same sites. */
  control: readonly WatchObservation[];
}

/**
 * Confirms `pending: present` sites: `appeared` only when the target is still `found` and the control name
 * is `not_found` on the same site. A target now `not_found` drops the candidate; anything else leaves it for
 * the next run to decide.
 */
export function applyConfirmation(
  previous: ReadonlyMap<string, WatchSiteState>,
  input: ConfirmationInput,
): { states: Map<string, WatchSiteState>; changed: Set<string>; events: WatchEventDraft[] } {
  const states = new Map(previous);
  const changed = new Set<string>();
  const events: WatchEventDraft[] = [];
  if (!input.complete) return { states, changed, events };
  const control = new Map(input.control.map((o) => [o.key, o]));
  for (const o of input.target) {
    const before = states.get(o.key);
    if (before?.pending !== 'present') continue;
    const c = control.get(o.key);
    if (o.verdict === 'found' && c?.verdict === 'not_found') {
      events.push({
        type: 'appeared',
        site: o.key,
        siteName: o.name,
        detail: {
          ...evidence(o),
          first_seen: before.pendingSince,
          control: { verdict: c.verdict, ...(c.rule ? { rule: c.rule } : {}) },
        },
      });
      states.set(o.key, {
        ...before,
        state: 'present',
        since: input.at,
        lastDecidedAt: input.at,
        pending: null,
        pendingSince: null,
        pendingRuns: 0,
        url: o.url ?? before.url,
      });
      changed.add(o.key);
    } else if (o.verdict === 'not_found') {
      states.set(o.key, { ...before, lastDecidedAt: input.at, pending: null, pendingSince: null, pendingRuns: 0 });
      changed.add(o.key);
    }
  }
  return { states, changed, events };
}

/** A breach record's name (`Adobe · 2013-10-04 · …` → `Adobe`): the only part of a breach a watch keeps. */
export function breachName(data: string): string {
  return (data.split(' · ')[0] ?? '').trim().slice(0, 200);
}

/**
 * Breaches diff as a set of names (HIBP's own notify semantics). `current` null: the breach check did not
 * decide this run, nothing moves. `previous` null: no breach baseline yet, the current set is it, silently.
 */
export function diffBreaches(
  previous: readonly string[] | null,
  current: readonly string[] | null,
): { names: string[] | null; added: string[] } {
  if (current === null) return { names: previous ? [...previous] : null, added: [] };
  const now = [...new Set(current.filter(Boolean))].sort();
  if (previous === null) return { names: now, added: [] };
  const known = new Set(previous);
  const added = now.filter((name) => !known.has(name));
  // A name that left the record stays known: a breach that comes back is not news.
  return { names: [...new Set([...previous, ...now])].sort(), added };
}

/** The undecided-run limit for a cadence: a week of daily runs, or two weekly ones (runs per week, at least 2). */
export function undecidedLimitFor(cadenceHours: number): number {
  return Math.max(2, Math.min(7, Math.round((7 * 24) / cadenceHours)));
}

/** A state map from an earlier result list, as if that run had been the baseline (CLI: old exports). */
export function baselineFrom(observations: readonly WatchObservation[], at: string): Map<string, WatchSiteState> {
  return applyRun(new Map(), { complete: true, at, observations, baselineDone: false }).states;
}
