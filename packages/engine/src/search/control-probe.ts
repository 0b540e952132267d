import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomUsername } from '../health/random-username.ts';
import type { CheckResponse, RuleOutcome, SiteCheck } from '../model.ts';
import { prepareRequest } from '../rules/prepare-request.ts';
import type { Transport } from '../transport/index.ts';
import { stripChars } from '../username/strip.ts';
import { type AnswerShape, answerShape } from './answer-shape.ts';

/**
 * Which control: `random`, a never-registered name (decision 100: a weak `found` must differ from it);
 * `known`, the catalogue's known-registered name (decision 127: a `not_found` or a weak `found` stands only
 * when the site answers its known account `found`).
 */
export type ControlKind = 'random' | 'known';

/** What a control name got from a check. */
export interface ControlAnswer {
  kind: ControlKind;
  /** The control name's verdict by the check's own rules. */
  verdict: RuleOutcome['verdict'];
  /** Why an undecided control is undecided (`timeout`, `blocked`, …). */
  reason?: RuleOutcome['reason'];
  rule: string;
  username: string;
  /** When the answer was taken (ms since the epoch). */
  at: number;
  /** The answer with the control's own name masked (answer-shape.ts), when there was one. */
  shape?: AnswerShape;
}

/** A control as saved and handed to threads: the answer and the kinds of answer it vouches for. */
export type SavedControl = ControlAnswer & { vouched?: string[] };

/** A control's run: the check's own outcome for the control name, with the answer it judged. */
export interface ControlRun {
  outcome: RuleOutcome;
  response?: CheckResponse;
}

/**
 * How long a control answer speaks for its check, across searches (decision 127): long enough that a
 * second search, and the server's searches between self-tests' warm-ups, send none; short enough that a
 * site that stopped answering about users is noticed within the hour.
 */
export const CONTROL_TTL_MS = 20 * 60_000;
/** Entries kept at most (oldest dropped first): small records, two per check. */
const MAX_ENTRIES = 40_000;

export interface ControlCounts {
  /** Control requests started (one per check and kind per TTL, whatever the number of searches). */
  sent: number;
  /** Verdicts answered from a control already taken or in flight. */
  shared: number;
}

/**
 * Control probes (decisions 100 and 127): one control per check and kind per CONTROL_TTL_MS, shared by every
 * search on the same transport (in flight too); a control cut off by a cancelled search is not kept.
 * Settled answers can be saved and restored (the CLI's `<dataDir>/controls.json`) and recorded from the
 * self-test's own probes (which keeps a server's warm).
 */
export class ControlProbes {
  private readonly entries = new Map<string, Promise<ControlAnswer | undefined>>();
  private readonly settled = new Map<string, ControlAnswer>();
  /** Per check and kind: the kinds of answer (answer-shape.ts `answerKind`) already judged beside that control. */
  private readonly confirmed = new Map<string, Set<string>>();
  readonly counts: ControlCounts = { sent: 0, shared: 0 };

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The `kind` control answer for `check`, taking it with `run` (the check's own run for one username) when
   * none is fresh. Undefined when no control name fits the check or the probe was cancelled.
   */
  answer(
    check: SiteCheck,
    run: (username: string) => Promise<RuleOutcome | ControlRun>,
    kind: ControlKind = 'random',
  ): Promise<ControlAnswer | undefined> {
    const key = keyOf(check, kind);
    const cached = this.entries.get(key);
    if (cached) {
      return cached.then((answer) => {
        if (answer && this.fresh(answer)) {
          this.counts.shared++;
          return answer;
        }
        if (this.entries.get(key) === cached) this.forget(key);
        return this.answer(check, run, kind);
      });
    }
    const username = kind === 'known' ? knownName(check) : controlName(check);
    if (username === undefined) return Promise.resolve(undefined);
    this.counts.sent++;
    const taken = run(username).then(
      (result) => this.answerOf(kind, username, 'outcome' in result ? result : { outcome: result }),
      () => undefined,
    );
    this.entries.set(key, taken);
    this.trim();
    // A cancelled, failed or undecided control (a timeout: it makes the verdicts beside it unknown, decision
    // 160) is shared only by the verdicts already waiting for it: the next one takes a new one.
    void taken.then((answer) => {
      if (this.entries.get(key) !== taken) return;
      if (answer === undefined || !decided(answer)) this.forget(key);
      else this.settled.set(key, answer);
    });
    return taken;
  }

  /** The check's `kind` control already taken and fresh, if any: never sends one. */
  peek(check: SiteCheck, kind: ControlKind): ControlAnswer | undefined {
    const answer = this.settled.get(keyOf(check, kind));
    return answer && this.fresh(answer) ? answer : undefined;
  }

  /** The probes' clock (ms since the epoch). */
  clock(): number {
    return this.now();
  }

  /**
   * True when an answer of this kind (`answerKind`) was already judged beside the check's current `kind`
   * control: a cached control speaks only for answers like those it was taken with (decision 127).
   */
  vouchesFor(check: SiteCheck, kind: ControlKind, answerKind: string): boolean {
    return this.confirmed.get(keyOf(check, kind))?.has(answerKind) ?? false;
  }

  /** Notes that an answer of this kind was judged beside the check's current `kind` control. */
  vouch(check: SiteCheck, kind: ControlKind, answerKind: string): void {
    const key = keyOf(check, kind);
    const kinds = this.confirmed.get(key) ?? new Set<string>();
    if (kinds.size < 16) kinds.add(answerKind);
    this.confirmed.set(key, kinds);
  }

  /** Drops the check's `kind` control and takes a new one (the site's answers changed since it was taken). */
  retake(
    check: SiteCheck,
    run: (username: string) => Promise<RuleOutcome | ControlRun>,
    kind: ControlKind,
  ): Promise<ControlAnswer | undefined> {
    this.forget(keyOf(check, kind));
    return this.answer(check, run, kind);
  }

  /** Keeps what the self-test's own probe of `username` got as the check's `kind` control. */
  record(check: SiteCheck, kind: ControlKind, username: string, run: ControlRun): void {
    const answer = this.answerOf(kind, username, run);
    if (!answer || !decided(answer)) return;
    const key = keyOf(check, kind);
    this.forget(key);
    this.entries.set(key, Promise.resolve(answer));
    this.settled.set(key, answer);
    this.trim();
  }

  /** Fresh settled answers by key, with the kinds of answer they vouch for, for `<dataDir>/controls.json`. */
  snapshot(): Record<string, SavedControl> {
    const out: Record<string, SavedControl> = {};
    for (const [key, answer] of this.settled) {
      if (!this.fresh(answer)) continue;
      const vouched = this.confirmed.get(key);
      out[key] = vouched && vouched.size > 0 ? { ...answer, vouched: [...vouched] } : answer;
    }
    return out;
  }

  /** Takes back answers a snapshot kept; stale or malformed entries are skipped. */
  restore(saved: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(saved)) {
      if (!isAnswer(value) || !decided(value) || !this.fresh(value) || this.entries.has(key)) continue;
      const { vouched, ...answer } = value as SavedControl;
      this.entries.set(key, Promise.resolve(answer));
      this.settled.set(key, answer);
      if (Array.isArray(vouched)) {
        this.confirmed.set(key, new Set(vouched.filter((k): k is string => typeof k === 'string').slice(0, 16)));
      }
    }
    this.trim();
  }

