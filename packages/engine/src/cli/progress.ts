import type { Writable } from 'node:stream';

const WIDTH = 24;
const REDRAW_MS = 80;

/**
 * A one-line progress bar on a terminal (stderr). Does nothing when the stream is not a TTY, so logs and
 * pipes never fill with carriage returns. `clear()` before printing a line elsewhere keeps output clean.
 */
export class ProgressBar {
  private lastDraw = 0;
  private shown = false;
  private readonly enabled: boolean;

  constructor(
    private readonly stream: Writable & { isTTY?: boolean; columns?: number },
    private readonly label: string,
  ) {
    this.enabled = Boolean(stream.isTTY);
  }

  update(done: number, total: number, found: number, force = false): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (!force && now - this.lastDraw < REDRAW_MS && done < total) return;
    this.lastDraw = now;
    const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}`;
    const line = `${this.label} [${bar}] ${done}/${total} checked, ${found} found`;
    const columns = this.stream.columns ?? 80;
    this.stream.write(`\r\u001b[2K${line.slice(0, Math.max(10, columns - 1))}`);
    this.shown = true;
  }

  clear(): void {
    if (!this.enabled || !this.shown) return;
    this.stream.write('\r\u001b[2K');
    this.shown = false;
  }
}
