import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, openTestDatabase } from '../../../test/support/stacks.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { searches } from '../../db/schema/index.ts';
import { createMemorySearchBus } from '../../events/memory-search-bus.ts';
import { createFinishedSearchCache } from './finished-search-cache.ts';
import { newSearchId } from './search-id.ts';
import { type EventSink, streamSearchEvents } from './stream-search-events.ts';

/** An event sink that keeps what it is sent, and a stream that never closes from the client's side. */
function arraySink() {
  const events: Array<{ name: string; data: unknown }> = [];
  let ended = false;
  const sink: EventSink = {
    event: (name, data) => void events.push({ name, data }),
    eventJson: (name, json) => void events.push({ name, data: JSON.parse(json) }),
    comment: () => {},
    write: () => {},
    end: () => {
      ended = true;
    },
    closed: new Promise<void>(() => {}),
  };
  return { sink, events, ended: () => ended };
}

describe('a live search stream', () => {
  let handle: DatabaseHandle;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ handle, close } = await openTestDatabase(MODES[0]!));
  });
  afterAll(() => close?.());

  it('ends with `done` when its search ended without a message on the bus (issue 38 item 6)', async () => {
    const id = newSearchId();
    await handle.db.insert(searches).values({ id, username: 'blue', status: 'running', total: 3 });
    const { sink, events, ended } = arraySink();
    const streaming = streamSearchEvents(
      {
        db: handle.db,
        bus: createMemorySearchBus(),
        heartbeatMs: 60_000,
        finished: createFinishedSearchCache(),
        followLive: () => () => {},
        safetyPollMs: 50,
      },
      id,
      0,
      sink,
    );
    // Ended by a writer whose `done` never reached this stream's bus.
    await handle.db
      .update(searches)
      .set({ status: 'error', error: 'gone', finishedAt: new Date() })
      .where(eq(searches.id, id));
    await streaming;
    expect(ended()).toBe(true);
    expect(events.at(-1)).toEqual({
      name: 'done',
      data: { status: 'error', total_found: 0, progress: { done: 0, total: 3 }, error: 'gone' },
    });
  });
});
