/**
 * The negative control of email checks (decision 131): how a check answers a never-registered address (a
 * random local part at the searched address's own domain, so that a domain-wide answer — a federated
 * domain, a refused provider — is caught too). A `registered` stands only when this control is not
 * registered as well. Kept per check and domain for a bounded time, and shared by the searches that ask
 * at once, so a burst of searches sends one control per check, not one each.
 */
import { randomUsername } from '../health/random-username.ts';
import type { Verdict } from '../model.ts';

export interface ControlAnswer {
  /** The never-registered address asked. */
  address: string;
  verdict: Verdict;
  rule: string;
  status?: number;
}

/** How long a decided control stands for its check: sites change their answers, but not by the minute. */
export const CONTROL_TTL_MS = 15 * 60_000;
/** At most this many remembered controls (checks × domains); the oldest go first. */
const MAX_KEPT = 20_000;

export class EmailControls {
  private readonly decided = new Map<string, { answer: ControlAnswer; at: number }>();
  private readonly pending = new Map<string, Promise<ControlAnswer>>();

  constructor(
    private readonly ttlMs = CONTROL_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A fresh never-registered address at this domain. */
  static address(domain: string): string {
    return `${randomUsername(14)}@${domain}`;
  }

  /**
   * The check's control at this domain: the remembered one while fresh, the one already on its way, or a
   * new one asked by `ask`. Only a decided answer (registered or not) is remembered: an error or a
   * challenge is asked again next time.
   */
  answer(checkId: string, domain: string, ask: (address: string) => Promise<ControlAnswer>): Promise<ControlAnswer> {
    const key = `${checkId}\n${domain}`;
    const kept = this.decided.get(key);
    if (kept && this.now() - kept.at < this.ttlMs) return Promise.resolve(kept.answer);
    const pending = this.pending.get(key);
    if (pending) return pending;
    const asked = ask(EmailControls.address(domain))
      .then((answer) => {
        if (answer.verdict === 'found' || answer.verdict === 'not_found') {
          this.decided.delete(key);
          this.decided.set(key, { answer, at: this.now() });
          if (this.decided.size > MAX_KEPT) this.decided.delete(this.decided.keys().next().value!);
        }
        return answer;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, asked);
    return asked;
  }
}