  private answerOf(kind: ControlKind, username: string, run: ControlRun): ControlAnswer | undefined {
    const { outcome, response } = run;
    if (outcome.reason === 'cancelled') return undefined;
    return {
      kind,
      verdict: outcome.verdict,
      ...(outcome.reason ? { reason: outcome.reason } : {}),
      rule: outcome.rule,
      username,
      at: this.now(),
      ...(response ? { shape: answerShape(response, username) } : {}),
    };
  }

  private fresh(answer: ControlAnswer): boolean {
    const age = this.now() - answer.at;
    return age >= 0 && age <= CONTROL_TTL_MS;
  }

  private forget(key: string): void {
    this.entries.delete(key);
    this.settled.delete(key);
    this.confirmed.delete(key);
  }

  private trim(): void {
    while (this.entries.size > MAX_ENTRIES) this.forget(this.entries.keys().next().value as string);
  }
}

/** A control that answered: found or not found. */
function decided(answer: ControlAnswer): boolean {
  return answer.verdict === 'found' || answer.verdict === 'not_found';
}

function isAnswer(value: unknown): value is ControlAnswer {
  const v = value as Partial<ControlAnswer> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.kind === 'random' || v.kind === 'known') &&
    typeof v.verdict === 'string' &&
    typeof v.rule === 'string' &&
    typeof v.username === 'string' &&
    typeof v.at === 'number'
  );
}

/** A check is its catalogue entry: same format, name and request template. */
function keyOf(check: SiteCheck, kind: ControlKind): string {
  return `${kind}\u0000${check.format}\u0000${check.name}\u0000${check.request.method} ${check.request.url}`;
}

/** A random name the check accepts (its username pattern), else its catalogue's unclaimed name. */
function controlName(check: SiteCheck): string | undefined {
  const random = randomUsername();
  if (prepareRequest(check, random).ok) return random;
  if (check.knownUnclaimed && prepareRequest(check, check.knownUnclaimed).ok) return check.knownUnclaimed;
  return undefined;
}

/** The catalogue's first known-registered name the check accepts (Sherlock `username_claimed`, …). */
export function knownName(check: SiteCheck): string | undefined {
  return check.knownClaimed.find((name) => prepareRequest(check, name).ok);
}

/** True when `username` is the check's known account itself (its own answer is then the control). */
export function isKnownName(check: SiteCheck, username: string): boolean {
  const strip = (name: string) => stripChars(name, check.stripChars).toLowerCase();
  return check.knownClaimed.some((name) => strip(name) === strip(username));
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

interface ControlsFile {
  version: 1;
  controls: Record<string, unknown>;
}

/** Restores `<dataDir>/controls.json` into `probes`; a missing or unreadable file restores nothing. */
export async function readControls(file: string, probes: ControlProbes): Promise<void> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<ControlsFile>;
    if (parsed.version === 1 && typeof parsed.controls === 'object' && parsed.controls !== null) {
      probes.restore(parsed.controls);
    }
  } catch {
    // Never written, or damaged: the first search takes its controls again.
  }
}

/** Writes the fresh controls atomically (temp file + rename). */
export async function writeControls(file: string, probes: ControlProbes): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const body: ControlsFile = { version: 1, controls: probes.snapshot() };
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, `${JSON.stringify(body)}\n`, 'utf8');
  await rename(temp, file);
}
