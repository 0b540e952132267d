/**
 * A slow or hanging Stripe (`latency`, `hang`): what Hound's bounded Stripe calls are tested against.
 * Applied to `/v1` requests only, after the body is read, so a held request is one the client has fully sent.
 */
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Store } from './store.ts';

/** Waits the configured latency; false when the request is held instead (never answered while hanging). */
export async function delayOrHold(store: Store, response: ServerResponse): Promise<boolean> {
  if (store.latencyMs > 0) await sleep(store.latencyMs);
  if (!store.hanging) return true;
  store.heldCount += 1;
  store.held.add(response);
  response.on('close', () => store.held.delete(response));
  return false;
}

/** Ends the hang: held connections are dropped, as a recovered Stripe would have lost them. */
export function dropHeld(store: Store): void {
  for (const response of store.held) response.socket?.destroy();
  store.held.clear();
}
