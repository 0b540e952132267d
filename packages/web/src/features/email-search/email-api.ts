/** The email-search calls (spec 001 §7 and Hound's streaming variant), with the session's bearer token. */
import type { CreditsResponse, EmailCheckResult, EmailSearchSnapshot } from '@hound/contracts';
import { translateServerText } from '../../i18n/server-text.ts';
import { type ApiAnswer, apiFetch } from '../../lib/api-fetch.ts';

export const getCredits = () => apiFetch<CreditsResponse>('/me/credits');

/** `key`: the attempt's `Idempotency-Key` (attempt-key.ts), so a retry reserves nothing more. */
export const decrementCredit = (key: string) =>
  apiFetch<{ credits: number }>('/me/credits/decrement', { method: 'POST', headers: { 'idempotency-key': key } });

/**
 * With the reservation's key: a retried start uses that credit, or answers the search it already began.
 * `adult`: also ask adult sites (left out by default). `followDepth`: follow its leads (decision 116).
 */
export const startEmailSearch = (email: string, key: string, adult = false, followDepth?: number) =>
  apiFetch<{ search_id: string }>('/api/email/searches', {
    method: 'POST',
    body: {
      email,
      ...(adult ? { adult: true } : {}),
      ...(followDepth ? { recursive: true, depth: followDepth } : {}),
    },
    headers: { 'idempotency-key': key },
  });

/** A search's snapshot; a failed search's reason in the page's language. */
export async function getEmailSearch(id: string): Promise<ApiAnswer<EmailSearchSnapshot>> {
  const answer = await apiFetch<EmailSearchSnapshot>(`/api/email/searches/${encodeURIComponent(id)}`);
  if (answer.body?.error) answer.body.error = translateServerText(answer.body.error);
  return answer;
}

export interface FollowHandlers {
  onResult(result: EmailCheckResult, progress: { done: number; total: number }): void;
  onDone(status: string, error?: string): void;
  /** The stream could not be used; the caller polls the snapshot instead. */
  onUnavailable(): void;
}

/**
 * Reads the search's Server-Sent Events with fetch (EventSource cannot send the bearer header), resuming
 * after the last event it saw. Returns a function that stops reading.
 */
export function followEmailSearch(id: string, handlers: FollowHandlers): () => void {
  const controller = new AbortController();
  void (async () => {
    try {
      const res = await fetch(`/api/email/searches/${encodeURIComponent(id)}/events`, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!res.ok || !res.body) return handlers.onUnavailable();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (!event || !data) continue;
          const parsed = JSON.parse(data);
          if (event === 'result') handlers.onResult(parsed.result, parsed.progress);
          if (event === 'done')
            return handlers.onDone(parsed.status, parsed.error ? translateServerText(parsed.error) : undefined);
        }
      }
      handlers.onUnavailable();
    } catch {
      if (!controller.signal.aborted) handlers.onUnavailable();
    }
  })();
  return () => controller.abort();
}
