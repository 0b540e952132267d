import { describe, expect, it } from 'vitest';
import type { Verdict } from '../model.ts';
import {
  applyConfirmation,
  applyRun,
  baselineFrom,
  breachName,
  diffBreaches,
  isRunComplete,
  undecidedLimitFor,
  type WatchObservation,
  type WatchSiteState,
} from './diff.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();
const obs = (key: string, verdict: Verdict, reason?: string): WatchObservation => ({
  key,
  name: key.toUpperCase(),
  verdict,
  ...(reason ? { reason } : {}),
  ...(verdict === 'found' ? { url: `https://${key}/alice`, rule: 'status 200' } : {}),
});

/** Runs days of observations through applyRun (complete runs), returning every event and the final state. */
function simulate(
  days: Array<Record<string, Verdict>>,
  options: { confirm?: (key: string, n: number) => Verdict } = {},
) {
  let states = new Map<string, WatchSiteState>();
  let baselineDone = false;
  const events: Array<{ day: number; type: string; site?: string }> = [];
  days.forEach((verdicts, n) => {
    const observations = Object.entries(verdicts).map(([k, v]) => obs(k, v, v === 'unknown' ? 'blocked' : undefined));
    const out = applyRun(states, { complete: true, at: day(n), observations, baselineDone });
    baselineDone ||= out.baseline;
    states = out.states;
    for (const e of out.events) events.push({ day: n, type: e.type, ...(e.site ? { site: e.site } : {}) });
    if (out.confirm.length > 0) {
      const target = out.confirm.map((k) => obs(k, options.confirm ? options.confirm(k, n) : 'found'));
      const control = out.confirm.map((k) => obs(k, 'not_found'));
      const confirmed = applyConfirmation(states, { complete: true, at: day(n), target, control });
      states = confirmed.states;
      for (const e of confirmed.events) events.push({ day: n, type: e.type, ...(e.site ? { site: e.site } : {}) });
    }
  });
  return { events, states };
}

describe('watch diff: baseline', () => {
  it('the first complete run is one silent summary, never an appeared event', () => {
    const out = applyRun(new Map(), {
      complete: true,
      at: day(0),
      baselineDone: false,
      observations: [obs('a', 'found'), obs('b', 'not_found'), obs('c', 'unknown', 'timeout'), obs('d', 'invalid')],
    });
    expect(out.baseline).toBe(true);
    expect(out.events).toEqual([{ type: 'baseline', detail: { found: 1, not_found: 1, undecided: 2 } }]);
    expect(out.states.get('a')?.state).toBe('present');
    expect(out.states.get('b')?.state).toBe('absent');
    expect(out.states.get('c')).toMatchObject({ state: 'unseen', undecidedRuns: 1, lastReason: 'timeout' });
    expect(out.states.get('d')).toMatchObject({ state: 'unseen', lastReason: 'invalid' });
    expect(out.confirm).toEqual([]);
  });

  it('an incomplete first run is not the baseline, and moves nothing', () => {
    const out = applyRun(new Map(), {
      complete: false,
      at: day(0),
      baselineDone: false,
      observations: [obs('a', 'found')],
    });
    expect(out).toMatchObject({ baseline: false, events: [], confirm: [] });
    expect(out.states.size).toBe(0);
  });

  it('does not mutate the states it was given', () => {
    const before = baselineFrom([obs('a', 'not_found')], day(0));
    const copy = structuredClone([...before]);
    applyRun(before, { complete: true, at: day(1), baselineDone: true, observations: [obs('a', 'found')] });
    expect([...before]).toEqual(copy);
  });
});

describe('watch diff: only decided verdicts move state', () => {
  it('a site flapping between its answer and block pages or timeouts produces nothing', () => {
    const verdicts: Verdict[] = ['found', 'unknown', 'found', 'unknown', 'unknown', 'found', 'invalid', 'found'];
    const { events, states } = simulate(verdicts.map((v) => ({ s: v, quiet: 'not_found' })));
    expect(events.map((e) => e.type)).toEqual(['baseline']);
    expect(states.get('s')).toMatchObject({ state: 'present', pending: null });
  });

  it('an absent site flapping with unknowns stays absent and silent', () => {
    const verdicts: Verdict[] = ['not_found', 'unknown', 'not_found', 'unknown', 'unknown', 'not_found', 'invalid'];
    const { events } = simulate(verdicts.map((v) => ({ s: v })));
    expect(events.map((e) => e.type)).toEqual(['baseline']);
  });

  it('unknown never touches pending', () => {
    const states = baselineFrom([obs('s', 'found')], day(0));
    const one = applyRun(states, {
      complete: true,
      at: day(1),
      baselineDone: true,
      observations: [obs('s', 'not_found')],
    });
    expect(one.states.get('s')).toMatchObject({ state: 'present', pending: 'absent', pendingRuns: 1 });
    const two = applyRun(one.states, {
      complete: true,
      at: day(2),
      baselineDone: true,
      observations: [obs('s', 'unknown', 'blocked')],
    });
    expect(two.states.get('s')).toMatchObject({
      state: 'present',
      pending: 'absent',
      pendingRuns: 1,
      undecidedRuns: 1,
    });
    expect(two.events).toEqual([]);
  });
});

