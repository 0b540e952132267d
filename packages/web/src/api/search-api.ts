/**
 * HTTP client of the username-search contract (@hound/contracts): start, status, cancel, and the SSE
 * stream of results. Every answer is parsed with the shared zod schemas; anything else is an error.
 */
import {
  type Progress,
  ProgressSchema,
  type SearchScope,
  type SearchStatusResponse,
  SearchStatusResponseSchema,
  type SseDoneEvent,
  SseDoneEventSchema,
  type SseResultEvent,
  SseResultEventSchema,
  type StartSearchRequest,
  StartSearchResponseSchema,
} from '@hound/contracts';
import type { SearchError } from '../features/search/search-error.ts';
import { browserStore, readKey, STORAGE_KEYS } from '../lib/storage.ts';

/** The form's options sent with a search: which sites, and (signed in only) whether to follow leads (issue 29). */
export type SearchOptions = SearchScope & Pick<StartSearchRequest, 'recursive' | 'depth'>;

export type StartOutcome = { ok: true; searchId: string } | { ok: false; error: SearchError };
/** `missing`: the server has no such search (never existed, or retention deleted it). */
export type StatusOutcome = { ok: true; body: SearchStatusResponse } | { ok: false; missing?: boolean };

export interface StreamHandlers {
  onResult(event: SseResultEvent): void;
  onProgress(progress: Progress): void;
  onDone(event: SseDoneEvent): void;
  /** The stream cannot be used (not offered, closed by the server, or failing); fall back to polling. */
  onUnavailable(): void;
}

export interface SearchApi {
  /**
   * `scope` narrows the sites searched (categories, named sites, NSFW); none: the default selection. It may
   * also ask to follow leads (`recursive`, `depth`), which the server allows signed-in visitors only.
   */
  start(username: string, deviceId: string, scope?: SearchOptions): Promise<StartOutcome>;
  status(searchId: string): Promise<StatusOutcome>;
  cancel(searchId: string): Promise<void>;
  /** Absent when the browser has no EventSource. Returns a function that closes the stream. */
  stream?: (searchId: string, handlers: StreamHandlers) => () => void;
}

/** Maps the answer to POST /api/search onto the spec's outcomes (§8). */
export function interpretStart(httpStatus: number, body: unknown): StartOutcome {
  // A scope that selects no site (or names an unknown one): the server's sentence says which.
  const failure = body as { code?: unknown; error?: unknown } | null;
  if (httpStatus === 422 && failure?.code === 'SEARCH_SCOPE_INVALID' && typeof failure.error === 'string')
    return { ok: false, error: { kind: 'server_error', serverText: failure.error } };
  if (httpStatus < 200 || httpStatus >= 300) return { ok: false, error: { kind: 'http', status: httpStatus } };
  const parsed = StartSearchResponseSchema.safeParse(body);
  if (!parsed.success) return { ok: false, error: { kind: 'unexpected_status' } };
  const answer = parsed.data;
  switch (answer.status) {
    case 'started':
      return { ok: true, searchId: answer.search_id };
    case 'busy':
      return { ok: false, error: { kind: 'busy', serverText: answer.error } };
    case 'device_limit':
      return { ok: false, error: { kind: 'device_limit', serverText: answer.error } };
    case 'error':
      return { ok: false, error: { kind: 'server_error', serverText: answer.error } };
  }
}

/**
 * `?device_id=…` of this browser: an anonymous search is cancelled only by the device that started it, and
 * the server caps event streams per device.
 */
function deviceQuery(): string {
  const id = readKey(browserStore(), STORAGE_KEYS.deviceId);
  return id ? `?device_id=${encodeURIComponent(id)}` : '';
}

/** The stream is given up after this many errors in a row without a message in between. */
const MAX_STREAM_ERRORS = 3;

export interface HttpSearchApiOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  EventSource?: typeof EventSource;
}

export function createHttpSearchApi(options: HttpSearchApiOptions = {}): SearchApi {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const EventSourceImpl = options.EventSource ?? globalThis.EventSource;
  const url = (path: string) => `${baseUrl}${path}`;

  const api: SearchApi = {
    async start(username, deviceId, scope) {
      try {
        const res = await doFetch(url('/api/search'), {
          method: 'POST',
          // A signed-in visitor's session cookie goes along: the search is linked to the account (My Searches).
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ username, device_id: deviceId, ...scope }),
        });
        const body = res.ok || res.status === 422 ? await res.json().catch(() => null) : null;
        return interpretStart(res.status, body);
      } catch {
        return { ok: false, error: { kind: 'unknown' } };
      }
    },
    async status(searchId) {
      try {
        const res = await doFetch(url(`/api/search/status/${encodeURIComponent(searchId)}`), {
          headers: { accept: 'application/json' },
        });
        if (!res.ok) return res.status === 404 ? { ok: false, missing: true } : { ok: false };
        const parsed = SearchStatusResponseSchema.safeParse(await res.json());
        return parsed.success ? { ok: true, body: parsed.data } : { ok: false };
      } catch {
        return { ok: false };
      }
    },
    async cancel(searchId) {
      try {
        // Only the search's owner may cancel: the signed-in user, or the device that started it.
        await doFetch(url(`/api/search/${encodeURIComponent(searchId)}${deviceQuery()}`), {
          method: 'DELETE',
        });
      } catch {
        // The search stops on the server by itself; the page has already moved on.
      }
    },
  };
  if (EventSourceImpl) {
    api.stream = (searchId, handlers) =>
      openStream(EventSourceImpl, url(`/api/search/${encodeURIComponent(searchId)}/events${deviceQuery()}`), handlers);
  }
  return api;
}

function openStream(EventSourceImpl: typeof EventSource, href: string, handlers: StreamHandlers): () => void {
  // EventSource reconnects by itself and sends Last-Event-ID, so a dropped connection resumes where it stopped.
  const source = new EventSourceImpl(href);
  let errors = 0;
  let closed = false;
  const close = () => {
    closed = true;
    source.close();
  };
  const parse = <T>(
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
    raw: string,
  ) => {
    errors = 0;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  source.addEventListener('result', (e) => {
    const data = parse(SseResultEventSchema, (e as MessageEvent<string>).data);
    if (data) handlers.onResult(data);
  });
  source.addEventListener('progress', (e) => {
    const data = parse(ProgressSchema, (e as MessageEvent<string>).data);
    if (data) handlers.onProgress(data);
  });
  source.addEventListener('done', (e) => {
    const data = parse(SseDoneEventSchema, (e as MessageEvent<string>).data);
    if (!data) return;
    close();
    handlers.onDone(data);
  });
  source.addEventListener('error', () => {
    if (closed) return;
    errors += 1;
    if (source.readyState === EventSourceImpl.CLOSED || errors >= MAX_STREAM_ERRORS) {
      close();
      handlers.onUnavailable();
    }
  });
  return close;
}
