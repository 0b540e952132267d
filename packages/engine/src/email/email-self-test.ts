/**
 * The email checks' part of the health self-test: a fresh random address must be `not_found` (a check that
 * says "registered" for anyone is a false-positive machine), and each of the check's registered examples
 * `found`. As for sites, `unknown` answers are undecided and never mark a check unreliable. Loud checks are
 * not probed (they could mail someone), nor keyed checks without their key.
 */

import { randomUsername } from '../health/random-username.ts';
import type { CheckHealth, SiteHealth, Verdict } from '../model.ts';
import { linkedAbort } from '../search/linked-abort.ts';
import type { Transport } from '../transport/index.ts';
import { addressVariables } from './address.ts';
import type { EmailCheck } from './catalogue-format.ts';
import { runEmailCheck } from './run-email-check.ts';

/** Health entries of email checks are stored beside the sites', under this id prefix. */
export const EMAIL_HEALTH_PREFIX = 'email:';

export async function runEmailSelfTest(
  checks: readonly EmailCheck[],
  transport: Transport,
  options: {
    keys?: Record<string, string | undefined>;
    signal?: AbortSignal;
    timeoutMs?: number;
    now?: () => Date;
  } = {},
): Promise<SiteHealth[]> {
  const { controller: stop, release } = linkedAbort(options.signal);
  const context = {
    transport,
    loud: false,
    keys: options.keys ?? {},
    send: {
      group: 'email-self-test',
      signal: stop.signal,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    },
  };
  const checkedAt = (options.now ?? (() => new Date()))().toISOString();
  const testable = checks.filter((c) => !c.loud && (!c.needs || options.keys?.[c.needs]));
  try {
    return await Promise.all(
      testable.map(async (check): Promise<SiteHealth> => {
        const probes: Array<{ email: string; expect: Verdict; label: string }> = [
          { email: `${randomUsername()}@example.com`, expect: 'not_found', label: 'random address' },
          ...check.examples.registered
            .slice(0, 2)
            .map((email) => ({ email, expect: 'found' as const, label: `registered "${email}"` })),
        ];
        const runs = await Promise.all(probes.map((p) => runEmailCheck(check, addressVariables(p.email), context)));
        const failures: string[] = [];
        let undecided = 0;
        runs.forEach((run, i) => {
          const probe = probes[i]!;
          if (run.verdict === 'unknown' || run.verdict === 'invalid') undecided++;
          else if (run.verdict !== probe.expect)
            failures.push(`${probe.label} judged ${run.verdict}, expected ${probe.expect}`);
        });
        const health: CheckHealth = {
          format: 'hound',
          name: check.name,
          reliable: failures.length === 0,
          ...(failures.length > 0 ? { reason: failures.join('; ') } : {}),
          ...(undecided > 0 ? { undecided } : {}),
        };
        return {
          siteId: `${EMAIL_HEALTH_PREFIX}${check.id}`,
          reliable: health.reliable,
          checkedAt,
          ...(health.reason ? { reason: health.reason } : {}),
          checks: [health],
        };
      }),
    );
  } finally {
    release();
  }
}
