/**
 * `npm run bench:email`: one email search over the whole shipped email-check catalogue against the testkit's
 * fakes of it, with seeded log-normal latency (median 150 ms, p99 2 s), for an address registered on every
 * check. Prints one JSON object:
 * - wall_ms: from the call to the last result; floor_ms: the slowest single check it had to wait for (its
 *   own elapsed time, latency and prefetch included); ratio = wall_ms / floor_ms (target ≤ 1.3);
 * - first_result_ms (target ≤ 1 s);
 * - correct / wrong / unknown against what the fakes answer (target: 0 wrong).
 */
import { readFileSync } from 'node:fs';
import { BUNDLED_EMAIL_CATALOGUE, createEngine, type EmailResult } from '@hound/engine';
import { type EmailCheckEntry, serveEmailChecks, startInternet } from '@hound/testkit';

const REGISTERED = 'bench.person@example.com';
const checks = (
  JSON.parse(readFileSync(BUNDLED_EMAIL_CATALOGUE, 'utf8')) as {
    checks: Array<EmailCheckEntry & { loud?: boolean; needs?: string }>;
  }
).checks;

const internet = await startInternet({ catalogues: [], seed: 7, latency: { medianMs: 150, p99Ms: 2000 } });
serveEmailChecks(internet, checks).register(REGISTERED);
const engine = await createEngine({ checks: [], connect: internet.connect, allowPrivateAddresses: true });
try {
  const started = performance.now();
  let first = 0;
  const results: EmailResult[] = [];
  for await (const { result } of engine.searchEmail(REGISTERED, { keys: { HIBP_API_KEY: 'bench-key' } })) {
    if (results.length === 0) first = performance.now() - started;
    results.push(result);
  }
  const wall = performance.now() - started;
  const floor = Math.max(...results.map((r) => r.evidence.elapsedMs));
  const expected = (id: string) => (checks.find((c) => c.id === id)?.loud ? 'invalid' : 'found');
  const correct = results.filter((r) => r.verdict === expected(r.checkId)).length;
  const unknown = results.filter((r) => r.verdict === 'unknown').length;
  console.log(
    JSON.stringify({
      benchmark: 'email',
      checks: results.length,
      wall_ms: Math.round(wall),
      floor_ms: Math.round(floor),
      ratio: Number((wall / floor).toFixed(3)),
      first_result_ms: Math.round(first),
      correct,
      wrong: results.length - correct - unknown,
      unknown,
      requests: internet.log.count(),
    }),
  );
} finally {
  await engine.close();
  await internet.close();
}
