/** One way to call the app in tests, either through `app.inject()` or over a real socket. */
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field with expect
  json: any;
  text: string;
}

export type Call = (method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>;

export function injectClient(app: FastifyInstance, remoteAddress = '127.0.0.1'): Call {
  return async (method, url, body, headers) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      remoteAddress,
      ...(body !== undefined
        ? { payload: body as object, headers: { 'content-type': 'application/json', ...headers } }
        : { headers }),
    });
    return { status: res.statusCode, headers: res.headers, text: res.body, json: safeJson(res.body) };
  };
}

export function socketClient(baseUrl: string): Call {
  return async (method, url, body, headers) => {
    const res = await request(`${baseUrl}${url}`, {
      method: method as 'GET',
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text, json: safeJson(text) };
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Polls the status endpoint until the search has ended. */
// biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field with expect
export async function untilEnded(call: Call, searchId: string, timeoutMs?: number): Promise<any> {
  return waitFor(async () => {
    const answer = await call('GET', `/api/search/status/${searchId}`);
    return ['completed', 'error', 'cancelled'].includes(answer.json?.status) ? answer.json : undefined;
  }, timeoutMs);
}
