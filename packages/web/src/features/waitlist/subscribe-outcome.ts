/** Maps `POST /api/subscribe`'s answer onto the spec's notifications (spec 001 §4, §7, §8). */
import { translateServerText } from '../../i18n/server-text.ts';
import type { ApiAnswer } from '../../lib/api-fetch.ts';

export type SubscribeOutcome =
  | { kind: 'success' }
  | { kind: 'failed'; message: string | null }
  | { kind: 'unexpected' }
  | { kind: 'network' };

export function subscribeOutcome(answer: ApiAnswer<{ status?: unknown; message?: unknown }>): SubscribeOutcome {
  if (answer.status === 0) return { kind: 'network' };
  const body = answer.body;
  if (body?.status === 'success') return { kind: 'success' };
  if (body?.status === 'error')
    return {
      kind: 'failed',
      message: typeof body.message === 'string' && body.message ? translateServerText(body.message) : null,
    };
  return { kind: 'unexpected' };
}
