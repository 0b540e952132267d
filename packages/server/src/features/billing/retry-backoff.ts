/** When a failed Stripe step of the background pass is due again: 1 minute, doubling, at most an hour. */
export function retryAt(now: Date, attempts: number): Date {
  return new Date(now.getTime() + Math.min(60 * 60_000, 60_000 * 2 ** Math.min(attempts, 6)));
}