/** A site absent at the baseline and found on the next run: a candidate waiting for its confirmation. */
const candidate = () =>
  applyRun(baselineFrom([obs('s', 'not_found')], day(0)), {
    complete: true,
    at: day(1),
    baselineDone: true,
    observations: [obs('s', 'found')],
  });

const confirm = (states: Map<string, WatchSiteState>, target: Verdict, control: Verdict, complete = true) =>
  applyConfirmation(states, { complete, at: day(1), target: [obs('s', target)], control: [obs('s', control)] });

describe('watch diff: appeared needs a confirmation', () => {
  it('absent → found is only a candidate until target found and control not_found', () => {
    const states = baselineFrom([obs('s', 'not_found')], day(0));
    const run = applyRun(states, { complete: true, at: day(1), baselineDone: true, observations: [obs('s', 'found')] });
    expect(run.events).toEqual([]);
    expect(run.confirm).toEqual(['s']);
    expect(run.states.get('s')).toMatchObject({ state: 'absent', pending: 'present', pendingSince: day(1) });
    const confirmed = applyConfirmation(run.states, {
      complete: true,
      at: day(1.1),
      target: [obs('s', 'found')],
      control: [obs('s', 'not_found')],
    });
    expect(confirmed.events).toHaveLength(1);
    expect(confirmed.events[0]).toMatchObject({
      type: 'appeared',
      site: 's',
      siteName: 'S',
      detail: { url: 'https://s/alice', rule: 'status 200', first_seen: day(1), control: { verdict: 'not_found' } },
    });
    expect(confirmed.states.get('s')).toMatchObject({ state: 'present', pending: null });
  });

  it('a control name that is also found means the site answers anyone: no event, pending stays', () => {
    const run = candidate();
    const out = confirm(run.states, 'found', 'found');
    expect(out.events).toEqual([]);
    expect(out.states.get('s')).toMatchObject({ state: 'absent', pending: 'present' });
  });

  it('an undecided target or control leaves the candidate for the next run', () => {
    const run = candidate();
    for (const [t, c] of [
      ['unknown', 'not_found'],
      ['found', 'unknown'],
    ] as Array<[Verdict, Verdict]>) {
      const out = confirm(run.states, t, c);
      expect(out.events).toEqual([]);
      expect(out.states.get('s')?.pending).toBe('present');
    }
  });

  it('a target now not_found drops the candidate', () => {
    const run = candidate();
    const out = confirm(run.states, 'not_found', 'not_found');
    expect(out.events).toEqual([]);
    expect(out.states.get('s')).toMatchObject({ state: 'absent', pending: null });
  });

  it('an incomplete confirmation moves nothing', () => {
    const run = candidate();
    const out = confirm(run.states, 'found', 'not_found', false);
    expect(out.events).toEqual([]);
    expect(out.states.get('s')?.pending).toBe('present');
  });

  it('confirmation of a site that is not pending emits nothing (a replayed confirmation)', () => {
    const states = baselineFrom([obs('s', 'found')], day(0));
    const out = applyConfirmation(states, {
      complete: true,
      at: day(1),
      target: [obs('s', 'found')],
      control: [obs('s', 'not_found')],
    });
    expect(out.events).toEqual([]);
  });

  it('an account planted mid-way gives exactly one appeared event, on the day it appears', () => {
    const days = Array.from({ length: 30 }, (_, n) => ({
      s: (n >= 12 ? 'found' : 'not_found') as Verdict,
      t: 'found' as Verdict,
    }));
    const { events } = simulate(days);
    expect(events).toEqual([
      { day: 0, type: 'baseline' },
      { day: 12, type: 'appeared', site: 's' },
    ]);
  });
});

