/**
 * The negative control of email checks (decision 131): how a check answers a never-registered address (a
 * random local part at the searched address's own domain, so that a domain-wide answer — a federated
 * domain, a refused provider — is caught too). A `registered` stands only when this control is not
 * registered as well. Kept per check and domain for a bounded time, and shared by the searches that ask
 * at once, so a burst of searches sends one control per check, not one each.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
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
/** At most this many controls saved across runs (the newest): the bundled catalogue at ~20 domains. */
const MAX_SAVED = 5_000;

/**
 * A control as `<dataDir>/email-controls.json` keeps it (decision 162): the searched domain is personal
 * (a person's own domain names them), so the file holds neither it nor any searched address — the key is
 * a hash of check and domain, and the control's random local part is joined to the domain again when a
 * search of that domain asks.
 */
export interface SavedEmailControl {
  local: string;
  verdict: 'found' | 'not_found';
  rule: string;
  status?: number;
  at: number;
}

function savedKey(checkId: string, domain: string): string {
  return createHash('sha256').update(`${checkId}\n${domain}`).digest('hex').slice(0, 32);
}

function isSaved(value: unknown): value is SavedEmailControl {
  const v = value as Partial<SavedEmailControl> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.local === 'string' &&
    /^[a-z0-9]{1,64}$/.test(v.local) &&
    (v.verdict === 'found' || v.verdict === 'not_found') &&
    typeof v.rule === 'string' &&
    typeof v.at === 'number' &&
    Number.isFinite(v.at) &&
    (v.status === undefined || Number.isInteger(v.status))
  );
}

export class EmailControls {
  private readonly decided = new Map<string, { answer: ControlAnswer; at: number }>();
  private readonly pending = new Map<string, Promise<ControlAnswer>>();
  /** Controls restored from an earlier run, by saved key, until a search of their domain takes them. */
  private readonly restored = new Map<string, SavedEmailControl>();

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
    this.takeRestored(key, checkId, domain);
    const kept = this.decided.get(key);
    if (kept && this.fresh(kept.at)) return Promise.resolve(kept.answer);
    const pending = this.pending.get(key);
    if (pending) return pending;
    const asked = ask(EmailControls.address(domain))
      .then((answer) => {
        if (answer.verdict === 'found' || answer.verdict === 'not_found') this.keep(key, answer, this.now());
        return answer;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, asked);
    return asked;
  }

  /** The fresh decided controls, newest last, at most MAX_SAVED, in the form the data dir keeps. */
  snapshot(): Record<string, SavedEmailControl> {
    const entries: Array<[string, SavedEmailControl]> = [];
    for (const [key, saved] of this.restored) if (this.fresh(saved.at)) entries.push([key, saved]);
    for (const [key, { answer, at }] of this.decided) {
      if (!this.fresh(at) || (answer.verdict !== 'found' && answer.verdict !== 'not_found')) continue;
      const [checkId, domain] = key.split('\n') as [string, string];
      const local = answer.address.slice(0, answer.address.lastIndexOf('@'));
      entries.push([
        savedKey(checkId, domain),
        {
          local,
          verdict: answer.verdict,
          rule: answer.rule.slice(0, 500),
          ...(answer.status !== undefined ? { status: answer.status } : {}),
          at,
        },
      ]);
    }
    entries.sort((a, b) => a[1].at - b[1].at);
    return Object.fromEntries(entries.slice(-MAX_SAVED));
  }

  /** Takes back a snapshot's controls; stale, malformed and surplus entries are left out. */
  restore(saved: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(saved)) {
      if (!/^[0-9a-f]{32}$/.test(key) || !isSaved(value) || !this.fresh(value.at)) continue;
      this.restored.set(key, { ...value, rule: value.rule.slice(0, 500) });
      if (this.restored.size > MAX_SAVED) this.restored.delete(this.restored.keys().next().value!);
    }
  }

  private takeRestored(key: string, checkId: string, domain: string): void {
    if (this.restored.size === 0) return;
    const hashed = savedKey(checkId, domain);
    const saved = this.restored.get(hashed);
    if (!saved) return;
    this.restored.delete(hashed);
    if (!this.fresh(saved.at) || this.decided.has(key)) return;
    const { local, at, ...rest } = saved;
    this.keep(key, { address: `${local}@${domain}`, ...rest }, at);
  }

  private keep(key: string, answer: ControlAnswer, at: number): void {
    this.decided.delete(key);
    this.decided.set(key, { answer, at });
    if (this.decided.size > MAX_KEPT) this.decided.delete(this.decided.keys().next().value!);
  }

  /** A control from the future (a clock set back) is not fresh either. */
  private fresh(at: number): boolean {
    const age = this.now() - at;
    return age >= 0 && age < this.ttlMs;
  }
}

interface EmailControlsFile {
  version: 1;
  controls: Record<string, unknown>;
}

/** Restores `<dataDir>/email-controls.json`; a missing, damaged or other-version file restores nothing. */
export async function readEmailControls(file: string, controls: EmailControls): Promise<void> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<EmailControlsFile> | null;
    if (parsed?.version === 1 && typeof parsed.controls === 'object' && parsed.controls !== null) {
      controls.restore(parsed.controls);
    }
  } catch {
    // Never written, or damaged: the first search of a domain asks its controls again.
  }
}

/** Writes the fresh controls atomically (a temporary file, then a rename), readable by the owner only. */
export async function writeEmailControls(file: string, controls: EmailControls): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const body: EmailControlsFile = { version: 1, controls: controls.snapshot() };
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, `${JSON.stringify(body)}\n`, { encoding: 'utf8', mode: 0o600 });
  await rename(temp, file);
}
