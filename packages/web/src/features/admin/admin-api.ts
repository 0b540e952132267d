/** The admin calls of spec 001 §7 (plus audit and waitlist), with the session's bearer token. */
import type { AdminUsersSummary, AuditEntry, CreditChangeResponse, Plan } from '@hound/contracts';
import { apiFetch } from '../../lib/api-fetch.ts';

export interface UsersQuery {
  q: string;
  plan: Plan | '';
  skip: number;
  limit: number;
}

export function fetchUsersSummary(query: UsersQuery) {
  const params = new URLSearchParams({ limit: String(query.limit), skip: String(query.skip) });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.plan) params.set('plan', query.plan);
  return apiFetch<AdminUsersSummary>(`/admin/users/summary?${params}`);
}

export function updatePlan(email: string, plan: Plan) {
  return apiFetch('/admin/users/update-plan', { method: 'POST', body: { email, plan } });
}

export function updateAdmin(email: string, isAdmin: boolean) {
  return apiFetch('/admin/users/update-admin', { method: 'POST', body: { email, is_admin: isAdmin } });
}

export function changeCredits(
  direction: 'grant' | 'deduct',
  body: { email: string; credits: number; reason?: string },
  requestKey: string,
) {
  return apiFetch<CreditChangeResponse>(`/admin/${direction}-credits`, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': requestKey },
  });
}

export function fetchAudit(skip: number) {
  return apiFetch<{ items: AuditEntry[]; total: number }>(`/admin/audit?limit=50&skip=${skip}`);
}

export function fetchWaitlist() {
  return apiFetch<{
    items: { email: string; created_at: string; notified_at: string | null }[];
    total: number;
    waiting: number;
  }>('/admin/waitlist?limit=1000');
}

/** "The API is open" to every address not told yet (each once). */
export function notifyWaitlist() {
  return apiFetch<{ mailed: number }>('/admin/waitlist/notify', { method: 'POST' });
}

/** The CSV is fetched (with the session cookie) and handed to the browser as a file. */
export async function downloadWaitlistCsv(): Promise<boolean> {
  const res = await fetch('/admin/waitlist.csv');
  if (!res.ok) return false;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'waitlist.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
