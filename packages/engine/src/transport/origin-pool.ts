import type { EventEmitter } from 'node:events';
import { Client, Dispatcher } from 'undici';

export type OriginPoolOptions = Client.Options & { connections?: number | null };

/**
 * The connections to one origin: up to `connections` undici Clients, a request going to an idle one,
 * else to a new one, else to the least loaded. It replaces undici's Pool as the Agent's per-origin
 * dispatcher (decision 038): a search touches thousands of origins about once each, and a Pool costs
 * ≈ 25 KB (its 2,048-slot queue) that outlives the request by the keep-alive time, so it ends up as
 * old-generation garbage. No queue is needed here: the transport's HostLimiter already holds requests
 * beyond the per-host limit before they reach the dispatcher.
 */
export class OriginPool extends Dispatcher {
  readonly #clients: Client[] = [];
  readonly #max: number;
  readonly #clientOptions: Client.Options;
  #closed = false;
  #destroyed = false;

  constructor(
    private readonly origin: string | URL,
    { connections, ...clientOptions }: OriginPoolOptions,
  ) {
    super();
    this.#max = connections && connections > 0 ? connections : Number.POSITIVE_INFINITY;
    this.#clientOptions = clientOptions;
  }

  /** Read by undici's Agent before it closes an origin whose connections have all gone. */
  get destroyed(): boolean {
    return this.#destroyed;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    // undici's Agent turns a throw here into the request's error.
    if (this.#destroyed || this.#closed) throw new Error(`the connections to ${this.origin} are closed`);
    return this.#pick().dispatch(options, handler);
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    this.#closed = true;
    const done = Promise.all(this.#clients.map((client) => client.close())).then(() => undefined);
    if (!callback) return done;
    done.then(callback, callback);
  }

  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(errorOrCallback?: Error | null | (() => void), callback?: () => void): Promise<void> | void {
    const error = typeof errorOrCallback === 'function' ? null : (errorOrCallback ?? null);
    const after = typeof errorOrCallback === 'function' ? errorOrCallback : callback;
    this.#destroyed = true;
    const done = Promise.all(this.#clients.map((client) => client.destroy(error))).then(() => undefined);
    if (!after) return done;
    done.then(after, after);
  }

  #pick(): Client {
    let least: Client | undefined;
    let leastSize = Number.POSITIVE_INFINITY;
    for (const client of this.#clients) {
      const { size } = client.stats;
      if (size === 0) return client;
      if (size < leastSize) {
        least = client;
        leastSize = size;
      }
    }
    if (this.#clients.length < this.#max || !least) return this.#add();
    return least;
  }

  /** A new Client whose connection events reach the Agent as if from a Pool (it counts connections). */
  #add(): Client {
    const client = new Client(this.origin, this.#clientOptions);
    // undici's listeners take (origin, targets, error) and spread `targets`; its types list fewer.
    const events: EventEmitter = client;
    for (const event of ['connect', 'disconnect', 'connectionError', 'drain']) {
      events.on(event, (origin: URL, targets: Dispatcher[] = [client], error?: Error) => {
        (this as EventEmitter).emit(event, origin, [this, ...targets], error);
      });
    }
    this.#clients.push(client);
    return client;
  }
}
