import type { FairSemaphore, HostLimiter } from '../limiter.ts';
import type { Interceptor } from '../send.ts';

/**
 * Holds a per-host slot, then a global slot, for each HTTP exchange (every redirect hop and retry
 * acquires again, so a hop to another host is limited by that host); both are shared between searches in
 * turn (`ctx.group`). The check's time budget starts
 * once the first exchange has its slots: queueing behind the limits is not charged to the site.
 */
export function withLimits(global: FairSemaphore, hosts: HostLimiter): Interceptor {
  return (next) => async (request, ctx) => {
    const host = new URL(request.url).host;
    const cancel = ctx.clock.signal;
    let releaseHost: (() => void) | undefined;
    let releaseGlobal: (() => void) | undefined;
    try {
      releaseHost = await hosts.acquire(host, ctx.group, cancel);
      releaseGlobal = await global.acquire(ctx.group, cancel);
    } catch {
      releaseHost?.();
      throw ctx.abortError();
    }
    ctx.clock.start();
    try {
      return await next(request, ctx);
    } finally {
      releaseGlobal();
      releaseHost();
    }
  };
}
