/**
 * Reserving a credit for the next email search (spec 001 §7 `POST /me/credits/decrement`): the credit
 * leaves the balance at once (a ledger `reserve` entry), then the search consumes the reservation, a failed
 * search releases it (`refund`), and one left unused for 15 minutes expires back (`expiry`).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creditReservations } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { applyCredits } from './ledger.ts';

export const RESERVATION_TTL_MS = 15 * 60_000;

type Tx = Pick<Database, 'select' | 'update' | 'insert' | 'transaction'>;

/**
 * Takes one credit from the balance and records it as a reservation. With `forSearch` the reservation is
 * written already consumed by that search, so no other start can claim it in between (issue 25: a pending
 * reservation made for one search was claimed by a parallel one, and both ran on one credit). With a
 * `requestKey` (the client's `Idempotency-Key`) a retried request gets the first one's reservation.
 */
export async function reserveCredit(
  db: Tx,
  userId: string,
  now: Date,
  options: { forSearch?: string; requestKey?: string; apiKeyId?: string } = {},
): Promise<{ reservationId: string; credits: number; applied: boolean }> {
  const id = options.requestKey ? keyedReservationId(userId, options.requestKey) : newId();
  return db.transaction(async (tx) => {
    const result = await applyCredits(tx, {
      userId,
      delta: -1,
      kind: 'reserve',
      idempotencyKey: `reserve:${id}`,
      ref: id,
      apiKeyId: options.apiKeyId ?? null,
    });
    if (result.applied) {
      await tx.insert(creditReservations).values({
        id,
        userId,
        expiresAt: new Date(now.getTime() + RESERVATION_TTL_MS),
        createdAt: now,
        apiKeyId: options.apiKeyId ?? null,
        ...(options.forSearch ? { status: 'consumed' as const, searchId: options.forSearch } : {}),
      });
    }
    return { reservationId: id, credits: result.newBalance, applied: result.applied };
  });
}

/** The reservation id of a user's request key: one user's keys never meet another's. */
export function keyedReservationId(userId: string, requestKey: string): string {
  return createHash('sha256').update(`${userId}|${requestKey}`).digest('base64url').slice(0, 22);
}

/**
 * Marks the user's oldest pending reservation as used by `searchId`; null when there is none. The row is
 * locked while it is claimed and rows other starts hold are skipped, so each reservation goes to one search.
 */
export async function consumeReservation(db: Tx, userId: string, searchId: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [oldest] = await tx
      .select({ id: creditReservations.id })
      .from(creditReservations)
      .where(and(eq(creditReservations.userId, userId), eq(creditReservations.status, 'pending')))
      .orderBy(asc(creditReservations.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!oldest) return null;
    const [taken] = await tx
      .update(creditReservations)
      .set({ status: 'consumed', searchId })
      .where(and(eq(creditReservations.id, oldest.id), eq(creditReservations.status, 'pending')))
      .returning({ id: creditReservations.id });
    return taken?.id ?? null;
  });
}

/**
 * Pays for one search with exactly one credit: the user's oldest reserved credit (`POST
 * /me/credits/decrement`), else a new one taken now. Throws `CREDITS_INSUFFICIENT` when there is neither.
 * Run it in the transaction that stores the search, so a failed start takes nothing.
 */
export async function payForSearch(
  db: Tx,
  userId: string,
  searchId: string,
  now: Date,
  requestKey?: string,
  apiKeyId?: string,
): Promise<string> {
  if (requestKey) {
    const keyed = await payWithKey(db, userId, searchId, now, requestKey, apiKeyId);
    if (keyed) return keyed;
  }
  // An API request pays with a new credit only: reservations are the web modal's.
  if (!apiKeyId) {
    const reserved = await consumeReservation(db, userId, searchId);
    if (reserved) return reserved;
  }
  return (await reserveCredit(db, userId, now, { forSearch: searchId, ...(apiKeyId ? { apiKeyId } : {}) }))
    .reservationId;
}

/** A start retried with the key of an earlier start that did begin its search: that search's id. */
export class StartedAlready extends Error {
  constructor(readonly searchId: string) {
    super('started already');
  }
}

/**
 * A start with the client's `Idempotency-Key` (the one its `POST /me/credits/decrement` carried) pays with
 * that key's reservation: pending → it is used now; consumed by a search → `StartedAlready` (the first
 * try began it and only its answer was lost); none → one credit is taken under that key. A key whose
 * credit came back (released, expired) cannot pay again: undefined, the caller pays as without a key.
 */
async function payWithKey(
  db: Tx,
  userId: string,
  searchId: string,
  now: Date,
  requestKey: string,
  apiKeyId?: string,
): Promise<string | undefined> {
  const id = keyedReservationId(userId, requestKey);
  const read = async () => {
    const [found] = await db
      .select({ status: creditReservations.status, searchId: creditReservations.searchId })
      .from(creditReservations)
      .where(and(eq(creditReservations.id, id), eq(creditReservations.userId, userId)))
      .for('update');
    return found;
  };
  let row = await read();
  if (!row) {
    const taken = await reserveCredit(db, userId, now, {
      forSearch: searchId,
      requestKey,
      ...(apiKeyId ? { apiKeyId } : {}),
    });
    if (taken.applied) return taken.reservationId;
    // A parallel start with the same key took the credit first (its ledger row made ours wait until it
    // committed): its reservation is visible now, and answers as a retry would.
    row = await read();
    if (!row) return undefined;
  }
  if (row.status === 'consumed' && row.searchId) throw new StartedAlready(row.searchId);
  if (row.status !== 'pending') return undefined;
  await db.update(creditReservations).set({ status: 'consumed', searchId }).where(eq(creditReservations.id, id));
  return id;
}

/** Gives a reservation's credit back (a search that failed on our side, or one that expired). Once only. */
export async function returnReservation(
  db: Database,
  reservationId: string,
  outcome: 'released' | 'expired',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(creditReservations)
      .set({ status: outcome })
      // Expiry takes back only unused reservations; a release also one that a failed search had consumed.
      .where(
        and(
          eq(creditReservations.id, reservationId),
          inArray(creditReservations.status, outcome === 'expired' ? ['pending'] : ['pending', 'consumed']),
        ),
      )
      .returning({ userId: creditReservations.userId, apiKeyId: creditReservations.apiKeyId });
    if (!row) return false;
    await applyCredits(tx, {
      userId: row.userId,
      delta: 1,
      kind: outcome === 'expired' ? 'expiry' : 'refund',
      idempotencyKey: `return:${reservationId}`,
      ref: reservationId,
      apiKeyId: row.apiKeyId,
    });
    return true;
  });
}

/** Returns every reservation unused for 15 minutes; run by the background job. */
export async function expireReservations(db: Database, now: Date): Promise<number> {
  const stale = await db
    .select({ id: creditReservations.id })
    .from(creditReservations)
    .where(and(eq(creditReservations.status, 'pending'), lt(creditReservations.expiresAt, now)));
  let returned = 0;
  for (const r of stale) if (await returnReservation(db, r.id, 'expired')) returned += 1;
  return returned;
}
