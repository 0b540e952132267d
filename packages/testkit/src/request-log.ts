import type { LoggedRequest, RequestLog } from './types.ts';

/** Per-host request counts, in-flight gauges and a bounded list of recent requests. */
export class RequestLogger implements RequestLog {
  private entries: LoggedRequest[] = [];
  private readonly counts = new Map<string, number>();
  private readonly inFlight = new Map<string, number>();
  private readonly peaks = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly limit: number,
    private readonly sockets: () => number,
  ) {}

  /** Records a request that has just arrived; call `finish` when its response ends or its connection closes. */
  begin(entry: LoggedRequest): () => void {
    this.entries.push(entry);
    // Drop in batches so a full log costs O(1) amortised per request.
    if (this.entries.length > this.limit + this.limit / 4) this.entries = this.entries.slice(-this.limit);
    this.total++;
    this.counts.set(entry.host, (this.counts.get(entry.host) ?? 0) + 1);
    const now = (this.inFlight.get(entry.host) ?? 0) + 1;
    this.inFlight.set(entry.host, now);
    if (now > (this.peaks.get(entry.host) ?? 0)) this.peaks.set(entry.host, now);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      entry.endedAt = Date.now();
      this.inFlight.set(entry.host, (this.inFlight.get(entry.host) ?? 1) - 1);
    };
  }

  requests(host?: string): LoggedRequest[] {
    const kept = this.entries.slice(-this.limit);
    return host === undefined ? kept : kept.filter((e) => e.host === host.toLowerCase());
  }

  count(host?: string): number {
    return host === undefined ? this.total : (this.counts.get(host.toLowerCase()) ?? 0);
  }

  peakConcurrency(host: string): number {
    return this.peaks.get(host.toLowerCase()) ?? 0;
  }

  openConnections(): number {
    return this.sockets();
  }

  reset(): void {
    this.entries = [];
    this.total = 0;
    this.counts.clear();
    this.peaks.clear();
    // Requests still in flight keep counting towards the new peaks.
    for (const [host, n] of this.inFlight) if (n > 0) this.peaks.set(host, n);
  }
}
