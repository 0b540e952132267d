import type { FastifyReply } from 'fastify';
import type { EventSink } from '../features/searches/stream-search-events.ts';

/**
 * An SSE response behind the `EventSink` interface. The response is hijacked on the first write only, so
 * an error thrown before anything is sent (e.g. an unknown search) still gets a normal JSON answer.
 * Events sent in one go (a stored batch, a replay) leave as one write, at the end of the current task.
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
  let pending = '';
  const flush = () => {
    const text = pending;
    pending = '';
    if (text && !raw.destroyed && !raw.writableEnded) raw.write(text);
  };
  const send = (text: string) => {
    open();
    if (raw.destroyed) return;
    if (!pending) queueMicrotask(flush);
    pending += text;
  };
  const event = (name: string, json: string, id: number | undefined) =>
    send(`${id !== undefined ? `id: ${id}\n` : ''}event: ${name}\ndata: ${json}\n\n`);
  const sink: EventSink = {
    event: (name, data, id) => event(name, JSON.stringify(data), id),
    eventJson: event,
    comment: (text) => send(`: ${text}\n\n`),
    write(bytes) {
      open();
      flush();
      if (!raw.destroyed) raw.write(bytes);
    },
    end() {
      open();
      flush();
      raw.end();
    },
    closed,
  };
  return {
    sink,
    endNow() {
      flush();
      raw.end();
    },
    finish() {
      if (opened && !raw.writableEnded) {
        flush();
        raw.end();
      }
    },
  };
}
