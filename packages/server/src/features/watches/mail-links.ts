/**
 * The one-click links of watch mails (decision 141): stop mailing about a watch, or pause it, without signing
 * in. Each is an HMAC of the action and the watch id under the installation's key, so a link works for its
 * watch and action only, and a guessed one does not work at all.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WatchDeps } from './watch-deps.ts';

export type WatchMailAction = 'unsubscribe' | 'pause';

async function sign(deps: Pick<WatchDeps, 'key'>, watchId: string, action: WatchMailAction): Promise<string> {
  return createHmac('sha256', await deps.key())
    .update(`watch-mail:${action}:${watchId}`)
    .digest('base64url');
}

export async function checkWatchToken(
  deps: Pick<WatchDeps, 'key'>,
  watchId: string,
  action: WatchMailAction,
  token: string,
): Promise<boolean> {
  const expected = Buffer.from(await sign(deps, watchId, action));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface WatchLinks {
  /** The watch's page in the dashboard. */
  watch: string;
  /** Pages that ask for one click to confirm (a mail scanner following links changes nothing). */
  unsubscribePage: string;
  pausePage: string;
  /** RFC 8058 one-click: the mail client POSTs here (`List-Unsubscribe-Post`). */
  oneClick: string;
}

export async function watchLinks(deps: Pick<WatchDeps, 'key' | 'options'>, watchId: string): Promise<WatchLinks> {
  const base = deps.options.publicUrl;
  const unsubscribe = await sign(deps, watchId, 'unsubscribe');
  const pause = await sign(deps, watchId, 'pause');
  const id = encodeURIComponent(watchId);
  return {
    watch: `${base}/dashboard/watches/${id}`,
    unsubscribePage: `${base}/watch-link?watch=${id}&action=unsubscribe&token=${unsubscribe}`,
    pausePage: `${base}/watch-link?watch=${id}&action=pause&token=${pause}`,
    oneClick: `${base}/api/watches/${id}/unsubscribe?token=${unsubscribe}`,
  };
}
