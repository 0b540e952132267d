/** A minimal Server-Sent Events reader over a real socket, for tests. */
import { request } from 'undici';

export interface SseMessage {
  event: string;
  id?: string;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field with expect
  data: any;
}

export interface SseStream {
  status: number;
  /** Resolves with the next message, or undefined when the stream ended. */
  next(): Promise<SseMessage | undefined>;
  comments: number;
  /** Drops the connection (like a client going away). */
  close(): void;
}

export async function openEvents(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await request(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const decoder = new TextDecoder();
  const iterator = res.body[Symbol.asyncIterator]();
  let buffer = '';
  const stream: SseStream = {
    status: res.statusCode,
    comments: 0,
    async next() {
      for (;;) {
        const boundary = buffer.indexOf('\n\n');
        if (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const message: SseMessage = { event: 'message', data: undefined };
          let data = '';
          let isComment = true;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            isComment = false;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'event') message.event = value;
            else if (field === 'id') message.id = value;
            else if (field === 'data') data += value;
          }
          if (isComment) {
            stream.comments++;
            continue;
          }
          if (!data && message.event === 'message') continue; // `retry:` only
          message.data = data ? JSON.parse(data) : undefined;
          return message;
        }
        const chunk = await iterator.next().catch(() => ({ done: true, value: undefined }));
        if (chunk.done) return undefined;
        buffer += decoder.decode(chunk.value as Buffer, { stream: true });
      }
    },
    close() {
      controller.abort();
    },
  };
  return stream;
}

/** Reads messages until `stop` says so or the stream ends. */
export async function readUntil(
  stream: SseStream,
  stop: (m: SseMessage, all: SseMessage[]) => boolean,
): Promise<SseMessage[]> {
  const all: SseMessage[] = [];
  for (;;) {
    const m = await stream.next();
    if (!m) return all;
    all.push(m);
    if (stop(m, all)) return all;
  }
}
