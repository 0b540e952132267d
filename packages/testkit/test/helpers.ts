import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type Dispatcher, ProxyAgent, request } from 'undici';
import type { Internet } from '../src/index.ts';

const run = promisify(execFile);

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with undici through `dispatcher`; redirects are never followed. */
export async function fetchWith(
  dispatcher: Dispatcher,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {},
): Promise<Answer> {
  const response = await request(url, {
    dispatcher,
    method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
    headers: init.headers ?? {},
    body: init.body ?? null,
    signal: init.signal ?? null,
  });
  return { status: response.statusCode, headers: response.headers, body: await response.body.text() };
}

/** An undici ProxyAgent that goes through the testkit's proxy and trusts its CA. */
export function proxyAgent(internet: Internet): ProxyAgent {
  return new ProxyAgent({ uri: internet.proxyUrl, requestTls: { ca: internet.caPem } });
}

/** The real curl binary through the testkit's proxy; returns status and body. */
export async function curl(
  internet: Internet,
  url: string,
  extra: string[] = [],
): Promise<{ status: number; body: string }> {
  const marker = '\n--hound-status:';
  const { stdout } = await run('curl', [
    '--silent',
    '--show-error',
    '--max-time',
    '10',
    '--proxy',
    internet.proxyUrl,
    '--cacert',
    internet.caFile,
    '--write-out',
    `${marker}%{http_code}`,
    ...extra,
    url,
  ]);
  const at = stdout.lastIndexOf(marker);
  return { status: Number(stdout.slice(at + marker.length)), body: stdout.slice(0, at) };
}

/** A username nobody registered. */
export function randomUsername(): string {
  return `zq${Math.random().toString(36).slice(2, 12)}`;
}

/** Polls `check` until it returns true (server-side close events arrive asynchronously). */
export async function eventually(check: () => boolean, timeoutMs = 2_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}
