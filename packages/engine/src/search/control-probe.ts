import { randomUsername } from '../health/random-username.ts';
import type { RuleOutcome, SiteCheck } from '../model.ts';
import { prepareRequest } from '../rules/prepare-request.ts';
import type { Transport } from '../transport/index.ts';

/** What a never-registered name got from a check, as far as a weak `found` needs to know. */
export interface ControlAnswer {
  /** The control name's verdict (`found`: the site answers any name this way). */
  verdict: RuleOutcome['verdict'];
  rule: string;
  username: string;
  /** When the answer was taken (ms since the epoch). */
  at: number;
}

/** How long a control answer speaks for its check, across searches. */
export const CONTROL_TTL_MS = 10 * 60_000;
/** Entries kept at most (oldest dropped first): one small record per weak-rule check. */
const MAX_ENTRIES = 20_000;

export interface ControlCounts {
  /** Control requests started (one per check per TTL, whatever the number of searches). */
  sent: number;
  /** Weak founds answered from a control already taken or in flight. */
  shared: number;
}

/**
 * Control probes for weak rules (docs/decisions/100-unknown-on-unlisted-pages.md): a `found` that rests
 * only on a status or on a missing "no such user" marker is checked against a random never-registered
 * name on the same check. One control per check per CONTROL_TTL_MS, shared by every search on the same
 * transport (in flight too); a control cut off by a cancelled search is not kept.
 */
export class ControlProbes {
  private readonly entries = new Map<string, Promise<ControlAnswer | undefined>>();
  readonly counts: ControlCounts = { sent: 0, shared: 0 };

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The control answer for `check`, taking it with `run` (the check's own run for one username) when none
   * is fresh. Undefined when no control name fits the site's username rules or the probe was cancelled.
   */
  answer(check: SiteCheck, run: (username: string) => Promise<RuleOutcome>): Promise<ControlAnswer | undefined> {
    const key = keyOf(check);
    const cached = this.entries.get(key);
    if (cached) {
      return cached.then((answer) => {
        if (answer && this.now() - answer.at <= CONTROL_TTL_MS) {
          this.counts.shared++;
          return answer;
        }
        if (this.entries.get(key) === cached) this.entries.delete(key);
        return this.answer(check, run);
      });
    }
    const username = controlName(check);
    if (username === undefined) return Promise.resolve(undefined);
    this.counts.sent++;
    const taken = run(username).then(
      (outcome): ControlAnswer | undefined =>
        outcome.reason === 'cancelled'
          ? undefined
          : { verdict: outcome.verdict, rule: outcome.rule, username, at: this.now() },
      () => undefined,
    );
    this.entries.set(key, taken);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    // A cancelled or failed control is not shared: the next weak found takes a new one.
    void taken.then((answer) => {
      if (answer === undefined && this.entries.get(key) === taken) this.entries.delete(key);
    });
    return taken;
  }
}

/** A check is its catalogue entry: same format, name and request template. */
function keyOf(check: SiteCheck): string {
  return `${check.format}\u0000${check.name}\u0000${check.request.method} ${check.request.url}`;
}

/** A random name the check accepts (its username pattern), else its catalogue's unclaimed name. */
function controlName(check: SiteCheck): string | undefined {
  const random = randomUsername();
  if (prepareRequest(check, random).ok) return random;
  if (check.knownUnclaimed && prepareRequest(check, check.knownUnclaimed).ok) return check.knownUnclaimed;
  return undefined;
}

const perTransport = new WeakMap<Transport, ControlProbes>();

/** The control probes shared by every search on `transport` (one transport per engine or search thread). */
export function controlProbesFor(transport: Transport): ControlProbes {
  let probes = perTransport.get(transport);
  if (!probes) {
    probes = new ControlProbes();
    perTransport.set(transport, probes);
  }
  return probes;
}
