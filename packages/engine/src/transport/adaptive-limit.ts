/**
 * The global limit that follows the event loop (option `adaptiveConcurrency`, docs/decisions/087).
 *
 * When checks are CPU-bound, every request in flight adds to each event-loop turn, so each request takes
 * longer without more of them finishing per second: with 512 in flight a turn lasts about 512 × the CPU of
 * one response. A search that starts then waits several such turns for its first answer. So while the loop
 * lags, the cap shrinks; while it keeps up and requests are queued, the cap grows back toward the
 * configured limit. The loop is watched only while there is work.
 *
 * Work that arrives after a pause starts slowly, as TCP does: the cap starts at 64 and doubles every tick
 * (50 ms) while the loop keeps up, until the loop first lags. Every request starts with a connection and a TLS
 * handshake; hundreds begun in one turn would hold the loop for a quarter of a second before any of them
 * answered (docs/decisions/088). For the same reason a cap far above what is in flight is not trusted when
 * new work arrives (TCP's congestion-window validation): it drops to twice the requests in flight.
 */
import type { FairSemaphore } from './limiter.ts';

const TICK_MS = 50;
/** Ticks per decision (200 ms). */
const TICKS_PER_STEP = 4;
/** A tick this late means the loop is behind. */
const BEHIND_MS = 40;
/** A worst tick under this means the loop keeps up. */
const KEEPING_UP_MS = 15;
const SHRINK = 0.8;
const GROW = 1.25;
const FLOOR = 32;
/** The cap when work arrives after a pause. */
const START = 64;

export class AdaptiveLimit {
  private timer: NodeJS.Timeout | undefined;
  private readonly floor: number;
  /** Doubling until the loop first lags. */
  private slowStart = false;

  constructor(
    private readonly semaphore: FairSemaphore,
    private readonly max: number,
  ) {
    this.floor = Math.min(FLOOR, max);
  }

  /** Called when a request arrives: starts watching the loop (and a slow start) if it is not already. */
  wake(): void {
    if (this.timer) {
      this.validate();
      return;
    }
    this.slowStart = true;
    this.semaphore.setCap(Math.min(this.max, START));
    let expected = performance.now() + TICK_MS;
    let worst = 0;
    let ticks = 0;
    this.timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - expected);
      expected = now + TICK_MS;
      // A slow start decides every tick: it reaches the configured limit within a few ticks unless the
      // loop lags, which ends it.
      if (++ticks % TICKS_PER_STEP !== 0 && !this.slowStart) return;
      this.step(worst);
      worst = 0;
      if (this.semaphore.inFlight === 0 && !this.semaphore.queued) this.stop();
    }, TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** A cap that nothing queues against and far above the requests in flight drops to twice those. */
  private validate(): void {
    if (this.semaphore.queued) return;
    const proven = Math.max(Math.min(this.max, START), 2 * this.semaphore.inFlight);
    if (this.semaphore.cap <= proven) return;
    this.slowStart = true;
    this.semaphore.setCap(proven);
  }

  /** One decision, given the worst lateness of the loop's ticks since the last (the timer calls it). */
  step(worstLateMs: number): void {
    const cap = this.semaphore.cap;
    if (worstLateMs > BEHIND_MS) {
      this.slowStart = false;
      this.semaphore.setCap(Math.max(this.floor, Math.floor(cap * SHRINK)));
    } else if (worstLateMs < KEEPING_UP_MS && this.semaphore.queued && cap < this.max) {
      this.semaphore.setCap(Math.min(this.max, Math.ceil(cap * (this.slowStart ? 2 : GROW))));
    }
  }
}
