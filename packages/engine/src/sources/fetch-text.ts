import { type Dispatcher, interceptors, request } from 'undici';
import { createTransportDispatcher } from '../transport/transport.ts';

/** Downloads a text resource. Injected so the runtime can use its shared transport (proxy, CA, limits). */
export type FetchText = (url: string, init: { signal?: AbortSignal }) => Promise<string>;

export interface FetchTextOptions {
  /** @default a dispatcher of its own that connects only to public addresses (see `allowPrivateAddresses`) */
  dispatcher?: Dispatcher;
  /** Without `dispatcher`: also download from loopback, private and other non-public addresses. @default false */
  allowPrivateAddresses?: boolean;
  /** Larger bodies are refused. @default 32 MiB */
  maxBytes?: number;
  /** Whole-download time limit. @default 60 000 ms */
  timeoutMs?: number;
  /** @default `hound (catalogue update)` */
  userAgent?: string;
}

/** A `FetchText` on undici `request`: up to 5 redirects, 2xx only, size- and time-capped, UTF-8, public addresses only by default. */
export function createFetchText(options: FetchTextOptions = {}): FetchText {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 60_000;
  // Every hop of a redirect goes through the same dispatcher, so through its address checks.
  const dispatcher = (
    options.dispatcher ?? createTransportDispatcher({ allowPrivateAddresses: options.allowPrivateAddresses ?? false })
  ).compose(interceptors.redirect({ maxRedirections: 5 }));
  return async (url, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const response = await request(url, {
      dispatcher,
      signal,
      headers: { 'user-agent': options.userAgent ?? 'hound (catalogue update)', accept: '*/*' },
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump();
      throw new Error(`HTTP ${response.statusCode} from ${url}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.length;
      if (size > maxBytes) {
        response.body.destroy();
        throw new Error(`${url} is larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  };
}
