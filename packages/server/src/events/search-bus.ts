/**
 * How a search's progress reaches every API node: the worker publishes, SSE streams subscribe.
 * Messages are published only after the results they carry are stored, so a stream that reads the
 * stored results first and then follows the bus misses nothing (see stream-search-events.ts).
 */
import type { Progress, SearchStatus } from '@hound/contracts';

export interface StoredResult {
  seq: number;
  platform: string;
  /** The `PlatformResult` as JSON text, exactly as stored: streams send it without decoding it. */
  json: string;
}

export type SearchMessage =
  | { type: 'results'; items: StoredResult[]; progress: Progress }
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; status: SearchStatus; totalFound: number; progress: Progress; error?: string };

export type Unsubscribe = () => Promise<void>;

export interface SearchBus {
  publish(searchId: string, message: SearchMessage): Promise<void>;
  subscribe(searchId: string, listener: (message: SearchMessage) => void): Promise<Unsubscribe>;
  /** Asks whichever worker runs the search to stop it. */
  publishCancel(searchId: string): Promise<void>;
  onCancel(listener: (searchId: string) => void): Promise<Unsubscribe>;
  /** An API key was revoked or rolled: every node drops its cached copy (decision 143). */
  publishKeyChange(keyId: string): Promise<void>;
  onKeyChange(listener: (keyId: string) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
}