describe('watch diff: disappeared needs two decided runs in a row', () => {
  it('one not_found is pending, the second in a row is the event', () => {
    const days: Array<Record<string, Verdict>> = [
      { s: 'found' },
      { s: 'not_found' },
      { s: 'not_found' },
      { s: 'not_found' },
    ];
    const { events, states } = simulate(days);
    expect(events).toEqual([
      { day: 0, type: 'baseline' },
      { day: 2, type: 'disappeared', site: 's' },
    ]);
    expect(states.get('s')).toMatchObject({ state: 'absent', pending: null });
  });

  it('undecided runs between the two not_found runs do not break the row', () => {
    const days: Array<Record<string, Verdict>> = [
      { s: 'found' },
      { s: 'not_found' },
      { s: 'unknown' },
      { s: 'not_found' },
    ];
    expect(simulate(days).events.map((e) => e.type)).toEqual(['baseline', 'disappeared']);
  });

  it('a found between them does', () => {
    const days: Array<Record<string, Verdict>> = [
      { s: 'found' },
      { s: 'not_found' },
      { s: 'found' },
      { s: 'not_found' },
      { s: 'found' },
    ];
    expect(simulate(days).events.map((e) => e.type)).toEqual(['baseline']);
  });

  it('the event carries the profile address it had', () => {
    let states = baselineFrom([obs('s', 'found')], day(0));
    states = applyRun(states, {
      complete: true,
      at: day(1),
      baselineDone: true,
      observations: [obs('s', 'not_found')],
    }).states;
    const out = applyRun(states, {
      complete: true,
      at: day(2),
      baselineDone: true,
      observations: [obs('s', 'not_found')],
    });
    expect(out.events[0]).toMatchObject({
      type: 'disappeared',
      detail: { url: 'https://s/alice', since: day(1), runs: 2 },
    });
  });

  it('a re-registered account after a disappearance is an appeared again', () => {
    const days: Array<Record<string, Verdict>> = [
      { s: 'found' },
      { s: 'not_found' },
      { s: 'not_found' },
      { s: 'found' },
    ];
    expect(simulate(days).events.map((e) => e.type)).toEqual(['baseline', 'disappeared', 'appeared']);
  });
});

describe('watch diff: incomplete runs', () => {
  it('are stored by the caller but move no state at all', () => {
    const states = baselineFrom([obs('s', 'found'), obs('t', 'not_found')], day(0));
    const out = applyRun(states, {
      complete: false,
      at: day(1),
      baselineDone: true,
      observations: [obs('s', 'not_found'), obs('t', 'found'), obs('u', 'found')],
    });
    expect(out.events).toEqual([]);
    expect(out.changed.size).toBe(0);
    expect(out.confirm).toEqual([]);
    expect(out.states).toEqual(states);
  });

  it('isRunComplete: unfinished, empty, or more than a fifth transport failures', () => {
    const ten = (n: number, reason: string) =>
      Array.from({ length: 10 }, (_, i) => obs(`s${i}`, i < n ? 'unknown' : 'not_found', i < n ? reason : undefined));
    expect(isRunComplete(false, ten(0, 'timeout'))).toBe(false);
    expect(isRunComplete(true, [])).toBe(false);
    expect(isRunComplete(true, ten(2, 'timeout'))).toBe(true);
    expect(isRunComplete(true, ten(3, 'timeout'))).toBe(false);
    expect(isRunComplete(true, ten(3, 'network'))).toBe(false);
    // Block pages are the sites' answers, not a failed run.
    expect(isRunComplete(true, ten(9, 'blocked'))).toBe(true);
  });
});

describe('watch diff: catalogue changes are not events', () => {
  it('a site first seen after the baseline starts silently, listed as newly covered', () => {
    const states = baselineFrom([obs('a', 'not_found')], day(0));
    const out = applyRun(states, {
      complete: true,
      at: day(1),
      baselineDone: true,
      observations: [obs('a', 'not_found'), obs('new1', 'found'), obs('new2', 'not_found')],
    });
    expect(out.events).toEqual([{ type: 'newly_covered', detail: { sites: ['NEW1', 'NEW2'], count: 2 } }]);
    expect(out.states.get('new1')?.state).toBe('present');
    expect(out.confirm).toEqual([]);
  });

  it('a site undecided at baseline takes its first decision silently', () => {
    const states = baselineFrom([obs('a', 'unknown', 'blocked')], day(0));
    const out = applyRun(states, { complete: true, at: day(1), baselineDone: true, observations: [obs('a', 'found')] });
    expect(out.events).toEqual([]);
    expect(out.confirm).toEqual([]);
    expect(out.states.get('a')?.state).toBe('present');
  });

  it('a site left out of a run keeps its state', () => {
    const states = baselineFrom([obs('a', 'found'), obs('b', 'not_found')], day(0));
    const out = applyRun(states, {
      complete: true,
      at: day(1),
      baselineDone: true,
      observations: [obs('b', 'not_found')],
    });
    expect(out.states.get('a')?.state).toBe('present');
    expect(out.changed.has('a')).toBe(false);
  });
});

