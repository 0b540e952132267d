/**
 * The shipped email checks, and a few of them as a catalogue of their own for suites about credits and event
 * streams rather than about the checks: a search over all of them is hundreds of TLS requests (seconds of CPU
 * on two cores), repeated for every search such a suite starts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLED_EMAIL_CATALOGUE } from '@hound/engine';
import type { EmailCheckEntry } from '@hound/testkit';

/** A shipped check as the suites read it: what the testkit fakes, and the flags a default search goes by. */
export type ShippedEmailCheck = EmailCheckEntry & { name: string; loud?: boolean; adult?: boolean; needs?: string };

export const SHIPPED_EMAIL_CHECKS = (
  JSON.parse(fs.readFileSync(BUNDLED_EMAIL_CATALOGUE, 'utf8')) as { checks: ShippedEmailCheck[] }
).checks;

/**
 * The first `count` checks a default search asks (not loud, adult or needing a key), written to `dir` as a catalogue
 * the engine's `emailCatalogues` option loads instead of the shipped one.
 */
export function fewEmailChecks(dir: string, count = 8): { file: string; checks: ShippedEmailCheck[] } {
  const checks = SHIPPED_EMAIL_CHECKS.filter((c) => !c.loud && !c.adult && c.needs === undefined).slice(0, count);
  const file = path.join(dir, 'few-email-checks.json');
  fs.writeFileSync(file, JSON.stringify({ format: 'hound-email', version: 1, checks }));
  return { file, checks };
}
