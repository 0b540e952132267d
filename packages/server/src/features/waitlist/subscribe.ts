import { normaliseEmail, SUBSCRIBE_MESSAGES, type SubscribeResponse, subscribeProblem } from '@hound/contracts';
import type { Database } from '../../db/client.ts';
import { waitlist } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { hitBucket } from '../auth/rate-buckets.ts';
import { bucketKey } from '../auth/secrets.ts';

const HOUR_MS = 3600_000;
export const SUBSCRIBES_PER_IP_PER_HOUR = 10;

/**
 * Adds an address to the API waitlist. A repeated address is a success without a second row (and without
 * telling whether it was there). Requests per IP are capped per hour.
 */
export interface SubscribeDeps {
  db: Database;
  /** Key of the hashed per-IP counter. */
  key(): Promise<Buffer>;
  now(): Date;
  perIpPerHour?: number;
}

export async function subscribe(
  deps: SubscribeDeps,
  input: { email: unknown; ip: string; language?: 'en' | 'tr' },
): Promise<SubscribeResponse> {
  const hit = await hitBucket(deps.db, bucketKey(await deps.key(), 'subscribe-ip', input.ip), HOUR_MS, deps.now());
  if (hit.count > (deps.perIpPerHour ?? SUBSCRIBES_PER_IP_PER_HOUR)) {
    throw new AppError('RATE_LIMITED', SUBSCRIBE_MESSAGES.tooMany, {
      headers: { 'retry-after': String(hit.resetSeconds) },
    });
  }
  const problem = subscribeProblem(input.email);
  if (problem) return { status: 'error', message: problem };
  await deps.db
    .insert(waitlist)
    .values({ email: normaliseEmail(input.email as string), language: input.language ?? 'en' })
    .onConflictDoNothing({ target: waitlist.email });
  return { status: 'success', message: SUBSCRIBE_MESSAGES.success };
}