describe('watch diff: long silence is reported once', () => {
  it('unwatchable after the limit, once, and watchable_again when decided', () => {
    const days: Array<Record<string, Verdict>> = [
      { s: 'found' },
      ...Array.from({ length: 9 }, () => ({ s: 'unknown' as Verdict })),
      { s: 'found' },
      { s: 'unknown' },
    ];
    const { events } = simulate(days);
    expect(events).toEqual([
      { day: 0, type: 'baseline' },
      { day: 7, type: 'unwatchable', site: 's' },
      { day: 10, type: 'watchable_again', site: 's' },
    ]);
  });

  it('carries the reason and since when it was last decided', () => {
    let states = baselineFrom([obs('s', 'found')], day(0));
    let last: ReturnType<typeof applyRun> | undefined;
    for (let n = 1; n <= 2; n++) {
      last = applyRun(
        states,
        { complete: true, at: day(n), baselineDone: true, observations: [obs('s', 'unknown', 'blocked')] },
        { undecidedLimit: 2, absentRuns: 2 },
      );
      states = last.states;
    }
    expect(last?.events).toEqual([
      { type: 'unwatchable', site: 's', siteName: 'S', detail: { reason: 'blocked', since: day(0), runs: 2 } },
    ]);
  });

  it('limits by cadence: a week of daily runs, two weekly ones', () => {
    expect(undecidedLimitFor(24)).toBe(7);
    expect(undecidedLimitFor(168)).toBe(2);
    expect(undecidedLimitFor(6)).toBe(7);
  });
});

describe('watch diff: a long random history holds the rules', () => {
  it('over 60 days of 40 flapping sites, events match the ground truth exactly', () => {
    // Seeded: each site has a truth that changes at most once; each day it answers the truth or a block.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const sites = Array.from({ length: 40 }, (_, i) => ({
      key: `site${i}`,
      start: random() < 0.3,
      flipAt: random() < 0.25 ? 5 + Math.floor(random() * 50) : -1,
    }));
    const truth = (s: (typeof sites)[number], n: number) => (s.flipAt >= 0 && n >= s.flipAt ? !s.start : s.start);
    const days = Array.from({ length: 60 }, (_, n) =>
      Object.fromEntries(
        sites.map(
          (s) => [s.key, random() < 0.15 ? 'unknown' : truth(s, n) ? 'found' : 'not_found'] as [string, Verdict],
        ),
      ),
    );
    const { events } = simulate(days, {
      confirm: (key, n) => (truth(sites.find((s) => s.key === key)!, n) ? 'found' : 'not_found'),
    });
    const moves = events.filter((e) => e.type === 'appeared' || e.type === 'disappeared');
    const expected = sites.filter((s) => s.flipAt >= 0);
    expect(moves.map((e) => e.site).sort()).toEqual(expected.map((s) => s.key).sort());
    for (const e of moves) {
      const s = sites.find((x) => x.key === e.site)!;
      expect(e.type).toBe(s.start ? 'disappeared' : 'appeared');
      expect(e.day).toBeGreaterThanOrEqual(s.flipAt);
    }
  });
});

describe('watch diff: breaches', () => {
  it('names only, from the record', () => {
    expect(breachName('Adobe · 2013-10-04 · Email addresses, Passwords')).toBe('Adobe');
  });

  it('a set: the first is a silent baseline, a new name is added, a lost one stays known', () => {
    expect(diffBreaches(null, ['Adobe'])).toEqual({ names: ['Adobe'], added: [] });
    expect(diffBreaches(['Adobe'], ['Adobe', 'LinkedIn'])).toEqual({
      names: ['Adobe', 'LinkedIn'],
      added: ['LinkedIn'],
    });
    expect(diffBreaches(['Adobe', 'LinkedIn'], ['LinkedIn'])).toEqual({ names: ['Adobe', 'LinkedIn'], added: [] });
    expect(diffBreaches(['Adobe', 'LinkedIn'], ['Adobe'])).toMatchObject({ added: [] });
  });

  it('an undecided breach check moves nothing', () => {
    expect(diffBreaches(['Adobe'], null)).toEqual({ names: ['Adobe'], added: [] });
    expect(diffBreaches(null, null)).toEqual({ names: null, added: [] });
  });
});
