/**
 * One delivery attempt: POST the signed body, bounded in time, no redirects followed, the answer's body
 * read only up to a small cap and dropped. Answers the HTTP status or a short error code — never text
 * from the receiver.
 */
import { type Dispatcher, request } from 'undici';
import { webhookHeaders } from './signing.ts';
import { BLOCKED_TARGET_CODE } from './webhook-target.ts';

/** A receiver has this long to answer (connect, headers and body together). */
export const ATTEMPT_TIMEOUT_MS = 10_000;
const BODY_CAP = 4096;

export type AttemptOutcome = { ok: true; httpStatus: number } | { ok: false; httpStatus: number | null; error: string };

export async function sendAttempt(
  dispatcher: Dispatcher,
  target: { url: string; secret: string },
  message: { id: string; body: string },
  now: Date,
  userAgent: string,
): Promise<AttemptOutcome> {
  const signal = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  try {
    const answer = await request(target.url, {
      method: 'POST',
      dispatcher,
      signal,
      headersTimeout: ATTEMPT_TIMEOUT_MS,
      bodyTimeout: ATTEMPT_TIMEOUT_MS,
      headers: {
        'content-type': 'application/json',
        'user-agent': userAgent,
        ...webhookHeaders(target.secret, message.id, message.body, now),
      },
      body: message.body,
    });
    await drain(answer.body);
    const httpStatus = answer.statusCode;
    if (httpStatus >= 200 && httpStatus < 300) return { ok: true, httpStatus };
    return { ok: false, httpStatus, error: `http_${httpStatus}` };
  } catch (error) {
    return { ok: false, httpStatus: null, error: errorCode(error, signal) };
  }
}

async function drain(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<void> {
  let read = 0;
  for await (const chunk of body) {
    read += chunk.length;
    if (read > BODY_CAP) {
      body.destroy();
      return;
    }
  }
}

function errorCode(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'timeout';
  const code = (error as { code?: unknown } | null)?.code;
  if (code === BLOCKED_TARGET_CODE) return 'blocked_address';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (typeof code === 'string' && /^(UND_ERR_|E)[A-Z_]{2,40}$/.test(code)) return code.toLowerCase();
  return 'network';
}
