/**
 * Sends events to the webhook URL the way Stripe does: a signed JSON POST per event, retried on a non-2xx
 * answer or a connection error. Deliveries go out one at a time, in queue order, so `hold()` +
 * `release('reverse')` really does make the receiver see events backwards; retries wait on their own
 * timers and rejoin the queue, so one failing event never blocks the others.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { FakeEvent, ReleaseOrder, WebhookControls, WebhookDelivery } from './types.ts';

const TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" keyed by the whole whsec_ string>`. */
export function signature(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

interface Job {
  event: FakeEvent;
  body: string;
  url: string;
  attempt: number;
}

function post(url: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<number> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        agent: false, // a connection per delivery: nothing pooled outlives the fake
        timeout: TIMEOUT_MS,
        signal,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

export class WebhookSender implements WebhookControls {
  private readonly queue: Job[] = [];
  private held: Job[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly log: WebhookDelivery[] = [];
  private waiters: (() => void)[] = [];
  private sending = false;
  private twice = false;
  private delayMs = 0;
  private holding = false;
  private closed = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly secret: string,
    private readonly retryDelaysMs: number[],
  ) {}

  /** Queues an event for `url` (twice when duplicating). */
  submit(event: FakeEvent, url: string): void {
    if (this.closed) return;
    const body = JSON.stringify(event, null, 2);
    for (let copy = 0; copy < (this.twice ? 2 : 1); copy++) {
      const job: Job = { event, body, url, attempt: 1 };
      if (this.holding) this.held.push(job);
      else if (this.delayMs > 0) this.later(this.delayMs, () => this.enqueue(job));
      else this.enqueue(job);
    }
  }

  duplicate(on: boolean): void {
    this.twice = on;
  }

  delay(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('delay needs ms ≥ 0');
    this.delayMs = ms;
  }

  hold(): void {
    this.holding = true;
  }

  release(order: ReleaseOrder = 'sent'): void {
    this.holding = false;
    const jobs = this.held;
    this.held = [];
    if (order === 'reverse') jobs.reverse();
    if (order === 'shuffle') {
      for (let i = jobs.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [jobs[i], jobs[j]] = [jobs[j]!, jobs[i]!];
      }
    }
    for (const job of jobs) this.enqueue(job);
    this.settle();
  }

  /** State for the `/_fake/webhooks` control answer. */
  state(): { duplicate: boolean; delayMs: number; hold: boolean; held: number } {
    return { duplicate: this.twice, delayMs: this.delayMs, hold: this.holding, held: this.held.length };
  }

  deliveries(): WebhookDelivery[] {
    return this.log.map((entry) => ({ ...entry }));
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.queue.length = 0;
    this.held = [];
    this.abort.abort();
    this.settle();
  }

  private isIdle(): boolean {
    return this.closed || (this.queue.length === 0 && !this.sending && this.timers.size === 0);
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
      this.settle();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private enqueue(job: Job): void {
    if (this.closed) return;
    this.queue.push(job);
    this.pump();
  }

  private pump(): void {
    if (this.sending || this.closed) return;
    const job = this.queue.shift();
    if (!job) {
      this.settle();
      return;
    }
    this.sending = true;
    this.send(job).finally(() => {
      this.sending = false;
      this.pump();
    });
  }

  private async send(job: Job): Promise<void> {
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      Accept: '*/*; q=0.5, application/xml',
      'Cache-Control': 'no-cache',
      // Signed with the wall clock at send time, never the fake clock: receivers allow 300 s of skew.
      'Stripe-Signature': signature(job.body, this.secret),
    };
    let status: number | undefined;
    let error: string | undefined;
    try {
      status = await post(job.url, job.body, headers, this.abort.signal);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    if (this.closed) return;
    const ok = status !== undefined && status >= 200 && status < 300;
    const retryIn = ok ? undefined : this.retryDelaysMs[job.attempt - 1];
    const entry: WebhookDelivery = {
      eventId: job.event.id,
      type: job.event.type,
      url: job.url,
      attempt: job.attempt,
      ok,
      at: Date.now(),
    };
    if (status !== undefined) entry.status = status;
    if (error !== undefined) entry.error = error;
    if (!ok && retryIn === undefined) entry.gaveUp = true;
    this.log.push(entry);
    if (retryIn !== undefined) this.later(retryIn, () => this.enqueue({ ...job, attempt: job.attempt + 1 }));
  }
}
