/** The watch calls (issue 39), with the session cookie. They never throw (lib/api-fetch.ts). */
import type {
  CreateWatchRequest,
  UpdateWatchRequest,
  Watch,
  WatchEvent,
  WatchEventStatus,
  WatchList,
  WatchSettings,
} from '@hound/contracts';
import { apiFetch } from '../../lib/api-fetch.ts';

const one = (id: string) => `/api/watches/${encodeURIComponent(id)}`;

export const WATCHES_KEY = 'watches';

/** How often a page re-reads a watch that is running, or active and waiting for its first run (the baseline
 * starts at the scheduler's next pass, within seconds), so its first results appear without a reload. */
export const FOLLOW_MS = 3000;

export function awaitsRun(watch: Pick<Watch, 'running' | 'status' | 'last_run'>): boolean {
  return watch.running || (watch.status === 'active' && watch.last_run === null);
}

export const fetchWatches = () => apiFetch<WatchList>('/api/watches');
export const fetchWatch = (id: string) => apiFetch<Watch>(one(id));
export const postWatch = (body: CreateWatchRequest) => apiFetch<Watch>('/api/watches', { method: 'POST', body });
export const patchWatch = (id: string, body: UpdateWatchRequest) => apiFetch<Watch>(one(id), { method: 'PATCH', body });
export const deleteWatch = (id: string) => apiFetch<null>(one(id), { method: 'DELETE' });
export const runWatch = (id: string) => apiFetch<Watch>(`${one(id)}/run`, { method: 'POST' });
export const fetchWatchEvents = (id: string, limit: number) =>
  apiFetch<{ items: WatchEvent[]; total: number }>(`${one(id)}/events?limit=${limit}`);
export const triageEvent = (id: string, eventId: string, status: WatchEventStatus) =>
  apiFetch<WatchEvent>(`${one(id)}/events/${encodeURIComponent(eventId)}`, { method: 'POST', body: { status } });
export const fetchWatchSettings = () => apiFetch<WatchSettings>('/api/watch-settings');
export const putWatchSettings = (body: WatchSettings) =>
  apiFetch<WatchSettings>('/api/watch-settings', { method: 'PUT', body });
export const postMailAction = (id: string, action: 'unsubscribe' | 'pause', token: string) =>
  apiFetch<{ action: string; label: string }>(`${one(id)}/mail-action`, { method: 'POST', body: { action, token } });
