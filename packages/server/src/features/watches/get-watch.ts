import type { Watch } from '@hound/contracts';
import { describeWatches } from './describe-watches.ts';
import { ownWatch } from './own-watch.ts';
import type { WatchDeps } from './watch-deps.ts';

export async function getWatch(deps: WatchDeps, userId: string, watchId: string): Promise<Watch> {
  const row = await ownWatch(deps.db, userId, watchId);
  return (await describeWatches(deps.db, [row], deps.now()))[0]!;
}
