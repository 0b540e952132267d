import type http from 'node:http';
import type net from 'node:net';
import { createGzip } from 'node:zlib';
import type { CannedResponse } from './waf-pages.ts';

/** Resolves true after `ms`, or false as soon as the response closes (client gone, testkit closing). */
export function wait(ms: number, res: http.ServerResponse): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(!res.destroyed);
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    res.once('close', onClose);
  });
}

function sendHead(res: http.ServerResponse, response: CannedResponse, length: number): void {
  res.writeHead(response.status, { ...response.headers, 'content-length': String(length) });
}

/** Statuses that never carry a body (RFC 9110 §6.4.1). */
const BODYLESS = new Set([204, 205, 304]);

export function send(res: http.ServerResponse, response: CannedResponse): void {
  if (BODYLESS.has(response.status)) {
    res.writeHead(response.status, response.headers);
    res.end();
    return;
  }
  const body = Buffer.from(response.body);
  sendHead(res, response, body.length);
  res.end(body);
}

/** Promises the server-side `drain` (or a close). */
function drained(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

const FILLER = Buffer.alloc(64 * 1024, 'hound-testkit huge body\n');

/** A 200 of exactly `bytes`, streamed with backpressure. */
export async function sendHugeBody(res: http.ServerResponse, bytes: number): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(bytes) });
  let left = res.req.method === 'HEAD' ? 0 : bytes;
  while (left > 0 && !res.destroyed) {
    const chunk = left >= FILLER.length ? FILLER : FILLER.subarray(0, left);
    left -= chunk.length;
    if (!res.write(chunk)) await drained(res);
  }
  res.end();
}

const bombs = new Map<number, Promise<Buffer>>();

/** gzip of `bytes` zero bytes, built once per size by streaming (never holds the inflated data). */
function gzipBomb(bytes: number): Promise<Buffer> {
  let bomb = bombs.get(bytes);
  if (!bomb) {
    bomb = new Promise((resolve, reject) => {
      const gzip = createGzip({ level: 9 });
      const parts: Buffer[] = [];
      gzip.on('data', (part: Buffer) => parts.push(part));
      gzip.on('end', () => resolve(Buffer.concat(parts)));
      gzip.on('error', reject);
      const zeros = Buffer.alloc(Math.min(bytes, 1 << 20));
      let left = bytes;
      const pump = () => {
        while (left > 0) {
          const chunk = left >= zeros.length ? zeros : zeros.subarray(0, left);
          left -= chunk.length;
          if (!gzip.write(chunk)) return void gzip.once('drain', pump);
        }
        gzip.end();
      };
      pump();
    });
    bombs.set(bytes, bomb);
  }
  return bomb;
}

export async function sendGzipBomb(res: http.ServerResponse, bytes: number): Promise<void> {
  const body = await gzipBomb(bytes);
  if (res.destroyed) return;
  res.writeHead(200, {
    'content-type': 'text/html',
    'content-encoding': 'gzip',
    'content-length': String(body.length),
  });
  res.end(body);
}

/** The response at `bytesPerSecond`, in ten slices a second; headers first, each slice after its share of time. */
export function sendSlowly(res: http.ServerResponse, response: CannedResponse, bytesPerSecond: number): void {
  const full = Buffer.from(response.body);
  sendHead(res, response, full.length);
  const body = res.req.method === 'HEAD' ? Buffer.alloc(0) : full;
  const slice = Math.max(1, Math.floor(bytesPerSecond / 10));
  const every = (slice / bytesPerSecond) * 1000;
  let at = 0;
  let timer: NodeJS.Timeout | undefined;
  res.once('close', () => clearTimeout(timer));
  const tick = () => {
    if (res.destroyed) return;
    if (at >= body.length) return void res.end();
    res.write(body.subarray(at, at + slice));
    at += slice;
    timer = setTimeout(tick, every);
  };
  timer = setTimeout(tick, every);
}

/** Delay before the reset, so what was written reaches the client first. */
const RESET_AFTER_MS = 20;

/** Headers and half the body, then a TCP reset. */
export function sendThenReset(res: http.ServerResponse, response: CannedResponse, raw: net.Socket): void {
  const body = Buffer.from(response.body);
  sendHead(res, response, body.length + 4096);
  const reset = () => setTimeout(() => raw.resetAndDestroy(), RESET_AFTER_MS);
  if (res.req.method === 'HEAD') {
    res.flushHeaders();
    reset();
  } else {
    res.write(body.subarray(0, Math.ceil(body.length / 2)), reset);
  }
}
