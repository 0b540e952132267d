import type { FastifyReply } from 'fastify';
import type { EventSink } from '../features/searches/stream-search-events.ts';

/**
 * An SSE response behind the `EventSink` interface. The response is hijacked on the first write only, so
 * an error thrown before anything is sent (e.g. an unknown search) still gets a normal JSON answer.
 */
export function sseSink(reply: FastifyReply): { sink: EventSink; endNow(): void; finish(): void } {
  let opened = false;
  let closeClient: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    closeClient = resolve;
  });
  const raw = reply.raw;
  raw.on('close', () => closeClient());
  const open = () => {
    if (opened) return;
    opened = true;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 2000\n\n');
  };
  const sink: EventSink = {
    event(name, data, id) {
      open();
      if (raw.destroyed) return;
      raw.write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      open();
      if (raw.destroyed) return;
      raw.write(`: ${text}\n\n`);
    },
    end() {
      open();
      raw.end();
    },
    closed,
  };
  return {
    sink,
    endNow: () => raw.end(),
    finish() {
      if (opened && !raw.writableEnded) raw.end();
    },
  };
}
