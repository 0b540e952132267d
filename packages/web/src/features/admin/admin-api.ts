/** The admin calls of spec 001 §7 (plus audit and waitlist), with the session's bearer token. */
import type { AdminUsersSummary, AuditEntry, CreditChangeResponse, Plan } from '@hound/contracts';
import { apiFetch } from '../../lib/api-fetch.ts';

export interface UsersQuery {
  q: string;
  plan: Plan | '';
  skip: number;
  limit: number;
}

export function fetchUsersSummary(token: string | null, query: UsersQuery) {
  const params = new URLSearchParams({ limit: String(query.limit), skip: String(query.skip) });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.plan) params.set('plan', query.plan);
  return apiFetch<AdminUsersSummary>(`/admin/users/summary?${params}`, { token });
}

export function updatePlan(token: string | null, email: string, plan: Plan) {
  return apiFetch('/admin/users/update-plan', { method: 'POST', token, body: { email, plan } });
}

export function updateAdmin(token: string | null, email: string, isAdmin: boolean) {
  return apiFetch('/admin/users/update-admin', { method: 'POST', token, body: { email, is_admin: isAdmin } });
}

export function changeCredits(
  token: string | null,
  direction: 'grant' | 'deduct',
  body: { email: string; credits: number; reason?: string },
  requestKey: string,
) {
  return apiFetch<CreditChangeResponse>(`/admin/${direction}-credits`, {
    method: 'POST',
    token,
    body,
    headers: { 'idempotency-key': requestKey },
  });
}

export function fetchAudit(token: string | null, skip: number) {
  return apiFetch<{ items: AuditEntry[]; total: number }>(`/admin/audit?limit=50&skip=${skip}`, { token });
}

export function fetchWaitlist(token: string | null) {
  return apiFetch<{ items: { email: string; created_at: string }[]; total: number }>('/admin/waitlist?limit=1000', {
    token,
  });
}

/** The CSV needs the bearer header, so it is fetched and handed to the browser as a file. */
export async function downloadWaitlistCsv(token: string | null): Promise<boolean> {
  const res = await fetch('/admin/waitlist.csv', { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) return false;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'waitlist.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
