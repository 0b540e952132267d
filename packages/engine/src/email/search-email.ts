/**
 * Email search: every selected check at once on the shared transport (its global and per-host limits pace
 * them), results yielded in completion order with progress. With `controls`, a registered answer stands
 * only when a never-registered address is not registered too (decision 131). Aborting cancels every request in flight;
 * checks cut off end `unknown` `cancelled`.
 */
import type { EmailResult, EmailSearchEvent, EmailSearchOptions } from '../model.ts';
import { linkedAbort } from '../search/linked-abort.ts';
import type { Transport } from '../transport/index.ts';
import { addressVariables } from './address.ts';
import type { EmailCheck } from './catalogue-format.ts';
import type { EmailControls } from './email-controls.ts';
import { runEmailCheck } from './run-email-check.ts';

let searchCounter = 0;

export async function* searchEmailStream(
  checks: readonly EmailCheck[],
  email: string,
  transport: Transport,
  options: EmailSearchOptions,
  controls?: EmailControls,
): AsyncGenerator<EmailSearchEvent> {
  const { controller: stop, release } = linkedAbort(options.signal);
  const context = {
    transport,
    loud: options.loud ?? false,
    keys: options.keys ?? {},
    ...(controls ? { controls } : {}),
    send: {
      signal: stop.signal,
      group: `email-${++searchCounter}`,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    },
  };
  const base = addressVariables(email);
  const ready: EmailResult[] = [];
  let wake: (() => void) | undefined;
  for (const check of checks) {
    runEmailCheck(check, base, context)
      .catch(
        (error: unknown): EmailResult => ({
          checkId: check.id,
          name: check.name,
          domain: check.domain,
          category: check.category,
          url: '',
          method: check.method,
          verdict: 'unknown',
          reason: stop.signal.aborted ? 'cancelled' : 'unexpected_response',
          evidence: { rule: `internal error: ${(error as Error).message}`, elapsedMs: 0, agreed: [] },
        }),
      )
      .then((result) => {
        ready.push(stop.signal.aborted && result.verdict === 'unknown' ? { ...result, reason: 'cancelled' } : result);
        wake?.();
      });
  }
  let done = 0;
  try {
    while (done < checks.length) {
      if (ready.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      for (const result of ready.splice(0)) {
        done += 1;
        yield { result, progress: { done, total: checks.length } };
      }
    }
  } finally {
    if (done < checks.length) stop.abort();
    release();
  }
}
